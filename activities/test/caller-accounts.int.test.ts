import { MockActivityEnvironment } from '@temporalio/testing';
import { insertUser, LONDON_PREFS, useTestDeps } from '@fajr/scripts/testing/fixtures';
import { recordPendingAttempt, testCallInput } from '@fajr/scripts/testing/attempts';
import { localCallRows, placeBurst } from '@fajr/scripts/testing/local-phone';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { attemptKeyFor, createCallActivities } from '../src/calls/calls.activities';
import { reservePacerSlot } from '../src/repositories/pacer.repository';
import { pacerKey } from '../src/domain/pacer';
import type { LocalTelephony } from '../src/adapters/telephony/local';

const A = '+447700900201';
const B = '+447700900202';

// Several caller accounts (issue 20): a dial records the account whose pacer slot it took and calls
// from its number; a retry of a recorded attempt stays on that account.
describe('call activities with two caller accounts (real Postgres, local telephony)', () => {
  const t = useTestDeps({ CALLER_ACCOUNTS: `${A}=10,${B}=10`, CALL_ARM_LEAD_SECONDS: '0' });

  const dialInput = (userId: string, n: number) => testCallInput(userId, `r${n}`, '2026-11-23');
  const callFrom = async (attemptKey: string) => {
    const attempt = await t.db
      .knex('call_attempts')
      .where({ attempt_key: attemptKey })
      .first('caller_account', 'provider_call_id');
    const call = await t.db.knex('local_phone_calls').where({ sid: attempt.provider_call_id }).first('from_number');
    return { recorded: attempt.caller_account, dialledFrom: call?.from_number };
  };
  /** Milliseconds into its second of an attempt's pacer slot: A's slots sit at k/10 s, B's at k/10 + 0.05 s. */
  const slotMsOf = async (attemptKey: string) =>
    (
      (await t.db.knex('call_pacer_reservations').where({ attempt_key: attemptKey }).first('slot_at')).slot_at as Date
    ).getTime() % 1000;

  it('when two calls are dialled at once, then they take the two accounts in turn and each records the one it came from', async () => {
    const userId = await insertUser(t.db.knex, { prefs: LONDON_PREFS });
    const inputs = [dialInput(userId, 1), dialInput(userId, 2)].map((i) => ({
      ...i,
      plannedAt: new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000).toISOString(),
    }));
    const activities = createCallActivities(t.deps);
    const results = await Promise.all(
      inputs.map((input) => new MockActivityEnvironment().run(activities.dialCall, input)),
    );
    expect(results.map((r) => (r as { status: string }).status)).toEqual(['placed', 'placed']);
    const froms = await Promise.all(inputs.map((input) => callFrom(attemptKeyFor(input))));
    for (const f of froms) expect(f.recorded).toBe(f.dialledFrom);
    expect(froms.map((f) => f.recorded).sort()).toEqual([A, B]);
  });

  it('when an attempt recorded on account B is retried (its first try died before the provider answered), then it takes a pacer slot of B and is dialled from B', async () => {
    const userId = await insertUser(t.db.knex, { prefs: LONDON_PREFS });
    // An empty second: unpinned, the retry's first free slot would be A's (.000).
    const input = {
      ...dialInput(userId, 3),
      plannedAt: new Date(Math.ceil(Date.now() / 1000) * 1000 + 3000).toISOString(),
    };
    const attemptKey = attemptKeyFor(input);
    await recordPendingAttempt(t.db.knex, input, B);
    const result = await new MockActivityEnvironment().run(createCallActivities(t.deps).dialCall, input);
    expect(result).toEqual({ status: 'placed', attemptKey });
    expect(await callFrom(attemptKey)).toEqual({ recorded: B, dialledFrom: B });
    // The retry's slot is B's, so B stays within its rate.
    expect(await slotMsOf(attemptKey)).toBe(50);
  });

  // A phone's "repeated calls" exception (iOS, Android) lets a second call through only from the
  // same number: the Do Not Disturb ring-through must leave from attempt 1's account.
  it("when attempt 1 of a morning came from account B, then its ring-through takes a pacer slot of B and rings from B, although the free slot of its second is A's", async () => {
    const userId = await insertUser(t.db.knex, { plan: 'PLUS', prefs: LONDON_PREFS });
    const activities = createCallActivities(t.deps);
    const plan = await activities.planNextFajrCall({ userId, afterDate: null, now: new Date().toISOString() });
    if (plan.status !== 'planned') throw new Error(plan.status);
    const workflowId = `fajr-call:${userId}:${plan.callDate}`;
    const first = {
      userId,
      workflowId,
      attempt: 1,
      kind: 'fajr' as const,
      callDate: plan.callDate,
      plannedAt: plan.callAt,
    };
    await recordPendingAttempt(t.db.knex, first, B);
    // An empty second: unpinned, its first slot (A's, at .000) would be taken.
    const plannedAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3000).toISOString();
    const input = {
      userId,
      workflowId,
      attempt: 3,
      kind: 'ring-through' as const,
      callDate: plan.callDate,
      plannedAt,
      dayCallAt: plan.callAt,
    };
    const result = await new MockActivityEnvironment().run(activities.dialCall, input);
    expect(result).toEqual({ status: 'placed', attemptKey: attemptKeyFor(input) });
    expect(await callFrom(attemptKeyFor(input))).toEqual({ recorded: B, dialledFrom: B });
    // B's first slot in an empty second: .050.
    expect(await slotMsOf(attemptKeyFor(input))).toBe(50);
  });

  it("when pinned takers and free takers share a second, then each pinned one gets its account's next slot, the others fill the rest, and nobody exceeds its account's rate", async () => {
    const callers = [
      { number: A, callsPerSecond: 2 },
      { number: B, callsPerSecond: 2 },
    ];
    const account = pacerKey('pin-test', callers);
    const planned = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000);
    const take = (key: string, pinTo?: string) =>
      reservePacerSlot(t.db.knex, { account, attemptKey: key, planned, callers, pinTo, now: new Date() });
    // The bucket's slots: A .000, B .250, A .500, B .750.
    const got = [];
    for (const [key, pin] of [
      ['p1', B],
      ['f1', undefined],
      ['p2', B],
      ['f2', undefined],
      ['p3', B],
    ] as const) {
      const r = await take(`pin-${planned.getTime()}-${key}`, pin);
      got.push([key, r.callerAccount, r.slot.getTime() - planned.getTime()]);
    }
    expect(got).toEqual([
      ['p1', B, 250], // A's .000 passed over (a gap)
      ['f1', A, 500],
      ['p2', B, 750],
      ['f2', A, 1000], // the next second
      ['p3', B, 1250],
    ]);
  });

  it('when a silenced phone (Do Not Disturb, repeated calls allowed) was called from A, then a second call from B is still rejected and one from A rings through', async () => {
    const telephony = t.deps.providers.telephony as unknown as LocalTelephony;
    const to = freshPhone();
    await telephony.setBehaviour(to, { outcome: 'silenced' });
    const call = async (from: string, n: number) => {
      const { sid } = await telephony.placeCall({
        to,
        from,
        adhaanUrl: '/adhaan.mp3',
        attemptKey: `silenced-${to}#${n}`,
      });
      const row = await t.db.knex('local_phone_calls').where({ sid }).first('params');
      return row.params.behaviour.outcome;
    };
    expect(await call(A, 1)).toBe('busy');
    expect(await call(B, 2)).toBe('busy');
    expect(await call(A, 3)).toBe('answer');
  });

  // Twilio throttles and queues an account's outbound calls "to never exceed" its calls per second
  // (QueueTime says how long); the local provider does the same, so what a provider dials can be
  // counted, not only what we asked of it.
  it("when more calls reach the provider at once than an account's rate, then it dials them 1 / rate apart, says how long each waited, reports them queued until then, and the other account's are not held up", async () => {
    const telephony = t.deps.providers.telephony as unknown as LocalTelephony;
    // The earlier tests' calls have left both queues (one dial per 100 ms).
    await new Promise((r) => setTimeout(r, 200));
    const placed = await placeBurst(telephony, A, B);
    const rows = await localCallRows(
      t.db.knex,
      placed.map((p) => p.sid),
    );
    const fromA = rows
      .filter((r) => r.from_number === A)
      .sort((x, y) => x.dialled_at.getTime() - y.dialled_at.getTime());
    // 10/s: each dial at least 100 ms after the one before (the row keeps microseconds; a Date, ms).
    const gaps = fromA.slice(1).map((r, i) => r.dialled_at.getTime() - fromA[i]!.dialled_at.getTime());
    expect(gaps.filter((g) => g < 99)).toEqual([]);
    // Each waited exactly until its dial, and said so; the last of five waited ~0.4 s.
    for (const r of rows) expect(r.queue_ms).toBe(r.dialled_at.getTime() - r.created_at.getTime());
    for (const p of placed) expect(p.queueMs).toBe(rows.find((r) => r.sid === p.sid)!.queue_ms);
    expect(Math.max(...fromA.map((r) => r.queue_ms))).toBeGreaterThanOrEqual(399);
    // B's call does not wait behind A's queue.
    expect(rows.find((r) => r.from_number === B)!.queue_ms).toBeLessThan(100);
    // Queued until dialled, then ringing.
    const last = fromA[fromA.length - 1]!;
    expect((await t.db.knex('local_phone_calls').where({ sid: last.sid }).first('status')).status).toBe('queued');
    await new Promise((r) => setTimeout(r, Math.max(0, last.dialled_at.getTime() - Date.now()) + 10));
    expect((await telephony.getCall(last.sid)).status).toBe('ringing');
  });
});
