import type { ScheduleEntry } from '@fajr/api/contracts/schedules.contract';
import { act, screen } from '@testing-library/react';
import { showLanguage } from '../../../i18n/i18n';
import { renderScreen } from '../../../test/render';
import { Timeline } from './Timeline';

/** The schedule shows sunrise as the end of Fajr's time (issue 47 point 2). */

const LONDON = 'Europe/London';
const entries: ScheduleEntry[] = [
  {
    fajrCallDate: '2026-11-22',
    fajrCallTimeIso: '2026-11-22T07:00:00+00:00',
    fajrTimeIso: '2026-11-22T05:41:00+00:00',
    sunriseTimeIso: '2026-11-22T07:30:00+00:00',
  },
];

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

describe('the schedule: Fajr ends at sunrise', () => {
  it('says when Fajr’s time ends, beside the call and Fajr', () => {
    renderScreen(<Timeline entries={entries} tz={LONDON} mosque={false} hijriOffset={0} />);
    const row = screen.getByTestId('timeline-row');
    expect(row).toHaveTextContent("We'll call you at 7:00 AM. Fajr starts at 5:41 AM.");
    expect(row).toHaveTextContent('Fajr ends at sunrise, 7:30 AM');
  });

  it('in Arabic, with the time isolated for right-to-left text', async () => {
    await act(() => showLanguage('ar'));
    renderScreen(<Timeline entries={entries} tz={LONDON} mosque={false} hijriOffset={0} />);
    expect(screen.getByTestId('timeline-row')).toHaveTextContent('ينتهي وقت الفجر بالشروق \u2068٧:٣٠ ص\u2069');
  });

  it('a day without a sunrise says nothing of it; a mosque member’s timeline keeps SPEC’s jama’ah line only', () => {
    const { unmount } = renderScreen(
      <Timeline entries={[{ ...entries[0]!, sunriseTimeIso: null }]} tz={LONDON} mosque={false} hijriOffset={0} />,
    );
    expect(screen.getByTestId('timeline-row')).not.toHaveTextContent(/sunrise/);
    unmount();
    renderScreen(<Timeline entries={entries} tz={LONDON} mosque hijriOffset={0} />);
    expect(screen.getByTestId('timeline-row')).not.toHaveTextContent(/sunrise/);
  });
});
