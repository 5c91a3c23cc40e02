import { MockActivityEnvironment } from '@temporalio/testing';
import { insertUser, LONDON_PREFS, useTestDeps } from '@fajr/scripts/testing/fixtures';
import { createCallActivities, type NextCallPlan } from '../src/calls/calls.activities';
import { callPolicy } from '../src/calls/call-policy';
import { sunsetBefore, TAHAJJUD_CLEAR_OF_FAJR_CALL_MINUTES } from '../src/domain/tahajjud-call';
import { loadCallPlanSource } from '../src/repositories/call-plans.repository';

const MIN = 60_000;

// Issue 47 point 4: tahajjud calls, planned by the real activities on the real database.
describe('tahajjud calls (real Postgres)', () => {
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

  it("when a Premium user has them on, then the day's plan carries the call at the start of the night's last third", async () => {
    const userId = await insertUser(t.db.knex, {
      plan: 'PREMIUM',
      prefs: { ...LONDON_PREFS, tahajjud_call: true, tahajjud_point: 'start', tahajjud_nights: 'every' },
    });
    const p = await plan(userId);
    const sunset = sunsetBefore(LONDON_PREFS, p.callDate)!;
    const night = Date.parse(p.fajrAt) - sunset.getTime();
    expect(p.tahajjud).toEqual({
      callAt: new Date(Math.ceil((sunset.getTime() + (2 * night) / 3) / MIN) * MIN).toISOString(),
      sunsetAt: sunset.toISOString(),
    });
    const at = Date.parse((p.tahajjud as { callAt: string }).callAt);
    expect(at).toBeLessThanOrEqual(Date.parse(p.callAt) - TAHAJJUD_CLEAR_OF_FAJR_CALL_MINUTES * MIN);
  });

  it('when N minutes before Fajr is chosen, then the call is N minutes before the Fajr the plan has', async () => {
    const userId = await insertUser(t.db.knex, {
      plan: 'PREMIUM',
      prefs: { ...LONDON_PREFS, tahajjud_call: true, tahajjud_point: 'before_fajr', tahajjud_minutes: 45 },
    });
    const p = await plan(userId);
    expect(p.tahajjud).toMatchObject({ callAt: new Date(Date.parse(p.fajrAt) - 45 * MIN).toISOString() });
  });

  it('when the user is below Premium or has them off, then the plan has none', async () => {
    for (const [planName, on] of [
      ['PLUS', true],
      ['PREMIUM', false],
    ] as const) {
      const userId = await insertUser(t.db.knex, { plan: planName, prefs: { ...LONDON_PREFS, tahajjud_call: on } });
      expect((await plan(userId)).tahajjud).toBeUndefined();
    }
  });

  it("the dial's re-check: wanted at the planned minute; not once Premium is gone, nor at another minute", async () => {
    const userId = await insertUser(t.db.knex, {
      plan: 'PREMIUM',
      prefs: { ...LONDON_PREFS, tahajjud_call: true, tahajjud_point: 'middle' },
    });
    const p = await plan(userId);
    const callAt = (p.tahajjud as { callAt: string }).callAt;
    const input = { kind: 'tahajjud' as const, callDate: p.callDate, plannedAt: callAt, dayCallAt: p.callAt };
    const policy = callPolicy(t.deps);
    const src = () => loadCallPlanSource(t.db.knex, userId, new Date());
    expect(await policy.stillWanted(await src(), input)).toBeNull();
    const moved = new Date(Date.parse(callAt) + MIN).toISOString();
    expect(await policy.stillWanted(await src(), { ...input, plannedAt: moved })).toBe('plan-changed');
    await t.db.knex('users').where({ id: userId }).update({ plan: 'PLUS' });
    expect(await policy.stillWanted(await src(), input)).toBe('tahajjud-not-allowed');
  });
});
