import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, mockApi, type FakeAnswer } from '../../../test/fetch-mock';
import { aUser, prayerCalc, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import type { User } from '@fajr/api/contracts/users.contract';
import { prefsPayload, valuesFromUser } from '../settings-form';
import { CITY_DEBOUNCE_MS } from './CityAutocomplete';
import { PLUS_GATE, PREMIUM_GATE, SettingsPage } from './SettingsPage';

function settingsApi(user: User, extra: Record<string, unknown> = {}) {
  return mockApi({
    ...sessionRoutes(user),
    'GET /api/data/prayer-calc': { body: { result: prayerCalc } },
    ...(extra as object),
  });
}

async function openSettings(user: User) {
  renderScreen(<SettingsPage />, { route: '/settings', user });
  await screen.findByRole('heading', { name: 'Fajr Call Settings & Prayer Calculations' });
  await screen.findByRole('combobox', { name: 'City' });
}

describe('settings gates', () => {
  it('disables adhaan and call time for users below PLUS and repeat calls below PREMIUM, with the upgrade messages', async () => {
    settingsApi(aUser());
    await openSettings(aUser());
    expect(screen.getByRole('combobox', { name: 'Fajr Adhaan' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('combobox', { name: 'Fajr Call Time Preference' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // The adhaan, the call time and the ring-through through Do Not Disturb (on for Plus, no switch).
    expect(screen.getAllByText(PLUS_GATE)).toHaveLength(3);
    expect(within(screen.getByTestId('ring-through')).getByText(PLUS_GATE)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Repeat unanswered Fajr Calls?' })).toBeDisabled();
    expect(screen.getByText(PREMIUM_GATE)).toBeInTheDocument();
  });

  it('shows no second number section to a user below Premium without one', async () => {
    settingsApi(aUser());
    await openSettings(aUser());
    expect(screen.queryByRole('region', { name: 'Second number' })).not.toBeInTheDocument();
  });

  it('offers a Premium user to add a second number', async () => {
    const premium = aUser({ isPlus: true, isPremium: true, subscriptionPlanName: 'PREMIUM', isFree: false });
    settingsApi(premium);
    await openSettings(premium);
    expect(
      within(screen.getByRole('region', { name: 'Second number' })).getByRole('button', { name: 'Add and send code' }),
    ).toBeEnabled();
  });

  it('lets a user below Premium remove a second number kept from before', async () => {
    const downgraded = aUser({ secondPhoneNumber: '+447400900222', secondPhoneNumberVerified: true });
    settingsApi(downgraded);
    await openSettings(downgraded);
    const section = screen.getByRole('region', { name: 'Second number' });
    expect(within(section).getByText(PREMIUM_GATE)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Remove second number' })).toBeEnabled();
    expect(within(section).queryByRole('button', { name: 'Add and send code' })).not.toBeInTheDocument();
  });

  it('opens adhaan and call time to PLUS, but not repeat calls', async () => {
    const plus = aUser({ isPlus: true, subscriptionPlanName: 'PLUS', isFree: false });
    settingsApi(plus);
    await openSettings(plus);
    expect(screen.getByRole('combobox', { name: 'Fajr Adhaan' })).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText(PLUS_GATE)).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Repeat unanswered Fajr Calls?' })).toBeDisabled();
  });

  it('opens everything to PREMIUM', async () => {
    const premium = aUser({ isPlus: true, isPremium: true, subscriptionPlanName: 'PREMIUM', isFree: false });
    settingsApi(premium);
    await openSettings(premium);
    expect(screen.getByRole('switch', { name: 'Repeat unanswered Fajr Calls?' })).toBeEnabled();
    expect(screen.queryByText(PREMIUM_GATE)).not.toBeInTheDocument();
  });
});

describe('optimistic toggles', () => {
  it('flips at once, sends the toggle and confirms', async () => {
    const answer = deferred<FakeAnswer>();
    const api = settingsApi(aUser({ allowCalls: false }), {
      'POST /api/salah-schedules/fajr-prefs/toggles': () => answer.promise,
    });
    await openSettings(aUser({ allowCalls: false }));
    const calls = screen.getByRole('switch', { name: 'Enable Fajr Calls?' });
    expect(calls).not.toBeChecked();
    await userEvent.click(calls);
    expect(calls).toBeChecked(); // before the server has answered
    expect(api.callsTo('POST /api/salah-schedules/fajr-prefs/toggles')[0]?.body).toEqual({ allowCalls: true });
    await act(async () => answer.resolve({ body: { message: 'Saved' } }));
    expect(await screen.findByText('Fajr calls enabled')).toBeInTheDocument();
    expect(calls).toBeChecked();
  });

  it('takes a second press made after the first was confirmed, while the account is still being read again', async () => {
    // The account's reads are read again after a toggle (here the friends list); the second read hangs.
    const reread = deferred<FakeAnswer>();
    const friends = { body: { result: { friends: [], max: 3 } } };
    let reads = 0;
    const api = settingsApi(aUser({ allowCalls: true }), {
      'POST /api/salah-schedules/fajr-prefs/toggles': { body: { message: 'Saved' } },
      'GET /api/users/friends': () => (reads++ === 0 ? friends : reread.promise),
    });
    await openSettings(aUser({ allowCalls: true }));
    const calls = screen.getByRole('switch', { name: 'Enable Fajr Calls?' });
    await userEvent.click(calls);
    expect(await screen.findByText('Fajr calls disabled')).toBeInTheDocument();
    await userEvent.click(calls);
    expect(await screen.findByText('Fajr calls enabled')).toBeInTheDocument();
    expect(calls).toBeChecked();
    expect(api.callsTo('POST /api/salah-schedules/fajr-prefs/toggles').map((c) => c.body)).toEqual([
      { allowCalls: false },
      { allowCalls: true },
    ]);
    expect(reads).toBeGreaterThan(1); // the second press came while the re-read was still out
    await act(async () => reread.resolve(friends));
  });

  it('reverts the flip when the server refuses, with its message', async () => {
    const answer = deferred<FakeAnswer>();
    settingsApi(aUser({ allowCalls: true }), { 'POST /api/salah-schedules/fajr-prefs/toggles': () => answer.promise });
    await openSettings(aUser({ allowCalls: true }));
    const calls = screen.getByRole('switch', { name: 'Enable Fajr Calls?' });
    await userEvent.click(calls);
    expect(calls).not.toBeChecked();
    await act(async () => answer.resolve({ status: 500, body: { error: 'Could not save your choice' } }));
    expect(await screen.findByText('Could not save your choice')).toBeInTheDocument();
    expect(calls).toBeChecked();
  });

  it('names repeated calls in its toasts', async () => {
    const premium = aUser({
      isPlus: true,
      isPremium: true,
      subscriptionPlanName: 'PREMIUM',
      isFree: false,
      allowRepeatCalls: true,
    });
    const api = settingsApi(premium, {
      'POST /api/salah-schedules/fajr-prefs/toggles': { body: { message: 'Saved' } },
    });
    await openSettings(premium);
    await userEvent.click(screen.getByRole('switch', { name: 'Repeat unanswered Fajr Calls?' }));
    expect(await screen.findByText('Fajr repeated calls disabled')).toBeInTheDocument();
    expect(api.callsTo('POST /api/salah-schedules/fajr-prefs/toggles')[0]?.body).toEqual({ allowRepeatCalls: false });
  });
});

describe("the evening SMS of a mosque's change", () => {
  it('is a switch on the mosque tab only, saved at once', async () => {
    const api = settingsApi(aUser(), {
      'POST /api/salah-schedules/fajr-prefs/toggles': { body: { message: 'Saved' } },
    });
    await openSettings(aUser());
    const name = "Text me the evening before my mosque's jama'ah changes";
    expect(screen.queryByRole('switch', { name })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Pray at Mosque' }));
    const sms = await screen.findByRole('switch', { name });
    expect(sms).not.toBeChecked();
    expect(screen.getByText(/when tomorrow's jama'ah moves by 5 minutes or more/)).toBeInTheDocument();
    await userEvent.click(sms);
    expect(await screen.findByText("Evening texts of jama'ah changes enabled")).toBeInTheDocument();
    expect(api.callsTo('POST /api/salah-schedules/fajr-prefs/toggles')[0]?.body).toEqual({ jamaahChangeSms: true });
  });
});

describe('saving', () => {
  it('sends mosqueId null from the home tab even when a mosque was chosen before', () => {
    const values = valuesFromUser(aUser({ mosqueId: prayerCalc.mosques[0]!.id }));
    const home = prefsPayload(values, 0);
    expect('prefs' in home && home.prefs.mosqueId).toBeNull();
    const mosque = prefsPayload(values, 1);
    expect('prefs' in mosque && mosque.prefs.mosqueId).toBe(prayerCalc.mosques[0]!.id);
    expect('prefs' in mosque && mosque.prefs.fajrCallDelayPref).toBe('As soon as Fajr starts');
  });

  it('offers the polar-day rules in plain words under Advanced Settings and saves the one picked', async () => {
    const api = settingsApi(aUser(), { 'POST /api/salah-schedules/fajr-prefs': { body: { message: 'Saved' } } });
    await openSettings(aUser());
    await userEvent.click(screen.getByRole('button', { name: /Advanced Settings/ }));
    const polar = await screen.findByRole('combobox', { name: 'When the sun does not rise or set' });
    expect(polar).toHaveTextContent('Use the times of the nearest place where the sun rises and sets');
    await userEvent.click(polar);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Move evenly between the times of the nearest days when the sun rises and sets here',
      'Use the times of the nearest place where the sun rises and sets',
      'Use the times of the nearest day when the sun rises and sets here',
      'No call on those days',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'No call on those days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Updated preferences')).toBeInTheDocument();
    expect(api.callsTo('POST /api/salah-schedules/fajr-prefs')[0]?.body).toMatchObject({ polarConvention: 'None' });
  });

  it('refuses the mosque tab without a mosque', () => {
    expect(prefsPayload(valuesFromUser(aUser()), 1)).toEqual({ error: 'Please select a mosque' });
  });

  it('saves the chosen mosque, shows Updated preferences and refetches the user', async () => {
    const api = settingsApi(aUser(), { 'POST /api/salah-schedules/fajr-prefs': { body: { message: 'Saved' } } });
    await openSettings(aUser());
    await userEvent.click(screen.getByRole('tab', { name: 'Pray at Mosque' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Mosque' }));
    await userEvent.click(await screen.findByRole('option', { name: 'East London Mosque' }));
    expect(screen.getByTestId('mosque-address')).toHaveTextContent('82-92 Whitechapel Rd');
    const before = api.callsTo('GET /api/users/current-user').length;
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Updated preferences')).toBeInTheDocument();
    const [saved] = api.callsTo('POST /api/salah-schedules/fajr-prefs');
    expect(saved?.body).toMatchObject({
      mosqueId: prayerCalc.mosques[0]!.id,
      cityName: 'London',
      allowCalls: true,
      fajrAdhaanId: 'Default',
    });
    expect(api.callsTo('GET /api/users/current-user').length).toBeGreaterThan(before);
  });

  it('sends a mosque request from the modal', async () => {
    const api = settingsApi(aUser(), { 'POST /api/data/mosques/request': { body: { message: 'Thanks' } } });
    await openSettings(aUser());
    await userEvent.click(screen.getByRole('tab', { name: 'Pray at Mosque' }));
    await userEvent.click(await screen.findByRole('button', { name: "Can't find your Mosque?" }));
    const dialog = await screen.findByRole('dialog', { name: 'Request your Mosque!' });
    await userEvent.type(within(dialog).getByLabelText('Your Mosque Name'), 'Masjid Noor');
    await userEvent.type(within(dialog).getByLabelText('Your Mosque Address'), '1 High St');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Request Sent')).toBeInTheDocument();
    expect(api.callsTo('POST /api/data/mosques/request')[0]?.body).toEqual({
      name: 'Masjid Noor',
      address: '1 High St',
    });
  });
});

describe('city autocomplete', () => {
  it('waits 500 ms after typing, then says No results found when nothing matches', async () => {
    const api = settingsApi(aUser({ cityName: null, countryName: null }), {
      'GET /api/data/cities/any': { body: { result: [] } },
    });
    await openSettings(aUser({ cityName: null, countryName: null }));
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.type(screen.getByRole('combobox', { name: 'City' }), 'Zzq');
      expect(api.callsTo('GET /api/data/cities/any')).toHaveLength(0);
      await act(async () => jest.advanceTimersByTime(CITY_DEBOUNCE_MS));
      expect(api.callsTo('GET /api/data/cities/any')).toHaveLength(1);
      expect(api.callsTo('GET /api/data/cities/any')[0]?.url).toContain('city=Zzq');
    } finally {
      jest.useRealTimers();
    }
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });
});
