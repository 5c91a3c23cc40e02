import type { ScheduleNotice } from '@fajr/api/contracts/schedules.contract';
import { act, screen, within } from '@testing-library/react';
import { showLanguage } from '../../../i18n/i18n';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { MethodFallbackNotice } from './MethodFallbackNotice';
import { SchedulePage } from './SchedulePage';

// Two dates after a JAKIM zone's table ran out (the API's English note) and a polar day, which is not this notice's.
const note = 'JAKIM zone PLS01 (Perlis) has no time for this date: Fajr is calculated with your method instead';
const notices: ScheduleNotice[] = [
  { date: '2027-01-01', status: 'fajr-by-method', message: note },
  { date: '2027-01-02', status: 'fajr-by-method', message: note },
  { date: '2027-01-03', status: 'fajr-by-convention', message: 'The sun does not rise or set here on this date' },
];

afterEach(async () => {
  await act(() => showLanguage('en'));
});

describe('the schedule tells a user whose published table ran out that their method gives the time', () => {
  it('names the days, the table (the API note) and that the call still comes', () => {
    renderScreen(<MethodFallbackNotice notices={notices} />);
    const box = screen.getByTestId('fajr-by-method');
    expect(within(box).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Fajr by your calculation method on these 2 days',
    );
    expect(within(box).getAllByRole('listitem')).toHaveLength(2);
    expect(within(box).getAllByRole('listitem')[0]).toHaveTextContent(note);
    expect(box).toHaveTextContent('we call you at the time your calculation method gives');
  });

  it('shows nothing when no day fell back to the method', () => {
    renderScreen(<MethodFallbackNotice notices={notices.slice(2)} />);
    expect(screen.queryByTestId('fajr-by-method')).not.toBeInTheDocument();
  });

  it('speaks the shown language, one day in Malay', async () => {
    await act(() => showLanguage('ms'));
    renderScreen(<MethodFallbackNotice notices={notices.slice(0, 1)} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Subuh mengikut kaedah pengiraan anda pada hari ini',
    );
  });

  it('is on the schedule page when the API sends such days', async () => {
    const user = aUser({ prayerTimetableId: '00000000-0000-4000-8000-000000000001', tzName: 'Asia/Kuala_Lumpur' });
    mockApi({
      ...sessionRoutes(user),
      'GET /api/salah-schedules/fajr-schedules': {
        body: {
          result: [
            {
              fajrCallDate: '2027-01-01',
              fajrCallTimeIso: '2027-01-01T06:05:00+08:00',
              fajrTimeIso: '2027-01-01T06:05:00+08:00',
              sunriseTimeIso: '2027-01-01T07:25:00+08:00',
            },
          ],
          status: 'ready',
          notices: notices.slice(0, 1),
          tzName: 'Asia/Kuala_Lumpur',
        },
      },
    });
    renderScreen(<SchedulePage />, { route: '/app/schedule', user });
    const box = await screen.findByTestId('fajr-by-method');
    expect(box).toHaveTextContent('Fajr by your calculation method on this day');
    expect(box).toHaveTextContent(note);
  });
});
