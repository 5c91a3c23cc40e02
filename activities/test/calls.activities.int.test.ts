import { MockActivityEnvironment } from '@temporalio/testing';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { insertUser, LONDON_PREFS, testDeps } from '@fajr/scripts/testing/fixtures';
import type { Deps } from '../src/index';
import { createCallActivities } from '../src/calls/calls.activities';

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

  it('when a verified number is premium-rate, then no daily call is planned', async () => {
    const userId = await insertUser(db.knex, { phoneNumber: '+449091234567', prefs: LONDON_PREFS });
    expect(await plan(userId)).toEqual({ status: 'phone-refused' });
  });

  it('when a test call is armed for an unverified number, then the re-check skips it and nothing is dialled', async () => {
    const userId = await insertUser(db.knex, { phoneVerified: false, prefs: LONDON_PREFS });
    const input = { userId, workflowId: `test-call-${userId}`, attempt: 1, kind: 'test' as const, callDate: '2026-11-22', plannedAt: new Date().toISOString(), runKey: 'r1' };
    const result = await new MockActivityEnvironment().run(createCallActivities(deps).dialCall, input);
    expect(result).toEqual({ status: 'skipped', reason: 'phone-unverified' });
    expect(await db.knex('call_attempts').where({ user_id: userId })).toHaveLength(0);
  });
});
