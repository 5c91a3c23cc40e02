import { MockActivityEnvironment } from '@temporalio/testing';
import { insertUser, LONDON_PREFS, useTestDeps } from '@fajr/scripts/testing/fixtures';
import { attemptKeyFor, createCallActivities, type NextCallPlan } from '../src/calls/calls.activities';

const MIN = 60_000;

// Issue 47 point 1: the last call before sunrise, planned and dialled by the real activities.
describe('the last call before sunrise (real Postgres, local telephony)', () => {
  const t = useTestDeps({ CALL_ARM_LEAD_SECONDS: '0' });
  const env = new MockActivityEnvironment();
  const activities = () => createCallActivities(t.deps);

  async function plan(userId: string) {
    const p = (await env.run(activities().planNextFajrCall, {
      userId,
      afterDate: null,
      now: new Date().toISOString(),
    })) as NextCallPlan;
    if (p.status !== 'planned') throw new Error(`not planned: ${p.status}`);
    return p;
  }
  const sunrisePlan = (userId: string, callDate: string, now: Date) =>
    env.run(activities().sunriseCallPlan, { userId, callDate, now: now.toISOString() });

  it("when a Premium user has it on, then the day's plan carries sunrise and the call comes N minutes before it", async () => {
    const userId = await insertUser(t.db.knex, {
      plan: 'PREMIUM',
      prefs: { ...LONDON_PREFS, sunrise_call: true, sunrise_call_minutes: 25 },
    });
    const p = await plan(userId);
    expect(p.sunrise).toEqual({ sunriseAt: expect.any(String), minutes: 25 });
    const sunrise = Date.parse(p.sunrise!.sunriseAt);
    expect(sunrise).toBeGreaterThan(Date.parse(p.fajrAt));
    // Asked right after the day's calls: 25 minutes before sunrise.
    expect(await sunrisePlan(userId, p.callDate, new Date(Date.parse(p.callAt) + 11 * MIN))).toEqual({
      callAt: new Date(sunrise - 25 * MIN).toISOString(),
      sunriseAt: p.sunrise!.sunriseAt,
      minutes: 25,
    });
    // Asked 4 minutes before sunrise: too late, no call.
    expect(await sunrisePlan(userId, p.callDate, new Date(sunrise - 4 * MIN))).toBeNull();
  });

  it('when the user is below Premium or has it off, then the plan has no sunrise and the check says no', async () => {
    for (const [planName, on] of [
      ['PLUS', true],
      ['PREMIUM', false],
    ] as const) {
      const userId = await insertUser(t.db.knex, { plan: planName, prefs: { ...LONDON_PREFS, sunrise_call: on } });
      const p = await plan(userId);
      expect(p.sunrise).toBeUndefined();
      expect(await sunrisePlan(userId, p.callDate, new Date(Date.parse(p.callAt) + 11 * MIN))).toBeNull();
    }
  });

  it("when dialled, it says the minutes left; once Premium is gone, the dial's re-check skips it", async () => {
    const userId = await insertUser(t.db.knex, {
      plan: 'PREMIUM',
      prefs: { ...LONDON_PREFS, sunrise_call: true, sunrise_call_minutes: 20 },
    });
    const p = await plan(userId);
    const now = new Date();
    const input = {
      userId,
      workflowId: `sunrise-call:${userId}:${p.callDate}`,
      attempt: 5,
      kind: 'sunrise' as const,
      callDate: p.callDate,
      plannedAt: now.toISOString(),
      dayCallAt: p.callAt,
      // Twenty minutes from now, as the call would be placed 20 minutes before sunrise.
      sunriseAt: new Date(now.getTime() + 20 * MIN + 2_000).toISOString(),
    };
    expect(await env.run(activities().dialCall, input)).toMatchObject({ status: 'placed' });
    const attempt = await t.db
      .knex('call_attempts')
      .where({ attempt_key: attemptKeyFor(input) })
      .first();
    expect(attempt).toMatchObject({ kind: 'sunrise', attempt: 5 });
    const call = await t.db.knex('local_phone_calls').where({ sid: attempt.provider_call_id }).first('params');
    const params = typeof call.params === 'string' ? JSON.parse(call.params) : call.params;
    expect(params.twiml).toContain('Twenty minutes until sunrise.');

    await t.db.knex('users').where({ id: userId }).update({ plan: 'PLUS' });
    const again = { ...input, workflowId: `sunrise-call:${userId}:${p.callDate}-again` };
    expect(await env.run(activities().dialCall, again)).toEqual({
      status: 'skipped',
      reason: 'sunrise-call-not-allowed',
    });
  });
});
