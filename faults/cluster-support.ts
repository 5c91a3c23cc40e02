import type { Client } from '@temporalio/client';
import type { TestDatabase } from '@fajr/migrations/testing';
import { DEFAULT_CALL_ARMING_RATE } from '@fajr/activities';
import { readArmingRate } from '@fajr/activities/calls/calls.activities';
import { sleep, startChains, waitUntil, type Proc } from '@fajr/scripts/testing/processes';
import { fajrCallWorkflowId } from '@fajr/workflows';
import { atMosque, seedMosqueAt, seedUsers, type SeededUser } from '../bench/seed';

// What cluster.test.ts measures with: its accounts and leads, the scenario a burst is (users due together at one
// mosque), and the checks every scenario makes (each user called once, on a reserved slot; how late).

/** Two provider accounts (caller numbers) at 10 calls/s each: a burst's calls leave at 20/s in all. */
export const ACCOUNTS = [
  { number: '+447700900201', callsPerSecond: 10 },
  { number: '+447700900202', callsPerSecond: 10 },
];
export const RATE = ACCOUNTS.reduce((s, a) => s + a.callsPerSecond, 0);
/** Short arming: a call arms this plus (same-minute neighbours / the arming rate) seconds ahead. */
export const ARM_LEAD_SECONDS = 5;
/**
 * How long Temporal takes to learn that a SIGKILLed worker's armed calls have no holder: the dial's
 * heartbeat timeout, DIAL_HEARTBEAT_TIMEOUT_S.min (workflows/src/calls.ts) for leads under 120 s.
 * Nothing is told when a process dies, so this is the gap a kill opens for the calls it held.
 */
export const KILL_HANDOVER_MS = 20_000;
/**
 * Room for each chain to plan its first call before it is armed: chains started 20 s ahead of 200
 * users planned too late on a loaded machine (~6 chains/s there); planning all scenarios' chains up
 * front instead starved the first scenarios' calls of workflow tasks.
 */
export const PLANNING_MS_PER_CHAIN = 60;

/** One placed call as the provider saw it, with the slot the pacer gave it and the account recorded. */
export interface Placed {
  phone: string;
  /** When the provider accepted the request (local_phone_calls.created_at, Twilio's date_created). */
  at: number;
  /** When the provider dialled it, after its account's queue (Twilio's QueueTime later). */
  dialledAt: number;
  slot: number | null;
  /** When the attempt was recorded (call_attempts.created_at, the database clock). */
  recordedAt: number | null;
  callerAccount: string | null;
  from: string;
}

/** A scenario's users, all due at `callAt` (ms). */
export interface Scenario {
  users: SeededUser[];
  callAt: number;
}

export const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

/** The stack cluster.test.ts started once (its beforeAll), as the helpers below use it. */
export interface ClusterStack {
  tdb: TestDatabase;
  client: Client;
  taskQueue: string;
  /** The processes' complaints and the server's last lines, for a failure's message. */
  output: () => string;
}

/** Until the worker process polls the task queue for activities (its identity is `<pid>@<host>`). */
export const polling = async (c: ClusterStack, w: Proc) => {
  const { client, taskQueue } = c;
  const ok = await waitUntil(async () => {
    const res = await client.workflowService
      .describeTaskQueue({ namespace: 'default', taskQueue: { name: taskQueue }, taskQueueType: 2 /* ACTIVITY */ })
      .catch(() => undefined);
    return (res?.pollers ?? []).some((p) => p.identity?.startsWith(`${w.child.pid}@`));
  }, 90_000);
  if (!ok) throw new Error(`worker ${w.child.pid} never polled:\n${w.output.slice(-20).join('\n')}`);
};

/**
 * `n` users of one mosque, all due at one whole second, their chains started. The instant leaves the
 * chains time to plan (PLANNING_MS_PER_CHAIN each; a chain that plans after it is not called that
 * day) and then the arming lead before it.
 */
export async function dueTogether(c: ClusterStack, n: number, prefix: string, phoneBase: number): Promise<Scenario> {
  const { tdb, client, taskQueue } = c;
  // The planner's lead: an earlier scenario's crowded arming, measured slower, lengthens it (a
  // worker reads the rate at most every 10 minutes, so its own is never lower than this fresh read).
  const { rate } = await readArmingRate(tdb.knex, DEFAULT_CALL_ARMING_RATE);
  const lead = ARM_LEAD_SECONDS + Math.ceil(n / rate);
  const callAt = Math.ceil((Date.now() + 5000 + n * PLANNING_MS_PER_CHAIN + lead * 1000) / 1000) * 1000;
  const mosqueId = await seedMosqueAt(tdb.knex, new Date(callAt));
  const users = await seedUsers(tdb.knex, n, () => atMosque(mosqueId), { prefix, phoneBase, withSessions: false });
  await startChains(
    client,
    taskQueue,
    users.map((u) => u.id),
    20,
  );
  return { users, callAt };
}

