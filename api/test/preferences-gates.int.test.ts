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
const toggle = (token: string | undefined, body: unknown) =>
  h.api('POST', '/api/salah-schedules/fajr-prefs/toggles', { token, body });
// The mosque choice, plan gates, who may save, the toggles and a Temporal outage: the home city's save is in
// preferences.int.test.ts.

describe('POST /api/salah-schedules/fajr-prefs', () => {
  it('when a user picks an active mosque, then it is stored with the mosque zone and the city is optional', async () => {
    const u = await h.user({ preferences: false });
    const mosque = await h.db('mosques').where({ name: 'Istiqlal Mosque' }).first();
    const res = await save(
      u.token,
      homePrefs({ countryName: null, countryCode: null, cityName: null, lat: null, lng: null, mosqueId: mosque.id }),
    );
    expect(res).toMatchObject({ status: 200, body: { message: 'Updated preferences' } });
    expect(await stored(u.id)).toMatchObject({ mosque_id: mosque.id, tz_name: 'Asia/Jakarta', city_name: null });
    const me = await h.api('GET', '/api/users/current-user', { token: u.token });
    expect(me.body.result.user.placeSuggestion).toBeNull();
  });

  it.each([
    ['an unknown calculation method', { prayerCalcMethod: 'Moon' }, 'Unknown prayer calculation method: Moon'],
    ['an unknown high latitude rule', { prayerCalcHlat: 'Nope' }, 'Unknown high latitude rule: Nope'],
    ['an unknown adhaan', { fajrAdhaanId: 'Loud' }, 'Unknown adhaan: Loud'],
    ['an unknown call time preference', { fajrCallDelayPref: 'Never' }, 'Unknown call time preference: Never'],
    ['a latitude above 90', { lat: 91 }, 'lat'],
    ['a longitude below -180', { lng: -180.5 }, 'lng'],
    ['a latitude that is not a number', { lat: '51.5' }, 'lat'],
    ['a time zone that does not exist', { tzName: 'Mars/Olympus_Mons' }, 'Unknown time zone: Mars/Olympus_Mons'],
    ['an offset instead of a zone', { tzName: '+05:00' }, 'Unknown time zone: +05:00'],
    ['a home save without a city', { cityName: null }, 'Please choose your city'],
    ['a home save without coordinates', { lat: null, lng: null }, 'Please choose your city'],
    ['a latitude without a longitude', { lng: null }, 'lat and lng must be given together'],
    ['a mosque id that is not an id', { mosqueId: 'east-london' }, 'mosqueId'],
    [
      'a mosque that does not exist',
      { mosqueId: '00000000-0000-4000-8000-000000000000' },
      'That mosque is not available',
    ],
    ['a bad country code', { countryCode: 'GBR' }, 'countryCode'],
    [
      'an unknown polar convention',
      { polarConvention: 'Nearest' },
      'polarConvention must be one of NearestDaysBlended, AqrabBalad, AqrabYaum, None',
    ],
    ['an unknown field', { userId: '00000000-0000-4000-8000-000000000000' }, 'userId'],
    ['a missing field', { allowCalls: undefined }, 'allowCalls'],
  ])('when the body has %s, then 400 and nothing changes', async (_what, over, message) => {
    const u = await h.user();
    const before = await stored(u.id);
    const res = await save(u.token, homePrefs(over));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect(await stored(u.id)).toEqual(before);
  });

  it('when the mosque is inactive, then 400', async () => {
    const u = await h.user();
    const [mosque] = await h
      .db('mosques')
      .insert({
        name: 'Closed Mosque',
        address: '1 Road',
        country_code: 'GB',
        city_name: 'Leeds',
        lat: 53.8,
        lng: -1.55,
        tz_name: 'Europe/London',
        is_active: false,
      })
      .returning('id');
    const res = await save(u.token, homePrefs({ mosqueId: mosque.id }));
    expect(res).toMatchObject({ status: 400, body: { error: 'That mosque is not available, please select another' } });
  });

  it('when the body is not JSON or not an object, then 400', async () => {
    const u = await h.user();
    expect(
      (await h.api('POST', '/api/salah-schedules/fajr-prefs', { token: u.token, rawBody: '{"allowCalls":' })).status,
    ).toBe(400);
    expect((await save(u.token, [homePrefs()])).status).toBe(400);
    expect((await h.api('POST', '/api/salah-schedules/fajr-prefs', { token: u.token })).status).toBe(400);
  });

  describe('plan gates', () => {
    it('when a trial user picks another adhaan or call time, then 403 PLUS; repeat calls need PREMIUM', async () => {
      const u = await h.user();
      const before = await stored(u.id);
      expect(await save(u.token, homePrefs({ fajrAdhaanId: 'Gentle' }))).toMatchObject({
        status: 403,
        body: { error: 'Upgrade to PLUS plan to access this feature' },
      });
      expect(await save(u.token, homePrefs({ fajrCallDelayPref: '10 minutes after Fajr starts' }))).toMatchObject({
        status: 403,
        body: { error: 'Upgrade to PLUS plan to access this feature' },
      });
      expect(await save(u.token, homePrefs({ allowRepeatCalls: true }))).toMatchObject({
        status: 403,
        body: { error: 'Upgrade to PREMIUM plan to access this feature' },
      });
      expect(await stored(u.id)).toEqual(before);
    });

    it('when a PLUS user picks an adhaan and call time, then they are stored; repeat calls still need PREMIUM', async () => {
      const u = await h.user({ plan: 'PLUS' });
      expect(
        (await save(u.token, homePrefs({ fajrAdhaanId: 'Gentle', fajrCallDelayPref: '20 minutes after Fajr starts' })))
          .status,
      ).toBe(200);
      expect(await stored(u.id)).toMatchObject({
        fajr_adhaan_id: 'Gentle',
        fajr_call_time_pref: '20 minutes after Fajr starts',
      });
      expect(await save(u.token, homePrefs({ allowRepeatCalls: true }))).toMatchObject({
        status: 403,
        body: { error: 'Upgrade to PREMIUM plan to access this feature' },
      });
    });

    it('when a PREMIUM user turns on repeat calls, then it is stored', async () => {
      const u = await h.user({ plan: 'PREMIUM' });
      expect((await save(u.token, homePrefs({ allowRepeatCalls: true, fajrAdhaanId: 'Gentle' }))).status).toBe(200);
      expect(await stored(u.id)).toMatchObject({ allow_repeat_calls: true, fajr_adhaan_id: 'Gentle' });
    });

    it('when a downgraded user saves values already stored, then no gate trips', async () => {
      const u = await h.user({ plan: 'BASIC' });
      await h.db('preferences').where({ user_id: u.id }).update({
        fajr_adhaan_id: 'Gentle',
        fajr_call_time_pref: '30 minutes after Fajr starts',
        allow_repeat_calls: true,
      });
      const res = await save(
        u.token,
        homePrefs({
          fajrAdhaanId: 'Gentle',
          fajrCallDelayPref: '30 minutes after Fajr starts',
          allowRepeatCalls: true,
          allowCalls: false,
        }),
      );
      expect(res.status).toBe(200);
      expect(await stored(u.id)).toMatchObject({ allow_calls: false, fajr_adhaan_id: 'Gentle' });
      // Going back to the defaults needs no plan either.
      expect((await save(u.token, homePrefs())).status).toBe(200);
    });
  });

  describe('who may save', () => {
    it('when there is no token or a bad one, then 401', async () => {
      expect((await save(undefined, homePrefs())).status).toBe(401);
      expect((await save('not-a-token', homePrefs())).status).toBe(401);
      const res = await h.api('POST', '/api/salah-schedules/fajr-prefs', {
        body: homePrefs(),
        headers: { authorization: 'Basic abc' },
      });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: expect.any(String), code: expect.any(String) });
    });

    it('when two users save, then each changes only their own preferences', async () => {
      const a = await h.user();
      const b = await h.user();
      const bBefore = await stored(b.id);
      expect(
        (
          await save(
            a.token,
            homePrefs({
              cityName: 'Dearborn',
              lat: 42.32226,
              lng: -83.17631,
              countryCode: 'US',
              countryName: 'United States',
            }),
          )
        ).status,
      ).toBe(200);
      expect((await toggle(a.token, { allowCalls: false })).status).toBe(200);
      expect(await stored(a.id)).toMatchObject({
        city_name: 'Dearborn',
        tz_name: 'America/Detroit',
        allow_calls: false,
      });
      expect(await stored(b.id)).toEqual(bBefore);
    });
  });
});

