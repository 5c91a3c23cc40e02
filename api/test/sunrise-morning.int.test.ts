import { addDays, localDateOf, planDays } from '@fajr/activities/domain/planning';
import { buildCallPlan, loadCallPlanSource } from '@fajr/activities/repositories/call-plans.repository';
import { useApi } from '@fajr/scripts/testing/api';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { REPEAT_AFTER_MS } from '@fajr/workflows';
import { scheduleResult, statsResult, todayResult } from '../src/contracts/schedules.contract';

jest.setTimeout(60_000);

// Issue 47 point 1: once the morning's calls woke nobody, the account page says when the last call
// before sunrise comes, the stats wait for it, and then count it as the day's, its own kind in the log.
describe('the last call before sunrise on the account page and in the stats', () => {
  const h = useApi({ userPreferences: LONDON_PREFS });
  afterEach(() => {
    h.deps.now = () => new Date();
  });

  const day = addDays(localDateOf(new Date(), 'Europe/London'), 2);
  const MIN = 60_000;
  const pin = (ms: number) => {
    h.deps.now = () => new Date(ms);
  };
  const get = async (token: string, path: string) =>
    (await h.api('GET', `/api/salah-schedules${path}`, { token })).body;
  const today = async (token: string) => todayResult.parse(await get(token, '/fajr-schedules/today')).result;
  const stats = async (token: string) => statsResult.parse(await get(token, '/calls/stats')).result;
  /** A Premium user with the repeat and the last call 20 minutes before sunrise; `day`'s call and sunrise. */
  const premiumUser = async (plan: 'PREMIUM' | 'PLUS' = 'PREMIUM') => {
    const u = await h.user({
      plan,
      phoneNumber: freshPhone(),
      preferences: { ...LONDON_PREFS, allow_repeat_calls: true, sunrise_call: true, sunrise_call_minutes: 20 },
    });
    const callAt = Date.parse(
      scheduleResult.parse(await get(u.token, `/fajr-schedules?from=${day}&days=1`)).result[0]!.fajrCallTimeIso,
    );
    const src = (await loadCallPlanSource(h.db, u.id, new Date()))!;
    const sunriseAt = Date.parse(planDays((await buildCallPlan(h.db, src, day, 1))!, day, 1)[0]!.sunriseAt!);
    return { ...u, callAt, sunriseAt };
  };
  let n = 0;
  const attempt = (
    userId: string,
    kind: 'fajr' | 'repeat' | 'sunrise',
    plannedAt: number,
    outcome: string,
    confirmed = false,
  ) => {
    const workflowId = `${kind === 'sunrise' ? 'sunrise-call' : 'fajr-call'}:${userId}:${day}`;
    const no = { fajr: 1, repeat: 2, sunrise: 5 }[kind];
    n += 1;
    return h.db('call_attempts').insert({
      attempt_key: `${workflowId}#${no}`,
      user_id: userId,
      kind,
      call_date: day,
      workflow_id: workflowId,
      attempt: no,
      planned_at: new Date(plannedAt),
      placed_at: new Date(plannedAt),
      provider: 'local',
      provider_call_id: `CA-sunrise-${n}-${userId}`,
      outcome,
      awake_check: true,
      confirmed_at: confirmed ? new Date(plannedAt + 30_000) : null,
      duration_seconds: outcome === 'answered' ? 30 : 0,
    });
  };
  /** Attempt 1 and the repeat both unanswered. */
  const unansweredMorning = async (u: { id: string; callAt: number }) => {
    await attempt(u.id, 'fajr', u.callAt, 'no-answer');
    await attempt(u.id, 'repeat', u.callAt + REPEAT_AFTER_MS, 'no-answer');
  };

  it('when the Fajr call and its repeat went unanswered, then the morning says when the last call comes, is not missed meanwhile, then ends as it did, counted as its own kind', async () => {
    const u = await premiumUser();
    await unansweredMorning(u);
    expect(u.sunriseAt - 20 * MIN).toBeGreaterThan(u.callAt + REPEAT_AFTER_MS);

    pin(u.callAt + REPEAT_AFTER_MS + 2 * MIN);
    const waiting = await today(u.token);
    expect(waiting.morning).toMatchObject({ result: 'sunrise-due', attempts: [{ kind: 'fajr' }, { kind: 'repeat' }] });
    expect(Date.parse(waiting.morning!.sunriseCallAt!)).toBe(u.sunriseAt - 20 * MIN);
    // It is the chain's next call (not tomorrow's).
    expect(waiting).toMatchObject({ nextKind: 'sunrise', fajrCallDate: day, status: 'scheduled' });
    expect(Date.parse(waiting.fajrCallTime!)).toBe(u.sunriseAt - 20 * MIN);
    expect(await stats(u.token)).toMatchObject({ answered: 0, missed: 0 });

    // Its instant come and gone with no call recorded (the re-check said no): the morning is missed.
    pin(u.sunriseAt - 20 * MIN + 3 * MIN);
    expect(await today(u.token)).toMatchObject({ nextKind: 'fajr', fajrCallDate: addDays(day, 1) });
    expect((await today(u.token)).morning).toMatchObject({ result: 'missed' });
    expect((await today(u.token)).morning).not.toHaveProperty('sunriseCallAt');

    // Dialled and unanswered: missed, the log shows it as its own kind.
    await attempt(u.id, 'sunrise', u.sunriseAt - 20 * MIN, 'no-answer');
    pin(u.sunriseAt - 10 * MIN);
    const after = await today(u.token);
    expect(after.morning).toMatchObject({
      result: 'missed',
      attempts: [{ kind: 'fajr' }, { kind: 'repeat' }, { kind: 'sunrise', outcome: 'no-answer' }],
    });
    const s = await stats(u.token);
    expect(s).toMatchObject({ answered: 0, missed: 1 });
    expect(s.callLogs[0]).toMatchObject({
      kind: 'sunrise',
      note: 'Last call before sunrise',
      callAnsweredBy: 'No answer',
    });
  });

  it('when the last call before sunrise is answered with the key, then the morning is answered, once', async () => {
    const u = await premiumUser();
    await unansweredMorning(u);
    await attempt(u.id, 'sunrise', u.sunriseAt - 20 * MIN, 'ringing');
    pin(u.sunriseAt - 20 * MIN + 10_000);
    expect((await today(u.token)).morning).toMatchObject({ result: 'calling' });
    await h
      .db('call_attempts')
      .where({ user_id: u.id, kind: 'sunrise' })
      .update({ outcome: 'answered', confirmed_at: new Date(u.sunriseAt - 19 * MIN), duration_seconds: 30 });
    pin(u.sunriseAt - 15 * MIN);
    expect((await today(u.token)).morning).toMatchObject({ result: 'answered' });
    const s = await stats(u.token);
    expect(s).toMatchObject({ answered: 1, missed: 0 });
    expect(s.callLogs.map((c) => c.kind)).toEqual(['sunrise', 'repeat', 'fajr']);
  });

  it('when the user may not have it (Plus with the switch left on), then no last call is said to come and the morning is missed', async () => {
    const u = await premiumUser('PLUS');
    await attempt(u.id, 'fajr', u.callAt, 'no-answer');
    pin(u.callAt + 5 * MIN);
    const t = await today(u.token);
    expect(t.morning).toMatchObject({ result: 'missed' });
    expect(t.morning).not.toHaveProperty('sunriseCallAt');
    expect(await stats(u.token)).toMatchObject({ missed: 1 });
  });
});
