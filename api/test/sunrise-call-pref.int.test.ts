import { useApi } from '@fajr/scripts/testing/api';
import { endedAttemptRow } from '@fajr/scripts/testing/attempts';

jest.setTimeout(60_000);

// Issue 47 point 1: the last call before sunrise is a Premium user's choice, with its minutes (5 to 40).
const h = useApi();

const LONDON = { tz_name: 'Europe/London', city_name: 'London', country_code: 'GB', lat: 51.5074, lng: -0.1278 };

describe('the last call before sunrise: the setting', () => {
  const toggle = (token: string, body: unknown) =>
    h.api('POST', '/api/salah-schedules/fajr-prefs/toggles', { token, body });
  const me = async (token: string) => (await h.api('GET', '/api/users/current-user', { token })).body.result.user;
  const stored = async (id: string) =>
    h.db('preferences').where({ user_id: id }).first('sunrise_call', 'sunrise_call_minutes');

  it('when a Premium user switches it on with minutes, then it is stored and shown; off keeps the minutes', async () => {
    const u = await h.user({ plan: 'PREMIUM', preferences: LONDON });
    expect(await me(u.token)).toMatchObject({ sunriseCall: false, sunriseCallMinutes: 20 });
    const on = await toggle(u.token, { sunriseCall: true, sunriseCallMinutes: 30 });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ message: 'Last call before sunrise enabled', code: 'prefs.sunrise_on' });
    expect(await me(u.token)).toMatchObject({ sunriseCall: true, sunriseCallMinutes: 30 });
    expect((await toggle(u.token, { sunriseCall: false })).body.message).toBe('Last call before sunrise disabled');
    expect(await stored(u.id)).toEqual({ sunrise_call: false, sunrise_call_minutes: 30 });
  });

  it.each([4, 41, 20.5, '20', null])(
    'when the minutes are %p, then it is a 400 with an error and nothing changes',
    async (minutes) => {
      const u = await h.user({ plan: 'PREMIUM', preferences: LONDON });
      const r = await toggle(u.token, { sunriseCall: true, sunriseCallMinutes: minutes });
      expect(r.status).toBe(400);
      expect(r.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
      expect(await stored(u.id)).toEqual({ sunrise_call: false, sunrise_call_minutes: 20 });
    },
  );

  it('when a user below Premium switches it on, then it is a 403 with the PREMIUM message and nothing changes', async () => {
    for (const plan of ['PLUS', null] as const) {
      const u = await h.user({ plan, preferences: LONDON });
      const r = await toggle(u.token, { sunriseCall: true, sunriseCallMinutes: 25 });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe('Upgrade to PREMIUM plan to access this feature');
      expect(await stored(u.id)).toEqual({ sunrise_call: false, sunrise_call_minutes: 20 });
      // Switching it off is always allowed.
      expect((await toggle(u.token, { sunriseCall: false })).status).toBe(200);
    }
  });

  it('when a morning ended with the sunrise call, then stats count the day once and the log names the call', async () => {
    const u = await h.user({ plan: 'PREMIUM', phoneNumber: '+447700900456', preferences: LONDON });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const row = (kind: string, attempt: number, workflowId: string, outcome: string, minutes: number) =>
      endedAttemptRow({ userId: u.id, callDate: today, kind, attempt, workflowId }, outcome, minutes);
    await h
      .db('call_attempts')
      .insert([
        row('fajr', 1, `fajr-call:${u.id}:${today}`, 'no-answer', 80),
        row('sunrise', 5, `sunrise-call:${u.id}:${today}`, 'answered', 20),
      ]);
    const stats = await h.api('GET', '/api/salah-schedules/calls/stats', { token: u.token });
    expect(stats.status).toBe(200);
    expect(stats.body.result).toMatchObject({ answered: 1, missed: 0 });
    expect(stats.body.result.callLogs).toEqual([
      expect.objectContaining({ kind: 'sunrise', note: 'Last call before sunrise', callAnsweredBy: 'Answered' }),
      expect.objectContaining({ kind: 'fajr', callAnsweredBy: 'No answer' }),
    ]);
  });
});
