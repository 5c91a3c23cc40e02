import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, prayerCalc, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import type { User } from '@fajr/api/contracts/users.contract';
import { SettingsPage } from './SettingsPage';

// The method picker (issue 16): each method's reference, and an authority's published timetable
// offered, as a method, only to users of the city it was published for.
const TABLE = {
  id: '6f0d7c1e-0000-4000-8000-000000000001',
  label: 'Islamiska förbundet — published timetable for Stockholm',
  description:
    "Islamiska förbundet's own timetable for Stockholm, used exactly as published (2026-01-01 to 2026-12-31); a date it does not list has no call.",
  countryCode: 'SE',
  cityName: 'Stockholm',
  reference: 'https://www.islamiskaforbundet.se/bonetider/',
};
const STOCKHOLM = {
  countryName: 'Sweden',
  countryCode: 'SE',
  cityName: 'Stockholm',
  lat: 59.33,
  lng: 18.07,
  tzName: 'Europe/Stockholm',
};

type Method = (typeof prayerCalc.prayerCalcMethods)[number];

/** The settings screen with Advanced Settings open; `defaultMethod` changes the catalogue's default method (the user's). */
async function open(user: User, defaultMethod: Partial<Method> = {}) {
  const prayerCalcMethods = prayerCalc.prayerCalcMethods.map((m) => (m.isDefault ? { ...m, ...defaultMethod } : m));
  const api = mockApi({
    ...sessionRoutes(user),
    'GET /api/data/prayer-calc': {
      body: { result: { ...prayerCalc, prayerCalcMethods, publishedTimetables: [TABLE] } },
    },
    'POST /api/salah-schedules/fajr-prefs': { body: { message: 'Saved' } },
  });
  renderScreen(<SettingsPage />, { route: '/settings', user });
  await screen.findByRole('heading', { name: 'Fajr Call Settings & Prayer Calculations' });
  await userEvent.click(await screen.findByRole('button', { name: /Advanced Settings/ }));
  return api;
}

