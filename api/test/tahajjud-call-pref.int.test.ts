import { useApi } from '@fajr/scripts/testing/api';
import { endedAttemptRow } from '@fajr/scripts/testing/attempts';

jest.setTimeout(60_000);

// Issue 47 point 4: tahajjud calls are a Premium user's choice: the point of the night's last third
// (start, middle, or 30 to 180 minutes before Fajr) and the nights (every, Mondays and Thursdays,
// Ramadan's last ten).
const h = useApi();

const LONDON = { tz_name: 'Europe/London', city_name: 'London', country_code: 'GB', lat: 51.5074, lng: -0.1278 };
const OFF = { tahajjud_call: false, tahajjud_point: 'start', tahajjud_minutes: 60, tahajjud_nights: 'every' };

describe('tahajjud calls: the setting', () => {
  const toggle = (token: string, body: unknown) =>
    h.api('POST', '/api/salah-schedules/fajr-prefs/toggles', { token, body });
  const me = async (token: string) => (await h.api('GET', '/api/users/current-user', { token })).body.result.user;
  const stored = async (id: string) =>
    h
      .db('preferences')
      .where({ user_id: id })
      .first('tahajjud_call', 'tahajjud_point', 'tahajjud_minutes', 'tahajjud_nights');

  it('when a Premium user switches them on with a point, minutes and nights, then they are stored and shown; off keeps them', async () => {
    const u = await h.user({ plan: 'PREMIUM', preferences: LONDON });
    expect(await me(u.token)).toMatchObject({
      tahajjudCall: false,
      tahajjudPoint: 'start',
      tahajjudMinutes: 60,
      tahajjudNights: 'every',
    });
    const on = await toggle(u.token, {
      tahajjudCall: true,
      tahajjudPoint: 'before_fajr',
      tahajjudMinutes: 45,
      tahajjudNights: 'ramadan_last10',
    });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ message: 'Tahajjud calls enabled', code: 'prefs.tahajjud_on' });
    expect(await me(u.token)).toMatchObject({
      tahajjudCall: true,
      tahajjudPoint: 'before_fajr',
      tahajjudMinutes: 45,
      tahajjudNights: 'ramadan_last10',
    });
    expect((await toggle(u.token, { tahajjudCall: false })).body.message).toBe('Tahajjud calls disabled');
    expect(await stored(u.id)).toEqual({
      ...OFF,
      tahajjud_point: 'before_fajr',
      tahajjud_minutes: 45,
      tahajjud_nights: 'ramadan_last10',
    });
  });

  it.each([
    { tahajjudPoint: 'dawn' },
    { tahajjudNights: 'fridays' },
    { tahajjudMinutes: 29 },
    { tahajjudMinutes: 181 },
    { tahajjudMinutes: 45.5 },
    { tahajjudMinutes: '45' },
    { tahajjudMinutes: 60, extra: true },
  ])('when the body has %p, then it is a 400 with an error and nothing changes', async (bad) => {
    const u = await h.user({ plan: 'PREMIUM', preferences: LONDON });
    const r = await toggle(u.token, { tahajjudCall: true, ...bad });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
    expect(await stored(u.id)).toEqual(OFF);
  });

  it('when a user below Premium switches them on, then it is a 403 with the PREMIUM message and nothing changes', async () => {
    for (const plan of ['PLUS', null] as const) {
      const u = await h.user({ plan, preferences: LONDON });
      const r = await toggle(u.token, { tahajjudCall: true, tahajjudPoint: 'middle' });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe('Upgrade to PREMIUM plan to access this feature');
      expect(await stored(u.id)).toEqual(OFF);
      // Switching them off is always allowed.
      expect((await toggle(u.token, { tahajjudCall: false })).status).toBe(200);
    }
  });

  it("when the night's tahajjud call was answered but the Fajr call was not, then the morning is missed and the log names the tahajjud call", async () => {
    const u = await h.user({ plan: 'PREMIUM', phoneNumber: '+447700900457', preferences: LONDON });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const row = (kind: string, attempt: number, workflowId: string, outcome: string, minutes: number) =>
      endedAttemptRow({ userId: u.id, callDate: today, kind, attempt, workflowId }, outcome, minutes);
    await h
      .db('call_attempts')
      .insert([
        row('tahajjud', 6, `tahajjud-call:${u.id}:${today}`, 'answered', 300),
        row('fajr', 1, `fajr-call:${u.id}:${today}`, 'no-answer', 120),
      ]);
    const stats = await h.api('GET', '/api/salah-schedules/calls/stats', { token: u.token });
    expect(stats.status).toBe(200);
    expect(stats.body.result).toMatchObject({ answered: 0 });
    expect(stats.body.result.callLogs).toEqual([
      expect.objectContaining({ kind: 'fajr', callAnsweredBy: 'No answer' }),
      expect.objectContaining({ kind: 'tahajjud', note: 'Tahajjud call', callAnsweredBy: 'Answered' }),
    ]);
  });
});
