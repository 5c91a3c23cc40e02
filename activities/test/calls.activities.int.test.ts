import { MockActivityEnvironment } from '@temporalio/testing';
import { testCallInput } from '@fajr/scripts/testing/attempts';
import { insertUser, LONDON_PREFS, testDeps, useTestDeps } from '@fajr/scripts/testing/fixtures';
import {
  ARMING_RATE_MARGIN,
  createCallActivities,
  SPREAD_REPLANS_FROM,
  type AttemptState,
  type DialResult,
} from '../src/calls/calls.activities';
import { DEFAULT_CALL_ARMING_RATE } from '../src/config';
import { productRegistry } from '../src/metrics';

// The planner and the dial's re-check: nobody is phoned whose number was not proved by code, or that the policy refuses.
describe('call activities: only verified numbers the policy allows are called (real Postgres)', () => {
  const t = useTestDeps({ CALL_ARM_LEAD_SECONDS: '0' });

  const plan = (userId: string) =>
    createCallActivities(t.deps).planNextFajrCall({ userId, afterDate: null, now: new Date().toISOString() });

  it('when the number was never verified, then no daily call is planned; once verified, one is', async () => {
    const userId = await insertUser(t.db.knex, { phoneVerified: false, prefs: LONDON_PREFS });
    expect(await plan(userId)).toEqual({ status: 'phone-unverified' });
    await t.db.knex('users').where({ id: userId }).update({ phone_verified_at: new Date() });
    expect((await plan(userId)).status).toBe('planned');
  });

  it("when 100 or more users share a place's minute, then their plans arm earlier and spread the next planning over N / 20 s (N / the slowest crowded arming of the last two days, with margin, when that was slower); a lone user's does neither", async () => {
    const crowd = { ...LONDON_PREFS, city_name: 'Crowded', lat: 12.34, lng: 56.78, tz_name: 'Asia/Kolkata' };
    const ids: string[] = [];
    for (let i = 0; i < SPREAD_REPLANS_FROM; i += 1) ids.push(await insertUser(t.db.knex, { prefs: crowd }));
    const crowded = await plan(ids[0]!);
    const seconds = Math.ceil(SPREAD_REPLANS_FROM / DEFAULT_CALL_ARMING_RATE);
    expect(crowded).toMatchObject({ status: 'planned', leadSeconds: seconds, replanSpreadSeconds: seconds });
    const lone = await plan(await insertUser(t.db.knex, { prefs: { ...crowd, lat: -12.34 } }));
    expect(lone).toMatchObject({ status: 'planned', leadSeconds: 1, replanSpreadSeconds: 0 });

    // Arming measured slower: an hour ago a group of 200 due to be armed at one instant and one of 100
    // a second later were armed together over 40 s: the workers armed 7.5 calls/s. (The group of 100
    // got 2.6/s of that: counted as its own rate, it would make every crowded lead three times too
    // long.) Not counted: a fast group, one under SPREAD_REPLANS_FROM calls, one older than two days.
    const now = Date.now();
    const group = (key: string, armAt: number, calls: number, seconds: number) =>
      Array.from({ length: calls }, (_, i) => ({
        attempt_key: `arming-${key}-${i}`,
        account: 'arming-test',
        slot_at: new Date(armAt + 60_000),
        planned_at: new Date(armAt + 60_000),
        updated_at: new Date(now),
        arm_at: new Date(armAt),
        armed_at: new Date(armAt + ((i + 1) / calls) * seconds * 1000),
      }));
    await t.db
      .knex('call_pacer_reservations')
      .insert([
        ...group('slow', now - 3600_000, 200, 40),
        ...group('beside', now - 3600_000 + 1000, 100, 39),
        ...group('fast', now - 7200_000, 150, 1),
        ...group('few', now - 1800_000, SPREAD_REPLANS_FROM - 1, 99),
        ...group('old', now - 49 * 3600_000, 200, 200),
      ]);
    try {
      const rate = (300 / 40) * ARMING_RATE_MARGIN;
      expect(await plan(ids[1]!)).toMatchObject({
        status: 'planned',
        leadSeconds: Math.ceil(SPREAD_REPLANS_FROM / rate),
        replanSpreadSeconds: Math.ceil(SPREAD_REPLANS_FROM / rate),
      });
      const rateGauge = (await productRegistry.getSingleMetric('fajr_call_arming_rate')!.get()).values[0]?.value;
      expect(rateGauge).toBeCloseTo(rate);
      // A configured rate below the measured one wins.
      const configured = testDeps(t.db.knex, t.db.url, { CALL_ARM_LEAD_SECONDS: '0', CALL_ARMING_RATE: '2' });
      const slowest = await createCallActivities(configured).planNextFajrCall({
        userId: ids[2]!,
        afterDate: null,
        now: new Date().toISOString(),
      });
      expect(slowest).toMatchObject({ leadSeconds: SPREAD_REPLANS_FROM / 2 });
    } finally {
      await t.db.knex('call_pacer_reservations').where({ account: 'arming-test' }).delete();
    }
  });

  it("when a day's call is armed after its planned instant, then its reservation records when it was to be armed and when it was, and fajr_calls_armed_late_total counts it", async () => {
    const userId = await insertUser(t.db.knex, { prefs: LONDON_PREFS });
    const plannedAt = new Date(Date.now() - 1500);
    const armAt = new Date(plannedAt.getTime() - 60_000);
    const input = {
      ...testCallInput(userId, 'late', '2026-11-22', plannedAt.toISOString()),
      armAt: armAt.toISOString(),
    };
    const armedLate = async () =>
      (await productRegistry.getSingleMetric('fajr_calls_armed_late_total')!.get()).values.find(
        (v) => v.labels.kind === 'test',
      )?.value ?? 0;
    const before = await armedLate();
    const armedFrom = Date.now();
    expect(await new MockActivityEnvironment().run(createCallActivities(t.deps).dialCall, input)).toMatchObject({
      status: 'placed',
    });
    const row = await t.db
      .knex('call_pacer_reservations')
      .where('attempt_key', 'like', `test-call-${userId}/late%`)
      .first('arm_at', 'armed_at', 'slot_at');
    expect(row.arm_at.getTime()).toBe(armAt.getTime());
    expect(row.armed_at.getTime()).toBeGreaterThanOrEqual(armedFrom - 1000);
    expect(row.armed_at.getTime()).toBeLessThanOrEqual(row.slot_at.getTime());
    expect(await armedLate()).toBe(before + 1);
  });

  it('when a placed call ends failed or canceled at the provider, or its status never becomes known, then fajr_calls_failed_total and fajr_calls_missed_total count it once under that reason', async () => {
    const counter = async (name: string, labels: Record<string, string>) =>
      (await productRegistry.getSingleMetric(name)!.get()).values.find((v) =>
        Object.entries(labels).every(([k, want]) => v.labels[k] === want),
      )?.value ?? 0;
    const activities = createCallActivities(t.deps);
    /** A test call placed now (the local provider accepts it and leaves it ringing for a minute). */
    const placed = async (runKey: string) => {
      const userId = await insertUser(t.db.knex, { prefs: LONDON_PREFS });
      await t.deps.providers.devConsoles.phone!.setBehaviour(
        (await t.db.knex('users').where({ id: userId }).first('phone_number')).phone_number,
        { outcome: 'no-answer', ringMs: 60_000 },
      );
      const input = testCallInput(userId, runKey, '2026-11-22');
      const result = (await new MockActivityEnvironment().run(activities.dialCall, input)) as DialResult;
      if (result.status !== 'placed') throw new Error(`the test call was not placed: ${JSON.stringify(result)}`);
      const { provider_call_id: sid } = await t.db
        .knex('call_attempts')
        .where({ attempt_key: result.attemptKey })
        .first('provider_call_id');
      return { input, attemptKey: result.attemptKey, sid: sid as string };
    };
    // What Twilio reports for a call it accepted and then could not connect, or that was canceled before it was answered.
    for (const [status, name, labels] of [
      ['failed', 'fajr_calls_failed_total', { kind: 'test', error: 'provider-failed' }],
      ['canceled', 'fajr_calls_missed_total', { kind: 'test', reason: 'canceled' }],
    ] as const) {
      const call = await placed(status);
      const before = await counter(name, labels);
      await t.db.knex('local_phone_calls').where({ sid: call.sid }).update({ status, ended_at: new Date() });
      const state = (await new MockActivityEnvironment().run(activities.resolveCallAttempt, {
        attemptKey: call.attemptKey,
      })) as AttemptState;
      expect({ outcome: state.outcome, final: state.final }).toEqual({ outcome: status, final: true });
      expect(await counter(name, labels)).toBe(before + 1);
    }
    // Placed, but the workflow gave up asking (the provider never answered with a final status).
    const unknown = await placed('unknown');
    const labels = { kind: 'test', error: 'status-unknown' };
    const before = await counter('fajr_calls_failed_total', labels);
    const markFailed = () =>
      new MockActivityEnvironment().run(activities.markCallAttemptFailed, {
        dial: unknown.input,
        error: 'The call status never became known',
      });
    await markFailed();
    // Marked once: a retried activity does not count it again.
    await markFailed();
    expect(await counter('fajr_calls_failed_total', labels)).toBe(before + 1);
    expect(await t.db.knex('call_attempts').where({ attempt_key: unknown.attemptKey }).first('outcome')).toEqual({
      outcome: 'failed',
    });
  });

  it('when a verified number is premium-rate, then no daily call is planned', async () => {
    const userId = await insertUser(t.db.knex, { phoneNumber: '+449091234567', prefs: LONDON_PREFS });
    expect(await plan(userId)).toEqual({ status: 'phone-refused' });
  });

  it('when a test call is armed for an unverified number, then the re-check skips it and nothing is dialled', async () => {
    const userId = await insertUser(t.db.knex, { phoneVerified: false, prefs: LONDON_PREFS });
    const input = testCallInput(userId, 'r1', '2026-11-22');
    const skipped = async () =>
      (await productRegistry.getSingleMetric('fajr_calls_skipped_total')!.get()).values.find(
        (v) => v.labels.kind === 'test' && v.labels.reason === 'phone-unverified',
      )?.value ?? 0;
    const before = await skipped();
    const result = await new MockActivityEnvironment().run(createCallActivities(t.deps).dialCall, input);
    expect(result).toEqual({ status: 'skipped', reason: 'phone-unverified' });
    expect(await t.db.knex('call_attempts').where({ user_id: userId })).toHaveLength(0);
    // Operators see it: fajr_calls_skipped_total{kind, reason}.
    expect(await skipped()).toBe(before + 1);
  });
});
