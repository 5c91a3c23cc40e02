import { MockActivityEnvironment } from '@temporalio/testing';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { insertUser, LONDON_PREFS, testDeps } from '@fajr/scripts/testing/fixtures';
import type { Deps } from '../src/index';
import { ARMING_RATE_PER_SECOND, createCallActivities, SPREAD_REPLANS_FROM } from '../src/calls/calls.activities';
import { productRegistry } from '../src/metrics';

// The planner and the dial's re-check: nobody is phoned whose number was not proved by code, or that the policy refuses.
describe('call activities: only verified numbers the policy allows are called (real Postgres)', () => {
  let db: TestDatabase;
  let deps: Deps;
  beforeAll(async () => {
    db = await createTestDatabase();
    deps = testDeps(db.knex, db.url, { CALL_ARM_LEAD_SECONDS: '0' });
  });
  afterAll(async () => {
    await db?.drop();
  });

  const plan = (userId: string) => createCallActivities(deps).planNextFajrCall({ userId, afterDate: null, now: new Date().toISOString() });

  it('when the number was never verified, then no daily call is planned; once verified, one is', async () => {
    const userId = await insertUser(db.knex, { phoneVerified: false, prefs: LONDON_PREFS });
    expect(await plan(userId)).toEqual({ status: 'phone-unverified' });
    await db.knex('users').where({ id: userId }).update({ phone_verified_at: new Date() });
    expect((await plan(userId)).status).toBe('planned');
  });

  it('when 100 or more users share a place\'s minute, then their plans arm earlier and spread the next planning over N / 20 s; a lone user\'s does neither', async () => {
    const crowd = { ...LONDON_PREFS, city_name: 'Crowded', lat: 12.34, lng: 56.78, tz_name: 'Asia/Kolkata' };
    const ids: string[] = [];
    for (let i = 0; i < SPREAD_REPLANS_FROM; i += 1) ids.push(await insertUser(db.knex, { prefs: crowd }));
    const crowded = await plan(ids[0]!);
    const seconds = Math.ceil(SPREAD_REPLANS_FROM / ARMING_RATE_PER_SECOND);
    expect(crowded).toMatchObject({ status: 'planned', leadSeconds: seconds, replanSpreadSeconds: seconds });
    const lone = await plan(await insertUser(db.knex, { prefs: { ...crowd, lat: -12.34 } }));
    expect(lone).toMatchObject({ status: 'planned', leadSeconds: 1, replanSpreadSeconds: 0 });
  });

  it('when a verified number is premium-rate, then no daily call is planned', async () => {
    const userId = await insertUser(db.knex, { phoneNumber: '+449091234567', prefs: LONDON_PREFS });
    expect(await plan(userId)).toEqual({ status: 'phone-refused' });
  });

  it('when a test call is armed for an unverified number, then the re-check skips it and nothing is dialled', async () => {
    const userId = await insertUser(db.knex, { phoneVerified: false, prefs: LONDON_PREFS });
    const input = { userId, workflowId: `test-call-${userId}`, attempt: 1, kind: 'test' as const, callDate: '2026-11-22', plannedAt: new Date().toISOString(), runKey: 'r1' };
    const skipped = async () => (await productRegistry.getSingleMetric('fajr_calls_skipped_total')!.get()).values.find((v) => v.labels.kind === 'test' && v.labels.reason === 'phone-unverified')?.value ?? 0;
    const before = await skipped();
    const result = await new MockActivityEnvironment().run(createCallActivities(deps).dialCall, input);
    expect(result).toEqual({ status: 'skipped', reason: 'phone-unverified' });
    expect(await db.knex('call_attempts').where({ user_id: userId })).toHaveLength(0);
    // Operators see it: fajr_calls_skipped_total{kind, reason}.
    expect(await skipped()).toBe(before + 1);
  });
});
