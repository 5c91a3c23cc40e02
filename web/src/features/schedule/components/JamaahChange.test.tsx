import type { ScheduleEntry } from '@fajr/api/contracts/schedules.contract';
import { act, screen } from '@testing-library/react';
import { showLanguage } from '../../../i18n/i18n';
import { renderScreen } from '../../../test/render';
import { ScheduleTable } from './ScheduleTable';
import { Timeline } from './Timeline';

// Issue 46 point 4: the schedule day before a mosque's jama'ah moves says so.
const LONDON = 'Europe/London';
const day: ScheduleEntry = {
  fajrCallDate: '2026-12-01',
  fajrCallTimeIso: '2026-12-01T06:00:00+00:00',
  fajrTimeIso: '2026-12-01T06:30:00+00:00',
  sunriseTimeIso: null,
  jamaahChange: { date: '2026-12-02', jamaahTimeIso: '2026-12-02T06:45:00+00:00' },
};
const unchanged: ScheduleEntry = { ...day, fajrCallDate: '2026-12-02', jamaahChange: undefined };

beforeEach(() => {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: LONDON };
  });
});
afterEach(async () => {
  jest.restoreAllMocks();
  await act(() => showLanguage('en'));
});

describe("the schedule day before the mosque's jama'ah moves", () => {
  it('says from tomorrow’s time on that day only, in the timeline and the table', () => {
    const { unmount } = renderScreen(<Timeline entries={[day, unchanged]} tz={LONDON} mosque hijriOffset={0} />);
    const notes = screen.getAllByTestId('jamaah-change');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toHaveTextContent("From tomorrow, the jama'ah is at 6:45 AM");
    unmount();
    renderScreen(<ScheduleTable entries={[day, unchanged]} tz={LONDON} mosque hijriOffset={0} />);
    expect(screen.getAllByTestId('jamaah-change')).toHaveLength(1);
  });

  it('says it in Urdu with the time isolated', async () => {
    await act(() => showLanguage('ur'));
    renderScreen(<Timeline entries={[day]} tz={LONDON} mosque hijriOffset={0} />);
    expect(screen.getByTestId('jamaah-change')).toHaveTextContent(/^کل سے جماعت \u2068.+\u2069 پر ہوگی$/);
  });
});