describe('the method picker', () => {
  it("shows the chosen method's description with its authority's reference, opening in a new tab", async () => {
    await open(aUser());
    const link = within(screen.getByTestId('method-description')).getByRole('link', {
      name: 'The authority’s reference (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', 'https://aladhan.com/calculation-methods');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByTestId('timetable-offer')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Prayer Calculation Method' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Muslim World League', 'ISNA']);
  });

  it('says whether the chosen method was checked against the authority’s own published times', async () => {
    await open(aUser());
    expect(screen.getByTestId('method-checked')).toHaveTextContent(
      'Not yet checked against a timetable this authority publishes (none is in our tests); the times follow the rule above.',
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Prayer Calculation Method' }));
    await userEvent.click(screen.getByRole('option', { name: 'ISNA' }));
    expect(screen.getByTestId('method-checked')).toHaveTextContent(
      "Checked against ISNA's own table (30 days): Fajr within a minute of the published time on at least 95 % of days, never more than 2 minutes off.",
    );
  });

  it('says a method that names no authority cannot be checked against one, rather than "not yet checked"', async () => {
    await open(aUser(), { namesAuthority: false });
    expect(screen.getByTestId('method-checked')).toHaveTextContent(
      'This method names no authority, so no published timetable can check it; the times follow its stated rule.',
    );
    expect(
      within(screen.getByTestId('method-description')).getByRole('link', {
        name: 'Where this method is documented (opens in a new tab)',
      }),
    ).toHaveAttribute('target', '_blank');
  });

  it('says the high-latitude rule is not used with a method whose authority has its own, and names that rule', async () => {
    const own =
      "DUM RT's own: the 18° time however early, and on nights the sun never sinks 18° (about May to August) 2 hours before sunrise.";
    await open(aUser(), { ownHighLatRule: own });
    expect(screen.getByTestId('own-hlat-rule')).toHaveTextContent(`Not used with this method: its Fajr follows ${own}`);
    await userEvent.click(screen.getByRole('combobox', { name: 'Prayer Calculation Method' }));
    await userEvent.click(screen.getByRole('option', { name: 'ISNA' }));
    expect(screen.queryByTestId('own-hlat-rule')).not.toBeInTheDocument();
  });

  it('offers a Stockholm user the published Stockholm timetable, and saves it as their choice', async () => {
    const api = await open(aUser(STOCKHOLM));
    expect(screen.getByTestId('timetable-offer')).toHaveTextContent(`Also available for Stockholm: ${TABLE.label}`);
    await userEvent.click(screen.getByRole('combobox', { name: 'Prayer Calculation Method' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      TABLE.label,
      'Muslim World League',
      'ISNA',
    ]);
    await userEvent.click(screen.getByRole('option', { name: TABLE.label }));
    expect(screen.getByTestId('timetable-chosen')).toHaveTextContent(
      `Fajr times: ${TABLE.label}, used exactly as published.`,
    );
    expect(screen.queryByTestId('method-checked')).not.toBeInTheDocument();
    const link = within(screen.getByTestId('method-description')).getByRole('link', {
      name: 'Where this timetable is published (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', TABLE.reference);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Updated preferences')).toBeInTheDocument();
    expect(api.callsTo('POST /api/salah-schedules/fajr-prefs')[0]?.body).toMatchObject({
      prayerTimetableId: TABLE.id,
      cityName: 'Stockholm',
    });
  });

  it('a method picked after the timetable clears it', async () => {
    const api = await open(aUser({ ...STOCKHOLM, prayerTimetableId: TABLE.id }));
    expect(screen.getByRole('combobox', { name: 'Prayer Calculation Method' })).toHaveTextContent(TABLE.label);
    await userEvent.click(screen.getByRole('combobox', { name: 'Prayer Calculation Method' }));
    await userEvent.click(screen.getByRole('option', { name: 'ISNA' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Updated preferences')).toBeInTheDocument();
    expect(api.callsTo('POST /api/salah-schedules/fajr-prefs')[0]?.body).toMatchObject({
      prayerTimetableId: null,
      prayerCalcMethod: 'ISNA',
    });
  });

  // A Moscow user who saved before Russia's default became DUM RF's twilight angle (issue 16): never changed silently.
  const MOSCOW = {
    countryName: 'Russia',
    countryCode: 'RU',
    cityName: 'Moscow',
    lat: 55.75,
    lng: 37.62,
    tzName: 'Europe/Moscow',
  };
  const suggestion = {
    prayerCalcMethod: 'Russia',
    prayerCalcHlat: 'TwilightAngle',
    reason: 'Spiritual Administration of Muslims of Russia — used in Russia',
  };
  async function openAsMoscowUser() {
    const user = aUser({ ...MOSCOW, prayerCalcHlat: 'SeventhOfTheNight', placeSuggestion: suggestion });
    const api = mockApi({
      ...sessionRoutes(user),
      'GET /api/data/prayer-calc': {
        body: {
          result: {
            ...prayerCalc,
            prayerCalcMethods: [
              ...prayerCalc.prayerCalcMethods,
              {
                ...prayerCalc.prayerCalcMethods[1]!,
                name: 'Russia',
                label: 'Spiritual Administration of Muslims of Russia',
                isDefault: false,
              },
            ],
            prayerCalcHighLats: [
              ...prayerCalc.prayerCalcHighLats,
              { name: 'SeventhOfTheNight', label: 'Seventh of the night', description: 'A seventh.', isDefault: false },
            ],
          },
        },
      },
      'POST /api/salah-schedules/fajr-prefs': { body: { message: 'Saved' } },
      'POST /api/salah-schedules/fajr-prefs/place-suggestion/decline': { body: { message: 'Kept your settings' } },
    });
    renderScreen(<SettingsPage />, { route: '/settings', user });
    return { api, offer: await screen.findByTestId('method-suggestion') };
  }

  it("offers a user whose saved method and rule differ from their city's suggestion the suggestion, and saves it only when taken", async () => {
    const { api, offer } = await openAsMoscowUser();
    expect(offer).toHaveTextContent(
      'Suggested for Moscow: Spiritual Administration of Muslims of Russia — used in Russia, with the high latitude rule Twilight angle. Your settings: Muslim World League with Seventh of the night.',
    );
    expect(screen.queryByTestId('method-reason')).not.toBeInTheDocument();
    await userEvent.click(within(offer).getByRole('button', { name: 'Use suggestion' }));
    expect(screen.queryByTestId('method-suggestion')).not.toBeInTheDocument();
    expect(screen.getByTestId('method-reason')).toHaveTextContent(
      `Calculation method: ${suggestion.reason}. You can change it under Advanced Settings.`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Updated preferences')).toBeInTheDocument();
    expect(api.callsTo('POST /api/salah-schedules/fajr-prefs')[0]?.body).toMatchObject({
      cityName: 'Moscow',
      prayerCalcMethod: 'Russia',
      prayerCalcHlat: 'TwilightAngle',
    });
  });

  it('lets a user keep their own settings over the suggestion: the server is told which one, the offer goes, nothing else is saved', async () => {
    const { api, offer } = await openAsMoscowUser();
    await userEvent.click(within(offer).getByRole('button', { name: 'Keep my settings' }));
    expect(await screen.findByText('Kept your settings')).toBeInTheDocument();
    expect(screen.queryByTestId('method-suggestion')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/salah-schedules/fajr-prefs/place-suggestion/decline')[0]?.body).toEqual({
      prayerCalcMethod: 'Russia',
      prayerCalcHlat: 'TwilightAngle',
    });
    expect(api.callsTo('POST /api/salah-schedules/fajr-prefs')).toHaveLength(0);
  });

  it('offers nothing to a user whose saved method and rule are their city’s suggestion', async () => {
    await open(aUser());
    expect(screen.queryByTestId('method-suggestion')).not.toBeInTheDocument();
  });
});
