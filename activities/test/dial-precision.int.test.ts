import type { Knex } from 'knex';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createKnex } from '@fajr/migrations';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { recordPendingAttempt, testCallInput } from '@fajr/scripts/testing/attempts';
import { insertUser, LONDON_PREFS, testDeps } from '@fajr/scripts/testing/fixtures';
import { attemptKeyFor, createCallActivities, type DialInput } from '../src/calls/calls.activities';
import { heldPacerSlot, reservePacerSlot } from '../src/repositories/pacer.repository';

const N = 200;
/** A pool far smaller than the burst (the worker's is 20 for 1,000 calls): everything done at the slot would queue on it. */
const POOL = 4;

// Issue 20, point 6: an armed call leaves on its slot. Everything but the provider request (the
// re-check and the attempt record) is done before the slot, staggered so a crowded instant does not
// queue on the DB pool, and the local provider stamps a call when the request arrives.
describe('the dial leaves on its pacer slot (real Postgres, local telephony)', () => {
  let db: TestDatabase;
  let pool: Knex;
  beforeAll(async () => {
    db = await createTestDatabase();
    pool = createKnex(db.url, { min: 0, max: POOL });
  });
  afterAll(async () => {
    await pool?.destroy();
    await db?.drop();
  });

  const dialInput = (userId: string, n: number, plannedAt: number): DialInput =>
    testCallInput(userId, `r${n}`, '2026-11-23', new Date(plannedAt).toISOString());
  /**
   * How long after its reserved slot each attempt's call reached the provider and its attempt was
   * recorded (ms; negative = before the slot), and how many calls each attempt made.
   */
  async function latenessBehindSlot(
    keys: string[],
  ): Promise<{ late: number[]; recordedBehind: number[]; callsPerAttempt: number[] }> {
    const { rows } = await db.knex.raw<{
      rows: { slot_at: Date; created_at: Date | null; recorded_at: Date; calls: number }[];
    }>(
      `select r.slot_at, min(c.created_at) as created_at, min(a.created_at) as recorded_at, count(c.sid)::int as calls
         from call_pacer_reservations r
         join call_attempts a on a.attempt_key = r.attempt_key
         left join local_phone_calls c on c.params->>'attemptKey' = r.attempt_key
        where r.attempt_key = any(?) group by r.attempt_key, r.slot_at`,
      [keys],
    );
    return {
      late: rows.map((r) => r.created_at!.getTime() - r.slot_at.getTime()),
      recordedBehind: rows.map((r) => r.recorded_at.getTime() - r.slot_at.getTime()),
      callsPerAttempt: rows.map((r) => r.calls),
    };
  }

  // How close to the slot the provider request leaves is a speed figure, measured by `bench:burst`
  // (docs/BENCHMARKS.md: lateness behind the slot) on a machine doing nothing else; a bound here
  // failed a CI run at p99 129 ms beside other suites on 2 cores. What keeps it small is checked here:
  // the DB work is done before the slot, so on the slot only the provider request leaves.
  it(`when ${N} armed calls share one instant on a DB pool of ${POOL}, then each records its attempt before its slot and reaches the provider on or after it, once`, async () => {
    const deps = testDeps(pool, db.url, { CALLS_PER_SECOND: '100000', CALL_ARM_LEAD_SECONDS: '0' });
    const userId = await insertUser(db.knex, { prefs: LONDON_PREFS });
    // Far enough ahead for the reservations and the staggered re-checks (3 s + 1 s per 100 ahead), on a busy machine.
    const instant = Math.ceil(Date.now() / 1000) * 1000 + 10_000;
    const inputs = Array.from({ length: N }, (_, n) => dialInput(userId, n, instant));
    const activities = createCallActivities(deps);
    const results = await Promise.all(
      inputs.map((input) => new MockActivityEnvironment().run(activities.dialCall, input)),
    );
    expect(results.filter((r) => (r as { status: string }).status === 'placed')).toHaveLength(N);

    const { late, recordedBehind, callsPerAttempt } = await latenessBehindSlot(inputs.map(attemptKeyFor));
    late.sort((a, b) => a - b);
    expect({ calls: callsPerAttempt.length, dialledTwice: callsPerAttempt.filter((c) => c !== 1).length }).toEqual({
      calls: N,
      dialledTwice: 0,
    });
    // Never before the slot (the slot is kept to the microsecond, a JS Date to the millisecond).
    expect(late[0]).toBeGreaterThanOrEqual(-1);
    // The re-check and the attempt record were done before the slot (the old dial did both on it, and
    // 200 calls queued them on the pool of 4: p50 768 ms behind the slot).
    expect(recordedBehind.filter((ms) => ms >= 0)).toEqual([]);
    process.stdout.write(
      `dial precision: ${N} calls, lateness behind the slot p50 ${late[Math.ceil(0.5 * N) - 1]} ms, p99 ${late[Math.ceil(0.99 * N) - 1]} ms, max ${late[N - 1]} ms\n`,
    );
  }, 45_000);

  it('when a try recorded its attempt and stopped before the slot (a worker handing it over), then the retry waits for that slot, asks the provider there and dials once', async () => {
    const deps = testDeps(db.knex, db.url, { CALLS_PER_SECOND: '50', CALL_ARM_LEAD_SECONDS: '0' });
    const userId = await insertUser(db.knex, { prefs: LONDON_PREFS });
    const input = dialInput(userId, 1000, Math.ceil(Date.now() / 1000) * 1000 + 5000);
    const attemptKey = attemptKeyFor(input);
    const now = new Date();
    // The stopped try's state: its slot reserved and its attempt recorded, no provider call id.
    const { slot } = await reservePacerSlot(db.knex, {
      account: deps.providers.telephony.account,
      attemptKey,
      planned: new Date(input.plannedAt),
      callsPerSecond: 50,
      now,
    });
    await recordPendingAttempt(db.knex, input);
    const telephony = deps.providers.telephony;
    const askedAt: number[] = [];
    const findCall = telephony.findCall.bind(telephony);
    jest.spyOn(telephony, 'findCall').mockImplementation((...args) => (askedAt.push(Date.now()), findCall(...args)));

    const result = await new MockActivityEnvironment().run(createCallActivities(deps).dialCall, input);
    expect(result).toEqual({ status: 'placed', attemptKey });
    // Asked once, not before the slot (an earlier try could still dial on it).
    expect(askedAt).toHaveLength(1);
    expect(askedAt[0]!).toBeGreaterThanOrEqual(slot.getTime());
    const { late, callsPerAttempt } = await latenessBehindSlot([attemptKey]);
    expect(callsPerAttempt).toEqual([1]);
    expect(late[0]).toBeGreaterThanOrEqual(-1);
    // On the reserved slot, not a fresh one (a retry takes a fresh slot only when its own is more than 2 s past).
    expect(late[0]).toBeLessThan(1000);
    expect(slot.getTime()).toBe(Date.parse(input.plannedAt));
  }, 20_000);

  it('when a try died around its dial and its slot is past, then the retry finds the call at the provider at once, takes no fresh slot and does not dial again', async () => {
    const deps = testDeps(db.knex, db.url, { CALLS_PER_SECOND: '50', CALL_ARM_LEAD_SECONDS: '0' });
    const userId = await insertUser(db.knex, { prefs: LONDON_PREFS });
    const planned = Math.floor(Date.now() / 1000) * 1000 - 20_000;
    const input = dialInput(userId, 2000, planned);
    const attemptKey = attemptKeyFor(input);
    // The dead try's state: its slot (20 s ago) reserved, its attempt recorded, its call at the
    // provider, and no provider call id (it died before writing it).
    const { slot } = await reservePacerSlot(db.knex, {
      account: deps.providers.telephony.account,
      attemptKey,
      planned: new Date(planned),
      callsPerSecond: 50,
      now: new Date(planned),
    });
    await recordPendingAttempt(db.knex, input);
    const { phone_number: to } = await db.knex('users').where({ id: userId }).first('phone_number');
    const { sid } = await deps.providers.telephony.placeCall({
      to,
      adhaanUrl: 'https://example.org/adhaan.mp3',
      attemptKey,
      awakeCheck: false,
    });

    const started = Date.now();
    const result = await new MockActivityEnvironment().run(createCallActivities(deps).dialCall, input);
    expect(result).toEqual({ status: 'placed', attemptKey });
    // Recovered without waiting for a fresh slot (one would be 2 s or more away: taken at or after now, then waited for).
    expect(Date.now() - started).toBeLessThan(1900);
    expect(await db.knex('call_attempts').where({ attempt_key: attemptKey }).first('provider_call_id')).toEqual({
      provider_call_id: sid,
    });
    // The reservation is still the slot the call left on, and no second call was made.
    expect(await heldPacerSlot(db.knex, attemptKey)).toEqual(slot);
    expect((await latenessBehindSlot([attemptKey])).callsPerAttempt).toEqual([1]);
  }, 20_000);
});
