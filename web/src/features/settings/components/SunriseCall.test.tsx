import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, prayerCalc, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import type { User } from '@fajr/api/contracts/users.contract';
import { SettingsPage } from './SettingsPage';

const premium = (u: Partial<User> = {}) =>
  aUser({ isPlus: true, isPremium: true, subscriptionPlanName: 'PREMIUM', isFree: false, ...u });
const SWITCH = 'Call me once more before sunrise if I am still not awake';

async function open(user: User) {
  const api = mockApi({
    ...sessionRoutes(user),
    'GET /api/data/prayer-calc': { body: { result: prayerCalc } },
    'POST /api/salah-schedules/fajr-prefs/toggles': { body: { message: 'Saved' } },
  });
  renderScreen(<SettingsPage />, { route: '/settings', user });
  await screen.findByRole('combobox', { name: 'City' });
  return api;
}

describe('the last call before sunrise in settings (issue 47 point 1)', () => {
  it('when a Premium user switches it on, then it is saved at once with the minutes, which can then be changed', async () => {
    const api = await open(premium());
    const sw = screen.getByRole('switch', { name: SWITCH });
    expect(sw).not.toBeChecked();
    expect(screen.getByText(/Never in the last 5 minutes before sunrise/)).toBeInTheDocument();
    await userEvent.click(sw);
    expect(await screen.findByText('Last call before sunrise enabled')).toBeInTheDocument();
    expect(api.callsTo('POST /api/salah-schedules/fajr-prefs/toggles')[0]?.body).toEqual({
      sunriseCall: true,
      sunriseCallMinutes: 20,
    });
    await userEvent.click(screen.getByRole('combobox', { name: 'When to call' }));
    await userEvent.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: '35 minutes before sunrise' }),
    );
    expect(await screen.findByText('Last call before sunrise: time saved')).toBeInTheDocument();
    expect(api.callsTo('POST /api/salah-schedules/fajr-prefs/toggles')[1]?.body).toEqual({
      sunriseCall: true,
      sunriseCallMinutes: 35,
    });
  });

  it('when the user is below Premium, then the switch is off and disabled', async () => {
    await open(aUser());
    expect(screen.getByRole('switch', { name: SWITCH })).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: 'When to call' })).not.toBeInTheDocument();
  });
});
