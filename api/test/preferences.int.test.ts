import { signalsOf, useApi } from '@fajr/scripts/testing/api';
import { homeSaveBody, LONDON as LONDON_PLACE, LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { fajrCallsWorkflowId } from '@fajr/workflows';

jest.setTimeout(60_000);

const h = useApi({ userPreferences: LONDON_PREFS });

// London as a save sends it: no zone (the API derives it from the coordinates), the country code in lower case.
const { tzName: _derived, ...londonPlace } = LONDON_PLACE;
const LONDON = { ...londonPlace, countryCode: 'gb' };

/** A complete, valid home save (SPEC section 3 payload). */
const homePrefs = (over: Record<string, unknown> = {}) => homeSaveBody({ ...LONDON, ...over });

const stored = (userId: string) => h.db('preferences').where({ user_id: userId }).first();
const save = (token: string | undefined, body: unknown) =>
  h.api('POST', '/api/salah-schedules/fajr-prefs', { token, body });

describe('POST /api/salah-schedules/fajr-prefs', () => {
  it('when a user saves a home city, then it is stored with the zone of its coordinates and the call chain is signalled', async () => {
    const u = await h.user({ preferences: false });
    const res = await save(
      u.token,
      homePrefs({
        cityName: 'Birmingham',
        lat: 52.48142,
        lng: -1.89983,
        prayerCalcMethod: 'Karachi',
        prayerCalcHlat: 'SeventhOfTheNight',
      }),
    );
    expect(res).toMatchObject({ status: 200, body: { message: 'Updated preferences' } });
    expect(await stored(u.id)).toMatchObject({
      city_name: 'Birmingham',
      country_code: 'GB',
      lat: 52.48142,
      lng: -1.89983,
      tz_name: 'Europe/London',
      prayer_calc_method: 'Karachi',
      prayer_calc_hlat: 'SeventhOfTheNight',
      mosque_id: null,
      allow_calls: true,
      fajr_adhaan_id: 'Default',
      fajr_call_time_pref: 'As soon as Fajr starts',
      allow_repeat_calls: false,
    });
    const description = await h.temporal.workflow.getHandle(fajrCallsWorkflowId(u.id)).describe();
    expect(description.taskQueue).toBe(h.taskQueue);
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged']);
  });

  it('when a save leaves the method out, then a new city gets its country’s authority and an unchanged city keeps the stored choice', async () => {
    const u = await h.user();
    const { prayerCalcMethod: _m, prayerCalcHlat: _h, ...withoutMethod } = homePrefs();
    const kualaLumpur = {
      ...withoutMethod,
      countryName: 'Malaysia',
      countryCode: 'my',
      cityName: 'Kuala Lumpur',
      lat: 3.1412,
      lng: 101.68653,
    };
    expect((await save(u.token, kualaLumpur)).status).toBe(200);
    expect(await stored(u.id)).toMatchObject({ prayer_calc_method: 'Jakim', prayer_calc_hlat: 'MiddleOfTheNight' });
    expect((await save(u.token, { ...kualaLumpur, prayerCalcMethod: 'Singapore' })).status).toBe(200);
    expect((await save(u.token, { ...kualaLumpur, allowCalls: false })).status).toBe(200);
    expect((await stored(u.id)).prayer_calc_method).toBe('Singapore');
    // The saved choice is kept, and the place's suggestion shown beside it for settings to offer.
    const me = await h.api('GET', '/api/users/current-user', { token: u.token });
    expect(me.body.result.user).toMatchObject({
      prayerCalcMethod: 'Singapore',
      placeSuggestion: {
        prayerCalcMethod: 'Jakim',
        prayerCalcHlat: 'MiddleOfTheNight',
        reason: 'JAKIM — used in Malaysia',
      },
    });
    const cities = await h.api('GET', '/api/data/cities/any?city=Kuala%20Lumpur');
    expect(cities.body.result[0]).toMatchObject({
      name: 'Kuala Lumpur',
      prayerCalcMethod: 'Jakim',
      methodReason: 'JAKIM — used in Malaysia',
    });
    // Lebanon's own Dar al-Fatwa, not ESA's 19.5° it had before.
    const [beirut] = (await h.api('GET', '/api/data/cities/LB?city=Beirut')).body.result;
    expect(beirut).toMatchObject({
      name: 'Beirut',
      prayerCalcMethod: 'Lebanon',
      methodReason: 'Dar al-Fatwa — used in Lebanon',
    });
    // The UOIF's 12° is reached every night at 50.6° N: the middle of the night, not the seventh (which clamped it up to 50 min late).
    const [lille] = (await h.api('GET', '/api/data/cities/FR?city=Lille')).body.result;
    expect(lille).toMatchObject({ name: 'Lille', prayerCalcMethod: 'France12', prayerCalcHlat: 'MiddleOfTheNight' });
    const [manchester] = (await h.api('GET', '/api/data/cities/GB?city=Manchester')).body.result;
    expect(manchester).toMatchObject({
      name: 'Manchester',
      prayerCalcMethod: 'MuslimWorldLeague',
      prayerCalcHlat: 'SeventhOfTheNight',
    });
  });

  it("when a city in Tatarstan is picked, then DUM RT's method is its default, saved without a method and offered to a user who saved DUM RF's; Makhachkala gets Dagestan's, Moscow keeps DUM RF's", async () => {
    const dumRt = {
      prayerCalcMethod: 'Tatarstan',
      prayerCalcHlat: 'MiddleOfTheNight',
      reason: 'Spiritual Administration of Muslims of Tatarstan — used in Tatarstan, Russia',
    };
    const [kazan] = (await h.api('GET', '/api/data/cities/RU?city=Kazan')).body.result;
    expect(kazan).toMatchObject({
      name: 'Kazan',
      prayerCalcMethod: dumRt.prayerCalcMethod,
      prayerCalcHlat: dumRt.prayerCalcHlat,
      methodReason: dumRt.reason,
    });
    const [moscow] = (await h.api('GET', '/api/data/cities/RU?city=Moscow')).body.result;
    expect(moscow).toMatchObject({
      name: 'Moscow',
      prayerCalcMethod: 'Russia',
      methodReason: 'Spiritual Administration of Muslims of Russia — used in Russia',
    });
    // Dagestan's own muftiate likewise, for its capital.
    const [makhachkala] = (await h.api('GET', '/api/data/cities/RU?city=Makhachkala')).body.result;
    expect(makhachkala).toMatchObject({
      name: 'Makhachkala',
      prayerCalcMethod: 'Dagestan',
      methodReason: 'Muftiate of the Republic of Dagestan — used in Dagestan, Russia',
    });

    const { prayerCalcMethod: _m, prayerCalcHlat: _h, ...withoutMethod } = homePrefs();
    const kazanPrefs = {
      ...withoutMethod,
      countryName: 'Russia',
      countryCode: 'RU',
      cityName: 'Kazan',
      lat: kazan.lat,
      lng: kazan.lng,
      tzName: 'Europe/Moscow',
    };
    const fresh = await h.user({ preferences: false });
    expect((await save(fresh.token, kazanPrefs)).status).toBe(200);
    expect(await stored(fresh.id)).toMatchObject({
      prayer_calc_method: 'Tatarstan',
      prayer_calc_hlat: 'MiddleOfTheNight',
    });

    const dumRf = await h.user();
    expect(
      (await save(dumRf.token, { ...kazanPrefs, prayerCalcMethod: 'Russia', prayerCalcHlat: 'TwilightAngle' })).status,
    ).toBe(200);
    const me = await h.api('GET', '/api/users/current-user', { token: dumRf.token });
    expect(me.body.result.user).toMatchObject({ prayerCalcMethod: 'Russia', placeSuggestion: dumRt });
  });

  it('when a user keeps their own settings over the suggestion, then it is not offered again until it changes; only the suggestion shown can be declined', async () => {
    const u = await h.user();
    const kualaLumpur = {
      ...homePrefs(),
      countryName: 'Malaysia',
      countryCode: 'MY',
      cityName: 'Kuala Lumpur',
      lat: 3.1412,
      lng: 101.68653,
      prayerCalcMethod: 'Singapore',
      prayerCalcHlat: 'MiddleOfTheNight',
    };
    expect((await save(u.token, kualaLumpur)).status).toBe(200);
    const decline = (token: string, body: unknown) =>
      h.api('POST', '/api/salah-schedules/fajr-prefs/place-suggestion/decline', { token, body });
    const suggestion = async () =>
      (await h.api('GET', '/api/users/current-user', { token: u.token })).body.result.user.placeSuggestion;
    const declined = async () => (await stored(u.id)).declined_place_suggestion;

    // Not the suggestion shown (stale or made up), or not a suggestion at all: refused, nothing stored.
    expect(await decline(u.token, { prayerCalcMethod: 'Singapore', prayerCalcHlat: 'MiddleOfTheNight' })).toMatchObject(
      {
        status: 409,
        body: { error: "That is no longer your city's suggestion: please reload your settings" },
      },
    );
    expect((await decline(u.token, { prayerCalcMethod: 'Jakim' })).status).toBe(400);
    expect(await declined()).toBeNull();
    expect(await suggestion()).toMatchObject({ prayerCalcMethod: 'Jakim' });

    expect(await decline(u.token, { prayerCalcMethod: 'Jakim', prayerCalcHlat: 'MiddleOfTheNight' })).toMatchObject({
      status: 200,
      body: { message: 'Kept your settings' },
    });
    expect(await suggestion()).toBeNull();
    expect(await stored(u.id)).toMatchObject({ prayer_calc_method: 'Singapore', city_name: 'Kuala Lumpur' });

    // Another city's suggestion is a new question.
    expect(
      (
        await save(u.token, {
          ...kualaLumpur,
          countryName: 'Indonesia',
          countryCode: 'ID',
          cityName: 'Jakarta',
          lat: -6.2146,
          lng: 106.8451,
        })
      ).status,
    ).toBe(200);
    expect(await suggestion()).toMatchObject({ prayerCalcMethod: 'Kemenag', reason: 'Kemenag — used in Indonesia' });

    const noCity = await h.user({ preferences: false });
    expect(
      (await decline(noCity.token, { prayerCalcMethod: 'Jakim', prayerCalcHlat: 'MiddleOfTheNight' })).status,
    ).toBe(409);
    expect(
      (await decline('not-a-token', { prayerCalcMethod: 'Jakim', prayerCalcHlat: 'MiddleOfTheNight' })).status,
    ).toBe(401);
  });

  it('when a polar convention is saved, then it is stored and shown; left out, the stored one is kept; a new user has one that always gives a time', async () => {
    const u = await h.user({ preferences: false });
    expect((await save(u.token, homePrefs())).status).toBe(200);
    expect((await stored(u.id)).prayer_polar_convention).toBe('NearestDaysBlended');
    expect((await save(u.token, homePrefs({ polarConvention: 'None' }))).status).toBe(200);
    expect((await stored(u.id)).prayer_polar_convention).toBe('None');
    expect((await save(u.token, homePrefs({ allowCalls: false }))).status).toBe(200);
    expect((await stored(u.id)).prayer_polar_convention).toBe('None');
    expect((await save(u.token, homePrefs({ polarConvention: 'AqrabYaum' }))).status).toBe(200);
    const me = await h.api('GET', '/api/users/current-user', { token: u.token });
    expect(me.body.result.user.polarConvention).toBe('AqrabYaum');
  });

  it('when the zone sent does not match the coordinates, then the zone of the coordinates is stored; a matching zone is kept', async () => {
    const u = await h.user();
    expect(
      (await save(u.token, homePrefs({ cityName: 'Jakarta', lat: -6.2146, lng: 106.84513, tzName: 'Europe/London' })))
        .status,
    ).toBe(200);
    expect((await stored(u.id)).tz_name).toBe('Asia/Jakarta');
    expect(
      (
        await save(
          u.token,
          homePrefs({ cityName: 'New York', lat: 40.71427, lng: -74.00597, tzName: 'America/New_York' }),
        )
      ).status,
    ).toBe(200);
    expect((await stored(u.id)).tz_name).toBe('America/New_York');
  });

  it('when the adhaan is empty, then Default is stored', async () => {
    const u = await h.user();
    expect((await save(u.token, homePrefs({ fajrAdhaanId: '' }))).status).toBe(200);
    expect((await stored(u.id)).fajr_adhaan_id).toBe('Default');
  });
});