describe('POST /api/salah-schedules/fajr-prefs/toggles', () => {
  it('when calls are switched off and on, then the answer is the SPEC toast and the chain is signalled each time', async () => {
    const u = await h.user();
    expect(await toggle(u.token, { allowCalls: false })).toMatchObject({
      status: 200,
      body: { message: 'Fajr calls disabled' },
    });
    expect((await stored(u.id)).allow_calls).toBe(false);
    expect(await toggle(u.token, { allowCalls: true })).toMatchObject({
      status: 200,
      body: { message: 'Fajr calls enabled' },
    });
    expect((await stored(u.id)).allow_calls).toBe(true);
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged', 'prefsChanged']);
  });

  it('when a user without preferences toggles, then a row with the defaults is created', async () => {
    const u = await h.user({ preferences: false });
    expect((await toggle(u.token, { allowCalls: false })).status).toBe(200);
    expect(await stored(u.id)).toMatchObject({
      allow_calls: false,
      prayer_calc_method: 'MuslimWorldLeague',
      prayer_calc_hlat: 'MiddleOfTheNight',
      fajr_adhaan_id: 'Default',
    });
  });

  it('when repeat calls are switched on, then only PREMIUM may; anyone may switch them off', async () => {
    const free = await h.user();
    expect(await toggle(free.token, { allowRepeatCalls: true })).toMatchObject({
      status: 403,
      body: { error: 'Upgrade to PREMIUM plan to access this feature' },
    });
    expect((await stored(free.id)).allow_repeat_calls).toBe(false);
    expect(await toggle(free.token, { allowRepeatCalls: false })).toMatchObject({
      status: 200,
      body: { message: 'Fajr repeated calls disabled' },
    });

    const premium = await h.user({ plan: 'PREMIUM' });
    expect(await toggle(premium.token, { allowRepeatCalls: true })).toMatchObject({
      status: 200,
      body: { message: 'Fajr repeated calls enabled' },
    });
    expect((await stored(premium.id)).allow_repeat_calls).toBe(true);
  });

  it.each([
    ['an empty body', {}],
    ['both switches at once', { allowCalls: true, allowRepeatCalls: true }],
    ['a string instead of a boolean', { allowCalls: 'yes' }],
    ['an unknown switch', { allowEverything: true }],
  ])('when the body is %s, then 400', async (_what, body) => {
    const u = await h.user();
    const before = await stored(u.id);
    const res = await toggle(u.token, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect(await stored(u.id)).toEqual(before);
  });

  it('when there is no token, then 401', async () => {
    expect((await toggle(undefined, { allowCalls: false })).status).toBe(401);
  });
});

describe('when Temporal cannot be reached', () => {
  // Port 1 on loopback: nothing listens there.
  const down = useApi({ temporalAddress: '127.0.0.1:1', userPreferences: LONDON_PREFS });

  it('then the save is kept and the answer says so with 503', async () => {
    const u = await down.user();
    const res = await down.api('POST', '/api/salah-schedules/fajr-prefs', {
      token: u.token,
      body: homePrefs({ allowCalls: false }),
    });
    expect(res.status).toBe(503);
    expect(res.body.error).toContain('Your preferences were saved');
    expect((await down.db('preferences').where({ user_id: u.id }).first()).allow_calls).toBe(false);
  });
});
