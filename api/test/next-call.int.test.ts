import { addDays, localDateOf } from '@fajr/activities/domain/planning';
import { useApi } from '@fajr/scripts/testing/api';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { REPEAT_AFTER_MS } from '@fajr/workflows';
import { scheduleResult, statsResult, todayResult } from '../src/contracts/schedules.contract';

jest.setTimeout(60_000);

// "Next call" is what the worker does next (issue 44): the clock is pinned around one planned morning
// two days ahead, so every state of the day is seen whatever the hour the test runs at.
describe('the next call is the chain’s own next attempt, through every state of a morning', () => {
  const h = useApi({ userPreferences: LONDON_PREFS });
  afterEach(() => {
    h.deps.now = () => new Date();
  });

  const day = addDays(localDateOf(new Date(), 'Europe/London'), 2);
  const pin = (iso: string | number) => {
    h.deps.now = () => new Date(iso);
  };
  const today = async (token: string) =>
    todayResult.parse((await h.api('GET', '/api/salah-schedules/fajr-schedules/today', { token })).body).result;
  const schedule = async (token: string, query = '') =>
    scheduleResult.parse((await h.api('GET', `/api/salah-schedules/fajr-schedules${query}`, { token })).body);
  /** The planned call instants of `day` and the day after, for this user. */
  const callsOf = async (token: string) =>
    (await schedule(token, `?from=${day}&days=2`)).result.map((e) => Date.parse(e.fajrCallTimeIso));
  let n = 0;
  const attempt = (userId: string, kind: 'fajr' | 'repeat', plannedAt: number, outcome: string, confirmed = false) => {
    const workflowId = `fajr-call:${userId}:${day}`;
    const attemptNo = kind === 'fajr' ? 1 : 2;
    n += 1;
    return h.db('call_attempts').insert({
      attempt_key: `${workflowId}#${attemptNo}`,
      user_id: userId,
      kind,
      call_date: day,
      workflow_id: workflowId,
      attempt: attemptNo,
      planned_at: new Date(plannedAt),
      placed_at: new Date(plannedAt),
      provider: 'local',
      provider_call_id: `CA-next-${n}-${userId}`,
      outcome,
      awake_check: true,
      confirmed_at: confirmed ? new Date(plannedAt + 30_000) : null,
      duration_seconds: outcome === 'answered' ? 30 : 0,
    });
  };

  it('when a Premium morning goes unanswered, then next call is the repeat (never "tomorrow"), the morning is not counted missed meanwhile, then tomorrow', async () => {
    const u = await h.user({
      plan: 'PREMIUM',
      phoneNumber: freshPhone(),
      preferences: { ...LONDON_PREFS, allow_repeat_calls: true },
    });
    const [callAt, tomorrowAt] = await callsOf(u.token);

    // Before the call: that morning's call, in London's zone.
    pin(callAt! - 30 * 60_000);
    const before = await today(u.token);
    expect(before).toMatchObject({ fajrCallDate: day, nextKind: 'fajr', tzName: 'Europe/London', morning: null });
    expect(Date.parse(before.fajrCallTime!)).toBe(callAt);

    // Attempt 1 ringing: calling now.
    await attempt(u.id, 'fajr', callAt!, 'ringing');
    pin(callAt! + 20_000);
    expect(await today(u.token)).toMatchObject({
      fajrCallDate: day,
      nextKind: 'calling',
      status: 'calling',
      morning: { result: 'calling' },
    });

    // Unanswered: the repeat ten minutes after attempt 1 is next, and the morning is not a miss yet.
    await h.db('call_attempts').where({ user_id: u.id, kind: 'fajr' }).update({ outcome: 'no-answer' });
    pin(callAt! + 2 * 60_000);
    const between = await today(u.token);
    expect(between).toMatchObject({
      fajrCallDate: day,
      nextKind: 'repeat',
      status: 'scheduled',
      morning: { result: 'repeat-due', attempts: [{ kind: 'fajr', outcome: 'no-answer' }] },
    });
    expect(Date.parse(between.fajrCallTime!)).toBe(callAt! + REPEAT_AFTER_MS);
    const stats = statsResult.parse(
      (await h.api('GET', '/api/salah-schedules/calls/stats', { token: u.token })).body,
    ).result;
    expect({ answered: stats.answered, missed: stats.missed }).toEqual({ answered: 0, missed: 0 });

    // The repeat answered with the key: the next call is the following morning's, and the morning counts as answered.
    await attempt(u.id, 'repeat', callAt! + REPEAT_AFTER_MS, 'answered', true);
    pin(callAt! + REPEAT_AFTER_MS + 2 * 60_000);
    const after = await today(u.token);
    expect(after).toMatchObject({ fajrCallDate: addDays(day, 1), nextKind: 'fajr', morning: { result: 'answered' } });
    expect(Date.parse(after.fajrCallTime!)).toBe(tomorrowAt);
    const later = statsResult.parse(
      (await h.api('GET', '/api/salah-schedules/calls/stats', { token: u.token })).body,
    ).result;
    expect({ answered: later.answered, missed: later.missed }).toEqual({ answered: 1, missed: 0 });
  });

  it('when the call time moves later once the morning’s call is done, then next call and the schedule say the next morning, not a call later today', async () => {
    const u = await h.user({ plan: 'PLUS', phoneNumber: freshPhone(), preferences: LONDON_PREFS });
    const [callAt] = await callsOf(u.token);
    await attempt(u.id, 'fajr', callAt!, 'answered');
    pin(callAt! + 5 * 60_000);
    expect(await today(u.token)).toMatchObject({
      fajrCallDate: addDays(day, 1),
      nextKind: 'fajr',
      morning: { result: 'unconfirmed', attempts: [{ keyPressed: false }] },
    });

    // 45 minutes after Fajr: that morning's new call time is still ahead of the clock, but the chain has handled the day.
    await h.db('preferences').where({ user_id: u.id }).update({ fajr_call_time_pref: '45 minutes after Fajr starts' });
    const [movedAt] = await callsOf(u.token);
    expect(movedAt!).toBeGreaterThan(callAt! + 5 * 60_000);
    expect(await today(u.token)).toMatchObject({ fajrCallDate: addDays(day, 1), nextKind: 'fajr' });
    expect((await schedule(u.token)).result[0]!.fajrCallDate).toBe(addDays(day, 1));
  });

  it('when a user of a Jakarta city switches to East London Mosque, then their times are in the mosque’s zone', async () => {
    const jakarta = {
      ...LONDON_PREFS,
      city_name: 'Jakarta',
      country_name: 'Indonesia',
      country_code: 'ID',
      lat: -6.2146,
      lng: 106.8451,
      tz_name: 'Asia/Jakarta',
    };
    const [mosque] = await h.db('mosques').where({ name: 'East London Mosque' }).select('id');
    const u = await h.user({
      plan: 'BASIC',
      phoneNumber: freshPhone(),
      preferences: { ...jakarta, mosque_id: mosque.id },
    });
    const user = (await h.api('GET', '/api/users/current-user', { token: u.token })).body.result.user;
    expect(user).toMatchObject({ tzName: 'Asia/Jakarta', callTzName: 'Europe/London' });
    expect(await today(u.token)).toMatchObject({ tzName: 'Europe/London' });
    expect(await schedule(u.token)).toMatchObject({ tzName: 'Europe/London' });
  });
});
