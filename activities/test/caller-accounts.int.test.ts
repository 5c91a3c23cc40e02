import { MockActivityEnvironment } from '@temporalio/testing';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { insertUser, LONDON_PREFS, testDeps } from '@fajr/scripts/testing/fixtures';
import type { Deps } from '../src/index';
import { attemptKeyFor, createCallActivities } from '../src/calls/calls.activities';
import { recordAttempt } from '../src/repositories/calls.repository';

const A = '+447700900201';
const B = '+447700900202';

// Several caller accounts (issue 20): a dial records the account whose pacer slot it took and calls
// from its number; a retry of a recorded attempt stays on that account.
describe('call activities with two caller accounts (real Postgres, local telephony)', () => {
  let db: TestDatabase;
  let deps: Deps;
  beforeAll(async () => {
    db = await createTestDatabase();
    deps = testDeps(db.knex, db.url, { CALLER_ACCOUNTS: `${A}=10,${B}=10`, CALL_ARM_LEAD_SECONDS: '0' });
  });
  afterAll(async () => {
    await db?.drop();
  });

  const dialInput = (userId: string, n: number) => ({
    userId, workflowId: `test-call-${userId}`, attempt: 1, kind: 'test' as const, callDate: '2026-11-23', plannedAt: new Date().toISOString(), runKey: `r${n}`,
  });
  const callFrom = async (attemptKey: string) => {
    const attempt = await db.knex('call_attempts').where({ attempt_key: attemptKey }).first('caller_account', 'provider_call_id');
    const call = await db.knex('local_phone_calls').where({ sid: attempt.provider_call_id }).first('from_number');
    return { recorded: attempt.caller_account, dialledFrom: call?.from_number };
  };

  it('when two calls are dialled at once, then they take the two accounts in turn and each records the one it came from', async () => {
    const userId = await insertUser(db.knex, { prefs: LONDON_PREFS });
    const inputs = [dialInput(userId, 1), dialInput(userId, 2)].map((i) => ({ ...i, plannedAt: new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000).toISOString() }));
    const activities = createCallActivities(deps);
    const results = await Promise.all(inputs.map((input) => new MockActivityEnvironment().run(activities.dialCall, input)));
    expect(results.map((r) => (r as { status: string }).status)).toEqual(['placed', 'placed']);
    const froms = await Promise.all(inputs.map((input) => callFrom(attemptKeyFor(input))));
    for (const f of froms) expect(f.recorded).toBe(f.dialledFrom);
    expect(froms.map((f) => f.recorded).sort()).toEqual([A, B]);
  });

  it('when an attempt recorded on account B is retried (its first try died before the provider answered), then it is dialled from B', async () => {
    const userId = await insertUser(db.knex, { prefs: LONDON_PREFS });
    const input = dialInput(userId, 3);
    const attemptKey = attemptKeyFor(input);
    await recordAttempt(db.knex, {
      attemptKey, userId, kind: 'test', callDate: input.callDate, workflowId: input.workflowId, attempt: 1,
      plannedAt: new Date(input.plannedAt), provider: 'local', callerAccount: B,
    });
    const result = await new MockActivityEnvironment().run(createCallActivities(deps).dialCall, input);
    expect(result).toEqual({ status: 'placed', attemptKey });
    expect(await callFrom(attemptKey)).toEqual({ recorded: B, dialledFrom: B });
  });
});
