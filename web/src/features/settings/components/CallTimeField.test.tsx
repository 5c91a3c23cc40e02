import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@fajr/api/contracts/users.contract';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, prayerCalc, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { SettingsPage } from './SettingsPage';

/** Call time preferences counted back from sunrise (issue 47 point 2) in settings. */

const HELP = /Never before Fajr starts: on mornings when Fajr begins later, we call you as soon as it starts/;
const withSunrise = {
  ...prayerCalc,
  fajrCallTimePrefs: [
    ...prayerCalc.fajrCallTimePrefs.map((p) => ({ ...p, relativeTo: 'fajr' as const })),
    { title: '30 minutes before sunrise', label: '30 minutes before sunrise', relativeTo: 'sunrise' as const },
  ],
};
const plus = (u: Partial<User> = {}) => aUser({ isPlus: true, subscriptionPlanName: 'PLUS', isFree: false, ...u });

async function open(user: User) {
  mockApi({ ...sessionRoutes(user), 'GET /api/data/prayer-calc': { body: { result: withSunrise } } });
  renderScreen(<SettingsPage />, { route: '/settings', user });
  await screen.findByRole('combobox', { name: 'City' });
}

describe('Settings: call time before sunrise', () => {
  it('when a Plus user chooses "30 minutes before sunrise", then the help says it never comes before Fajr', async () => {
    await open(plus());
    expect(screen.queryByText(HELP)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Fajr Call Time Preference' }));
    await userEvent.click(
      within(screen.getByRole('listbox')).getByRole('option', { name: '30 minutes before sunrise' }),
    );
    expect(screen.getByText(HELP)).toBeInTheDocument();
    expect(screen.getByText(/Counted back from sunrise, when Fajr's time ends/)).toBeInTheDocument();
  });

  it('when the stored choice counts from sunrise, then the help shows at once', async () => {
    await open(plus({ fajrCallTimePrefTitle: '30 minutes before sunrise' }));
    expect(await screen.findByText(HELP)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Fajr Call Time Preference' })).toHaveTextContent(
      '30 minutes before sunrise',
    );
  });
});