/** Every provider call to these users, with its pacer slot and recorded account (the slot through the call log's attempt key). */
export async function placedCalls(tdb: TestDatabase, users: SeededUser[]): Promise<Placed[]> {
  const rows: {
    to_number: string;
    from_number: string;
    created_at: Date;
    dialled_at: Date;
    slot_at: Date | null;
    caller_account: string | null;
    recorded_at: Date | null;
  }[] = await tdb
    .knex('local_phone_calls as c')
    .leftJoin('call_attempts as a', 'a.provider_call_id', 'c.sid')
    .leftJoin('call_pacer_reservations as r', 'r.attempt_key', 'a.attempt_key')
    .whereIn(
      'c.to_number',
      users.map((u) => u.phone),
    )
    .orderBy('c.created_at')
    .select(
      'c.to_number',
      'c.from_number',
      'c.created_at',
      'c.dialled_at',
      'r.slot_at',
      'a.caller_account',
      'a.created_at as recorded_at',
    );
  return rows.map((r) => ({
    phone: r.to_number,
    from: r.from_number,
    at: r.created_at.getTime(),
    dialledAt: r.dialled_at.getTime(),
    slot: r.slot_at?.getTime() ?? null,
    callerAccount: r.caller_account,
    recordedAt: r.recorded_at?.getTime() ?? null,
  }));
}

/**
 * Waits until every user was called (or `deadline`), then a few seconds more for a duplicate dial,
 * and checks exactly once: one provider call per number, one call-log row per user.
 */
export async function expectEachCalledOnce(c: ClusterStack, users: SeededUser[], deadline: number): Promise<Placed[]> {
  const { tdb, client, output } = c;
  const phones = users.map((u) => u.phone);
  const calledCount = async () => {
    const [row] = await tdb.knex('local_phone_calls').whereIn('to_number', phones).countDistinct({ n: 'to_number' });
    return Number(row?.n ?? 0);
  };
  const all = await waitUntil(async () => (await calledCount()) >= users.length, Math.max(0, deadline - Date.now()));
  await sleep(3000); // a duplicate dial, if any, would land now
  const attempts = async () =>
    JSON.stringify(
      await tdb
        .knex('call_attempts')
        .whereIn(
          'user_id',
          users.map((u) => u.id),
        )
        .groupBy('outcome', 'error')
        .select('outcome', 'error', tdb.knex.raw('count(*)::int as n')),
    );
  // Where the first few uncalled users' calls are: their day's workflow and its pending dial.
  const stuck = async () => {
    const called = new Set(
      (await tdb.knex('local_phone_calls').whereIn('to_number', phones).pluck('to_number')) as string[],
    );
    const missing = users.filter((u) => !called.has(u.phone)).slice(0, 3);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const described = await Promise.all(
      missing.map(async (u) => {
        const d = await client.workflow
          .getHandle(fajrCallWorkflowId(u.id, day))
          .describe()
          .catch((err: Error) => ({ error: err.message }));
        if ('error' in d) return d;
        const pending = (d.raw.pendingActivities ?? []).map((a) => ({
          type: a.activityType?.name,
          state: a.state,
          attempt: a.attempt,
          failure: a.lastFailure?.message,
        }));
        return { status: d.status.name, historyLength: d.historyLength, pending };
      }),
    );
    return JSON.stringify(described);
  };
  const context = all
    ? ''
    : `only ${await calledCount()} of ${users.length} called; call log: ${await attempts()}; uncalled: ${await stuck()}; ${output()}`;
  expect({ called: all ? users.length : await calledCount(), context }).toEqual({
    called: users.length,
    context: '',
  });
  const placed = await placedCalls(tdb, users);
  const perPhone = new Map<string, number>();
  for (const p of placed) perPhone.set(p.phone, (perPhone.get(p.phone) ?? 0) + 1);
  expect([...perPhone].filter(([, n]) => n !== 1)).toEqual([]);
  expect(placed).toHaveLength(users.length);
  const logs: { user_id: string; n: number }[] = await tdb
    .knex('call_attempts')
    .whereIn(
      'user_id',
      users.map((u) => u.id),
    )
    .where({ kind: 'fajr', attempt: 1 })
    .groupBy('user_id')
    .select('user_id', tdb.knex.raw('count(*)::int as n'));
  expect(logs.filter((l) => l.n !== 1)).toEqual([]);
  expect(logs).toHaveLength(users.length);
  // Every call left on a reserved slot, never before it.
  expect(placed.filter((p) => p.slot === null)).toEqual([]);
  expect(placed.filter((p) => p.at < p.slot!)).toEqual([]);
  return placed;
}

export const lateness = (placed: Placed[]) => placed.map((p) => p.at - p.slot!);
export const describeLateness = (late: number[]) =>
  `p50 ${quantile(late, 0.5)} ms, p99 ${quantile(late, 0.99)} ms, max ${Math.max(...late)} ms`;
