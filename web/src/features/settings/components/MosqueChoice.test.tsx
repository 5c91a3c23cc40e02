import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, prayerCalc, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { rememberMosqueChoice } from '../../../lib/mosque-choice';
import { SettingsPage } from './SettingsPage';

// Issue 46 point 6: "get called for this mosque" preselects it; "request your mosque" can invite it.

const MOSQUE = prayerCalc.mosques[0]!;
const api = (extra: Record<string, unknown> = {}) =>
  mockApi({
    ...sessionRoutes(aUser()),
    'GET /api/data/prayer-calc': { body: { result: prayerCalc } },
    'POST /api/salah-schedules/fajr-prefs': { body: { message: 'Saved' } },
    ...(extra as object),
  });

describe('the mosque picked on its public page', () => {
  it('when the settings open with ?mosque=, then the mosque tab shows it chosen, and Save Changes sends it', async () => {
    const calls = api();
    renderScreen(<SettingsPage />, { route: `/settings?mosque=${MOSQUE.id}`, user: aUser() });
    expect(await screen.findByRole('tab', { name: 'Pray at Mosque', selected: true })).toBeInTheDocument();
    expect(await screen.findByTestId('mosque-address')).toHaveTextContent('82-92 Whitechapel Rd');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Updated preferences');
    expect(calls.callsTo('POST /api/salah-schedules/fajr-prefs')[0]?.body).toMatchObject({ mosqueId: MOSQUE.id });
  });

  it('when it was remembered through sign-up, then the settings take it once', async () => {
    api();
    rememberMosqueChoice(MOSQUE.id);
    renderScreen(<SettingsPage />, { route: '/settings', user: aUser() });
    expect(await screen.findByTestId('mosque-address')).toHaveTextContent('82-92 Whitechapel Rd');
    expect(sessionStorage.getItem('fajr.mosque-choice')).toBeNull();
  });
});

describe('request your mosque', () => {
  it('when a contact is given, then the mosque is invited in the language chosen', async () => {
    const calls = api({
      'POST /api/data/mosques/request': { body: { message: 'Request Sent' } },
      'POST /api/data/mosques/invitations': { body: { message: 'Invitation sent to your mosque' } },
    });
    renderScreen(<SettingsPage />, { route: '/settings', user: aUser() });
    await userEvent.click(await screen.findByRole('tab', { name: 'Pray at Mosque' }));
    await userEvent.click(await screen.findByRole('button', { name: "Can't find your Mosque?" }));
    const dialog = await screen.findByRole('dialog', { name: 'Request your Mosque!' });
    await userEvent.type(within(dialog).getByLabelText('Your Mosque Name'), 'Masjid Noor');
    await userEvent.type(within(dialog).getByLabelText("The mosque's phone number or e-mail"), 'imam@example.com');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Language of the invitation' }));
    await userEvent.click(await screen.findByRole('option', { name: 'اردو' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Request Sent, and your mosque invited')).toBeInTheDocument();
    expect(calls.callsTo('POST /api/data/mosques/invitations')[0]?.body).toEqual({
      mosqueName: 'Masjid Noor',
      contact: 'imam@example.com',
      language: 'ur',
    });
  });
});
