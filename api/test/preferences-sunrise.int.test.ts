import { useApi } from '@fajr/scripts/testing/api';
import { homeSaveBody, LONDON as LONDON_PLACE, LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { scheduleResult } from '../src/contracts/schedules.contract';

/** Call time preferences counted back from sunrise (issue 47 point 2): stored, gated and planned like SPEC's five. */

jest.setTimeout(60_000);

const h = useApi({ userPreferences: LONDON_PREFS });

const { tzName: _derived, ...londonPlace } = LONDON_PLACE;
const homePrefs = (over: Record<string, unknown> = {}) => homeSaveBody({ ...londonPlace, countryCode: 'gb', ...over });
const save = (token: string, body: unknown) => h.api('POST', '/api/salah-schedules/fajr-prefs', { token, body });
const stored = (userId: string) => h.db('preferences').where({ user_id: userId }).first();
const schedule = async (token: string, query = 'from=2027-01-10&days=3') =>
  scheduleResult.parse((await h.api('GET', `/api/salah-schedules/fajr-schedules?${query}`, { token })).body).result;
const minutes = (ms: number) => ms / 60_000;

describe('call time preferences before sunrise', () => {
  it('when a PLUS user chooses "30 minutes before sunrise", then it is stored and the schedule calls 30 minutes before each sunrise', async () => {
    const u = await h.user({ plan: 'PLUS', phoneNumber: freshPhone() });
    expect(await save(u.token, homePrefs({ fajrCallDelayPref: '30 minutes before sunrise' }))).toMatchObject({
      status: 200,
    });
    expect(await stored(u.id)).toMatchObject({ fajr_call_time_pref: '30 minutes before sunrise' });
    const days = await schedule(u.token);
    expect(days).toHaveLength(3);
    for (const d of days) {
      // London in January: Fajr about 6:10, sunrise about 8:00.
      expect(minutes(Date.parse(d.sunriseTimeIso!) - Date.parse(d.fajrCallTimeIso))).toBe(30);
      expect(Date.parse(d.fajrCallTimeIso)).toBeGreaterThan(Date.parse(d.fajrTimeIso));
    }
  });

  it('when sunrise minus the minutes is before Fajr, then the call is at Fajr (London in June, 60 minutes)', async () => {
    const u = await h.user({ plan: 'PLUS', phoneNumber: freshPhone() });
    expect((await save(u.token, homePrefs({ fajrCallDelayPref: '60 minutes before sunrise' }))).status).toBe(200);
    // Whichever is later: sunrise minus 60 minutes, or Fajr (the planner's unit tests pin both cases).
    for (const d of await schedule(u.token, 'from=2027-06-20&days=3')) {
      const call = Date.parse(d.fajrCallTimeIso);
      expect(call).toBe(Math.max(Date.parse(d.fajrTimeIso), Date.parse(d.sunriseTimeIso!) - 60 * 60_000));
    }
  });

  it('when a trial user chooses one, then 403 PLUS, as for the preferences counted from Fajr', async () => {
    const u = await h.user();
    expect(await save(u.token, homePrefs({ fajrCallDelayPref: '45 minutes before sunrise' }))).toMatchObject({
      status: 403,
      body: { error: 'Upgrade to PLUS plan to access this feature' },
    });
  });

  it('when a title is not the catalogue’s, then 400 and nothing is stored', async () => {
    const u = await h.user({ plan: 'PLUS' });
    const before = await stored(u.id);
    for (const title of ['20 minutes before sunrise', '30 minutes before Sunrise', 'sunrise']) {
      expect(await save(u.token, homePrefs({ fajrCallDelayPref: title }))).toMatchObject({
        status: 400,
        body: { error: `Unknown call time preference: ${title}` },
      });
    }
    expect(await stored(u.id)).toEqual(before);
  });

  it('when a BASIC user keeps one stored from before a downgrade, then the call is at Fajr', async () => {
    const u = await h.user({
      plan: 'BASIC',
      phoneNumber: freshPhone(),
      preferences: { ...LONDON_PREFS, fajr_call_time_pref: '30 minutes before sunrise' },
    });
    for (const d of await schedule(u.token)) expect(d.fajrCallTimeIso).toBe(d.fajrTimeIso);
  });

  it('when a mosque member has one, then the jama’ah rule stands (its lead before the jama’ah)', async () => {
    const mosque = await h.db('mosques').where({ name: 'East London Mosque' }).first('id');
    const u = await h.user({
      plan: 'PLUS',
      phoneNumber: freshPhone(),
      preferences: { ...LONDON_PREFS, mosque_id: mosque.id, fajr_call_time_pref: '30 minutes before sunrise' },
    });
    const days = await schedule(u.token, 'days=5');
    expect(days.length).toBeGreaterThan(0);
    for (const d of days) expect(minutes(Date.parse(d.fajrTimeIso) - Date.parse(d.fajrCallTimeIso))).toBe(30);
  });
});
