import type { ScheduleEntry } from '@fajr/api/contracts/schedules.contract';
import { act, screen, within } from '@testing-library/react';
import { showLanguage } from '../../../i18n/i18n';
import { saveDisplayPrefs } from '../../../lib/numbers';
import { renderScreen } from '../../../test/render';
import { ScheduleTable } from './ScheduleTable';
import { Timeline } from './Timeline';

// Sun 22 Nov 2026 in London: call 5:31, Fajr 5:41, sunrise 7:30 (12 Jumada II 1448 by Umm al-Qura).
const entries: ScheduleEntry[] = [
  {
    fajrCallDate: '2026-11-22',
    fajrCallTimeIso: '2026-11-22T05:31:00+00:00',
    fajrTimeIso: '2026-11-22T05:41:00+00:00',
    sunriseTimeIso: '2026-11-22T07:30:00+00:00',
  },
];
const LONDON = 'Europe/London';

beforeEach(() => {
  // The device in London too: no second clock beside the call.
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: LONDON };
  });
});
afterEach(async () => {
  jest.restoreAllMocks();
  saveDisplayPrefs({ hourCycle: 'auto', digits: 'auto' });
  await act(() => showLanguage('en'));
});

describe('the schedule in the shown language, the Hijri date beside the Gregorian', () => {
  it('keeps SPEC’s English sentence and shows the Hijri date moved by the account’s adjustment', () => {
    renderScreen(<Timeline entries={entries} tz={LONDON} mosque={false} hijriOffset={1} />);
    const row = screen.getByTestId('timeline-row');
    expect(within(row).getByText("We'll call you at 5:31 AM. Fajr starts at 5:41 AM.")).toBeInTheDocument();
    // Sunrise as the end of Fajr's time (issue 47 point 2).
    expect(within(row).getByText('Fajr ends at sunrise, 7:30 AM')).toBeInTheDocument();
    expect(within(row).getByRole('heading', { level: 2 })).toHaveTextContent(/22 Nov 2026/);
    expect(within(row).getByTestId('hijri-date')).toHaveTextContent('13 Jumada II 1448');
  });

  it('writes Arabic with Arabic-Indic digits, the jama’ah sentence and the Hijri date', async () => {
    await act(() => showLanguage('ar'));
    renderScreen(<Timeline entries={entries} tz={LONDON} mosque hijriOffset={0} />);
    const row = screen.getByTestId('timeline-row');
    expect(row).toHaveTextContent('سنتصل بك الساعة \u2068٥:٣١ ص\u2069. جماعة الفجر الساعة \u2068٥:٤١ ص\u2069.');
    expect(within(row).getByTestId('hijri-date')).toHaveTextContent('١٢ جمادى الآخرة ١٤٤٨');
    expect(within(row).getByRole('heading', { level: 2 })).toHaveTextContent(/٢٢/);
    expect(screen.getByRole('list', { name: 'الخط الزمني لاتصالات الفجر' })).toBeInTheDocument();
  });

  it('writes Bengali with Bengali digits in the table, the Hijri date under the date', async () => {
    await act(() => showLanguage('bn'));
    renderScreen(<ScheduleTable entries={entries} tz={LONDON} mosque={false} hijriOffset={-1} />);
    expect(screen.getByRole('columnheader', { name: 'ফজরের সময়' })).toBeInTheDocument();
    const cells = screen.getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('১১ জমাদিউস সানি ১৪৪৮ হিজরি');
    expect(cells[1]).toHaveTextContent(/^৫:৩১/);
  });

  it('tells a mosque user the jama’ah in SPEC’s English', () => {
    renderScreen(<Timeline entries={entries} tz={LONDON} mosque hijriOffset={0} />);
    expect(screen.getByText("We'll call you at 5:31 AM. Fajr jama'ah is at 5:41 AM.")).toBeInTheDocument();
  });

  it('follows the 24-hour choice', () => {
    saveDisplayPrefs({ hourCycle: 'h23', digits: 'auto' });
    renderScreen(<Timeline entries={entries} tz={LONDON} mosque={false} hijriOffset={0} />);
    expect(screen.getByText("We'll call you at 05:31. Fajr starts at 05:41.")).toBeInTheDocument();
  });
});
