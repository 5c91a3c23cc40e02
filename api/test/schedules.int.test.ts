import { scheduleResult, todayResult } from '../src/contracts/schedules.contract';
import { useApi } from '@fajr/scripts/testing/api';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { fajrCallsStateQuery, fajrCallsWorkflowId } from '@fajr/workflows';

jest.setTimeout(120_000);

describe('Fajr schedules, test calls, stats and the Twilio status webhook (real app, Postgres, Temporal)', () => {
  const h = useApi({ worker: 'all' });

  const basic = (prefs: Record<string, unknown> = LONDON_PREFS, plan: 'BASIC' | 'PLUS' | 'PREMIUM' | null = 'BASIC') =>
    h.user({ plan, phoneNumber: freshPhone(), preferences: prefs });

  it('when a signed-in user with a city asks for the schedule, then the next 7 calls come back in the contract shape', async () => {
    const u = await basic();
    const res = await h.api('GET', '/api/salah-schedules/fajr-schedules', { token: u.token });
    expect(res.status).toBe(200);
    const { result } = scheduleResult.parse(res.body);
    // Seven calls whatever the hour: once today's has passed, the week runs a day further (issue 15).
    expect(result).toHaveLength(7);
    for (const e of result) {
      expect(Date.parse(e.fajrCallTimeIso)).toBeGreaterThan(Date.now());
      expect(e.fajrCallTimeIso).toBe(e.fajrTimeIso); // Basic: called as soon as Fajr starts
      expect(Date.parse(e.sunriseTimeIso!)).toBeGreaterThan(Date.parse(e.fajrTimeIso));
    }
  });

  it('when from and days are given, then exactly that stretch comes back, across a DST change', async () => {
    const u = await basic();
    const res = await h.api('GET', '/api/salah-schedules/fajr-schedules?from=2027-03-20&days=30', { token: u.token });
    expect(res.status).toBe(200);
    const { result } = scheduleResult.parse(res.body);
    expect(result).toHaveLength(30);
    expect(result[0]!.fajrCallDate).toBe('2027-03-20');
    expect(result.find((e) => e.fajrCallDate === '2027-03-27')!.fajrCallTimeIso).toMatch(/\+00:00$/);
    expect(result.find((e) => e.fajrCallDate === '2027-03-28')!.fajrCallTimeIso).toMatch(/\+01:00$/);
    const year = await h.api('GET', '/api/salah-schedules/fajr-schedules?from=2027-01-01&days=366', { token: u.token });
    expect(scheduleResult.parse(year.body).result).toHaveLength(365 + 1);
  });

  it('when the user prays at a mosque, then each entry is the jamaah and the call 30 minutes before it, whatever the call time preference', async () => {
    const mosque = await h.db('mosques').where({ name: 'East London Mosque' }).first('id');
    const u = await basic({ mosque_id: mosque.id, fajr_call_time_pref: '45 minutes after Fajr starts' }, 'PLUS');
    const { result } = scheduleResult.parse(
      (await h.api('GET', '/api/salah-schedules/fajr-schedules?days=10', { token: u.token })).body,
    );
    const rows: { local_date: string; jamaah_at: Date }[] = await h
      .db('mosque_fajr_times')
      .where({ mosque_id: mosque.id })
      .whereIn(
        'local_date',
        result.map((e) => e.fajrCallDate),
      );
    expect(result.length).toBeGreaterThanOrEqual(9);
    for (const e of result) {
      const jamaah = rows.find((r) => r.local_date === e.fajrCallDate)!.jamaah_at;
      expect(Date.parse(e.fajrTimeIso)).toBe(new Date(jamaah).getTime());
      expect(Date.parse(e.fajrTimeIso) - Date.parse(e.fajrCallTimeIso)).toBe(30 * 60_000);
    }
  });

  it('when the query is bad, then 400 with a clear error; without a token, 401', async () => {
    const u = await basic();
    for (const q of ['days=0', 'days=367', 'days=abc', 'from=2027-02-30', 'from=yesterday', 'colour=blue']) {
      const res = await h.api('GET', `/api/salah-schedules/fajr-schedules?${q}`, { token: u.token });
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await h.api('GET', '/api/salah-schedules/fajr-schedules')).status).toBe(401);
  });

  it('when calls are off or no place is set, then the schedule is empty and today says why', async () => {
    const off = await basic({ ...LONDON_PREFS, allow_calls: false });
    const noPlace = await basic({});
    for (const [u, status] of [
      [off, 'calls-off'],
      [noPlace, 'no-place'],
    ] as const) {
      const res = await h.api('GET', '/api/salah-schedules/fajr-schedules', { token: u.token });
      // Issue 14: the schedule says why it is empty.
      expect(res.body).toEqual({ result: [], notices: [], status });
    }
    const today = await h.api('GET', '/api/salah-schedules/fajr-schedules/today', { token: off.token });
    expect(todayResult.parse(today.body).result).toEqual({
      fajrTime: null,
      fajrCallTime: null,
      fajrCallDate: null,
      nextKind: null,
      tzName: 'Europe/London',
      status: 'calls-off',
      missing: ['calls-off'],
      morning: null,
    }); // test users' numbers are verified
  });

  it('when a user still has steps to take before calls, then today lists every one, in order', async () => {
    const nothing = await h.user({ plan: null, trialEndsAt: new Date(Date.now() - 3600_000), preferences: {} });
    const today = todayResult.parse(
      (await h.api('GET', '/api/salah-schedules/fajr-schedules/today', { token: nothing.token })).body,
    ).result;
    expect(today).toMatchObject({ status: 'no-place', missing: ['add-phone', 'place', 'plan'] });
    await h
      .db('users')
      .where({ id: nothing.id })
      .update({
        phone_number: freshPhone(),
        phone_verified_at: new Date(),
        trial_ends_at: new Date(Date.now() + 86_400_000),
      });
    await h.db('preferences').where({ user_id: nothing.id }).update(LONDON_PREFS);
    const ready = todayResult.parse(
      (await h.api('GET', '/api/salah-schedules/fajr-schedules/today', { token: nothing.token })).body,
    ).result;
    expect(ready).toMatchObject({ status: 'scheduled', missing: [] });
  });

  const TROMSO = {
    city_name: 'Tromsø',
    country_code: 'NO',
    lat: 69.6492,
    lng: 18.9553,
    tz_name: 'Europe/Oslo',
    prayer_calc_hlat: 'SeventhOfTheNight',
  };

  it('when the place has polar day and the user chose no polar convention, then no call is scheduled and the schedule says so', async () => {
    const u = await basic({ ...TROMSO, prayer_polar_convention: 'None' });
    const res = await h.api('GET', '/api/salah-schedules/fajr-schedules?from=2027-06-10&days=5', { token: u.token });
    expect(res.body.result).toEqual([]);
    expect(res.body.notices).toHaveLength(5);
    expect(res.body.notices[0]).toMatchObject({ date: '2027-06-10', status: 'no-fajr', cause: 'polar' });
  });

  it('when a Tromsø user keeps the default polar convention, then every polar-night day has a call and names the convention', async () => {
    const u = await basic(TROMSO);
    expect((await h.db('preferences').where({ user_id: u.id }).first()).prayer_polar_convention).toBe(
      'NearestDaysBlended',
    );
    const res = await h.api('GET', '/api/salah-schedules/fajr-schedules?from=2027-11-25&days=60', { token: u.token });
    expect(res.status).toBe(200);
    const { result } = scheduleResult.parse(res.body);
    expect(result).toHaveLength(60);
    const byConvention = result.filter((e) => e.fajrConvention);
    expect(byConvention.length).toBeGreaterThanOrEqual(45);
    expect(byConvention.every((e) => e.fajrConvention === 'NearestDaysBlended')).toBe(true);
    expect(result.find((e) => e.fajrCallDate === '2027-12-21')!.fajrConvention).toBe('NearestDaysBlended');
    expect(res.body.notices.map((n: { date: string }) => n.date)).toEqual(byConvention.map((e) => e.fajrCallDate));
    expect(res.body.notices[0]).toMatchObject({
      status: 'fajr-by-convention',
      convention: 'NearestDaysBlended',
      message: expect.stringMatching(/moving evenly/),
    });
    expect(res.body.notices.some((n: { status: string }) => n.status === 'no-fajr')).toBe(false);
  });

  it('when a user asks for the next call, then it is the first upcoming entry of the schedule', async () => {
    const u = await basic();
    const today = todayResult.parse(
      (await h.api('GET', '/api/salah-schedules/fajr-schedules/today', { token: u.token })).body,
    ).result;
    const list = scheduleResult.parse(
      (await h.api('GET', '/api/salah-schedules/fajr-schedules', { token: u.token })).body,
    ).result;
    expect(today.status).toBe('scheduled');
    expect(today.fajrCallTime).toBe(list[0]!.fajrCallTimeIso);
    expect(today.fajrTime).toBe(list[0]!.fajrTimeIso);
  });

  it('when the user deletes the schedule, then calls are off, the schedule is empty and the chain re-plans to calls-off', async () => {
    const u = await basic();
    const res = await h.api('DELETE', '/api/salah-schedules/fajr-schedules', { token: u.token });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { message: 'Fajr calls disabled', code: 'prefs.calls_off' },
    });
    expect(await h.db('preferences').where({ user_id: u.id }).first('allow_calls')).toEqual({ allow_calls: false });
    expect((await h.api('GET', '/api/salah-schedules/fajr-schedules', { token: u.token })).body.result).toEqual([]);
    const chain = h.temporal.workflow.getHandle(fajrCallsWorkflowId(u.id));
    let state: any;
    for (let i = 0; i < 50; i += 1) {
      state = await chain.query(fajrCallsStateQuery).catch(() => undefined);
      if (state?.status === 'calls-off') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(state.status).toBe('calls-off');
    await chain.terminate('test done');
  });
});
