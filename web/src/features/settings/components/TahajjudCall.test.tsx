import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, prayerCalc, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import type { User } from '@fajr/api/contracts/users.contract';
import { SettingsPage } from './SettingsPage';

jest.setTimeout(60_000);

const premium = (u: Partial<User> = {}) =>
  aUser({ isPlus: true, isPremium: true, subscriptionPlanName: 'PREMIUM', isFree: false, ...u });
const SWITCH = 'Call me for tahajjud in the last third of the night';
const TOGGLES = 'POST /api/salah-schedules/fajr-prefs/toggles';

async function open(user: User) {
  const api = mockApi({
    ...sessionRoutes(user),
    'GET /api/data/prayer-calc': { body: { result: prayerCalc } },
    [TOGGLES]: { body: { message: 'Saved' } },
  });
  renderScreen(<SettingsPage />, { route: '/settings', user });
  // The first render of the settings page loads its lazy parts: slow on a busy machine.
  await screen.findByRole('combobox', { name: 'City' }, { timeout: 10_000 });
  return api;
}

const pick = async (field: string, option: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: field }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
};

describe('tahajjud calls in settings (issue 47 point 4)', () => {
  it('when a Premium user switches them on, then they are saved at once; the point, minutes and nights save too', async () => {
    const api = await open(premium());
    const sw = screen.getByRole('switch', { name: SWITCH });
    expect(sw).not.toBeChecked();
    expect(screen.getByText(/Never within 30 minutes of your Fajr call/)).toBeInTheDocument();
    await userEvent.click(sw);
    expect(await screen.findByText('Tahajjud calls enabled')).toBeInTheDocument();
    expect(api.callsTo(TOGGLES)[0]?.body).toEqual({
      tahajjudCall: true,
      tahajjudPoint: 'start',
      tahajjudMinutes: 60,
      tahajjudNights: 'every',
    });
    // The minutes are asked only for "some minutes before Fajr".
    expect(screen.queryByRole('combobox', { name: 'How long before Fajr' })).not.toBeInTheDocument();
    await pick('When in the last third', 'Some minutes before Fajr');
    await pick('How long before Fajr', '90 minutes before Fajr');
    await pick('Which nights', 'The last ten nights of Ramadan');
    expect(await screen.findAllByText('Tahajjud calls: saved')).not.toHaveLength(0);
    expect(api.callsTo(TOGGLES).at(-1)?.body).toEqual({
      tahajjudCall: true,
      tahajjudPoint: 'before_fajr',
      tahajjudMinutes: 90,
      tahajjudNights: 'ramadan_last10',
    });
  });

  it('when the user is below Premium, then the switch is off and disabled', async () => {
    await open(aUser());
    expect(screen.getByRole('switch', { name: SWITCH })).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: 'Which nights' })).not.toBeInTheDocument();
  });
});
