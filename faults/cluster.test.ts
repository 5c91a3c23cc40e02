import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { DEFAULT_CALL_ARMING_RATE } from '@fajr/activities';
import { readArmingRate } from '@fajr/activities/calls/calls.activities';
import { loadScriptsConfig } from '@fajr/scripts/config';
import { freePort } from '@fajr/scripts/lib/ports';
import {
  freeServerPorts,
  spawnTemporalServer,
  startTemporalCluster,
  type TemporalServer,
  type TemporalServerBinaries,
} from '@fajr/scripts/lib/temporal-server';
import { sleep, startChains, startProcess, waitUntil, type Proc } from '@fajr/scripts/testing/processes';
import { fajrCallWorkflowId } from '@fajr/workflows';
import { atMosque, seedMosqueAt, seedUsers, type SeededUser } from '../bench/seed';

/**
 * The production shape (issue 20): the real Temporal server v1.29.1 (not the CLI's dev server) on
 * Postgres with 4 history shards and SQL advanced visibility, two real worker processes and two API
 * processes (Node cluster, as `npm run start:cluster` runs them), both configured with two caller
 * accounts at 10 calls/s each. One stack, started once, carries four scenarios in turn: one call end
 * to end; 200 calls over the two accounts; 300 calls through a rolling restart of both workers; 500
 * calls through a worker SIGKILL and a Temporal server restart. `npm test` builds the server into the
 * cache (FAJR_TEMPORAL_SERVER); where it cannot be built, this says why and skips.
 */
const binaries = process.env.FAJR_TEMPORAL_SERVER;
const unavailable = process.env.FAJR_TEMPORAL_SERVER_UNAVAILABLE;
if (!binaries && !unavailable) throw new Error('FAJR_TEMPORAL_SERVER is not set: run this test through `npm test`');
if (!binaries)
  process.stderr.write(`SKIPPED faults/cluster.test.ts: the Temporal server could not be built (${unavailable})\n`);
const describeIfBuilt = binaries ? describe : describe.skip;

/** Two provider accounts (caller numbers) at 10 calls/s each: a burst's calls leave at 20/s in all. */
const ACCOUNTS = [
  { number: '+447700900201', callsPerSecond: 10 },
  { number: '+447700900202', callsPerSecond: 10 },
];
const RATE = ACCOUNTS.reduce((s, a) => s + a.callsPerSecond, 0);
/** Short arming: a call arms this plus (same-minute neighbours / the arming rate) seconds ahead. */
const ARM_LEAD_SECONDS = 5;
/**
 * How long Temporal takes to learn that a SIGKILLed worker's armed calls have no holder: the dial's
 * heartbeat timeout, DIAL_HEARTBEAT_TIMEOUT_S.min (workflows/src/calls.ts) for leads under 120 s.
 * Nothing is told when a process dies, so this is the gap a kill opens for the calls it held.
 */
const KILL_HANDOVER_MS = 20_000;
/**
 * Room for each chain to plan its first call before it is armed: chains started 20 s ahead of 200
 * users planned too late on a loaded machine (~6 chains/s there); planning all scenarios' chains up
 * front instead starved the first scenarios' calls of workflow tasks.
 */
const PLANNING_MS_PER_CHAIN = 60;

/** One placed call as the provider saw it, with the slot the pacer gave it and the account recorded. */
interface Placed {
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
interface Scenario {
  users: SeededUser[];
  callAt: number;
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

describeIfBuilt('the Temporal server on Postgres with two workers and two APIs', () => {
  const cfg = loadScriptsConfig();
  const bin = binaries ? (JSON.parse(binaries) as TemporalServerBinaries) : undefined;
  let tdb: TestDatabase;
  let server: TemporalServer | undefined;
  let connection: Connection | undefined;
  let client: Client;
  let api: Proc | undefined;
  const workers: Proc[] = [];
  const stopped: Proc[] = [];
  const serverOutput: string[] = [];
  const taskQueue = `cluster-${randomUUID()}`;
  let env: Record<string, string>;
  const started = Date.now();

  const startWorker = () => startProcess('worker/src/main.ts', env);
  /** The processes' complaints (their webpack and info lines left out) and the server's last lines. */
  const output = () =>
    `processes:\n${[...stopped, ...workers, ...(api ? [api] : [])]
      .flatMap((w) => w.output)
      .filter((l) => /error|warn|fail|refused/i.test(l))
      .slice(-30)
      .join('\n')}` + `\nserver:\n${serverOutput.slice(-10).join('\n')}`;

  /** Until the worker process polls the task queue for activities (its identity is `<pid>@<host>`). */
  const polling = async (w: Proc) => {
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
  async function dueTogether(n: number, prefix: string, phoneBase: number): Promise<Scenario> {
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
  async function placedCalls(users: SeededUser[]): Promise<Placed[]> {
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
  async function expectEachCalledOnce(users: SeededUser[], deadline: number): Promise<Placed[]> {
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
    const placed = await placedCalls(users);
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

  const lateness = (placed: Placed[]) => placed.map((p) => p.at - p.slot!);
  const describeLateness = (late: number[]) =>
    `p50 ${quantile(late, 0.5)} ms, p99 ${quantile(late, 0.99)} ms, max ${Math.max(...late)} ms`;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    // Temporal's own databases beside the test's, on the same throwaway Postgres `npm test` runs.
    const cluster = await startTemporalCluster(cfg, {
      pgServerUrl: process.env.FAJR_TEST_PG_SERVER_URL!,
      ports: await freeServerPorts(),
      namespace: 'default',
      databasePrefix: `temporal_${randomUUID().slice(0, 8)}`,
      bin,
      onLine: (line) => serverOutput.push(line),
    });
    server = cluster.server;
    process.stdout.write(`cluster test: server up ${Date.now() - started} ms after the start\n`);
    connection = await Connection.connect({ address: server.address });
    client = new Client({ connection, namespace: 'default' });

    const apiPort = await freePort();
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    env = {
      DATABASE_URL: tdb.url,
      TEMPORAL_ADDRESS: server.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      // The local provider posts its status callbacks to the API, which signals the call's workflow.
      PUBLIC_BASE_URL: apiUrl,
      CALL_ARM_LEAD_SECONDS: String(ARM_LEAD_SECONDS),
      CALLER_ACCOUNTS: ACCOUNTS.map((a) => `${a.number}=${a.callsPerSecond}`).join(','),
    };
    workers.push(startWorker(), startWorker());
    api = startProcess('scripts/src/api-cluster.ts', {
      ...env,
      PORT: String(apiPort),
      API_PROCESSES: '2',
      NODE_ENV: 'development',
      RATE_LIMITS: 'off',
    });
    const apiUp = await waitUntil(
      async () => (await fetch(`${apiUrl}/api/health`).catch(() => undefined))?.ok === true,
      60_000,
    );
    expect({ apiUp, output: apiUp ? '' : api.output.join('\n') }).toEqual({ apiUp: true, output: '' });
    for (const w of workers) await polling(w);
    process.stdout.write(`cluster test: two workers and two APIs up ${Date.now() - started} ms after the start\n`);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([...workers, ...(api ? [api] : [])].map((w) => w.stop()));
    await connection?.close();
    await server?.stop();
    await tdb?.drop();
    process.stdout.write(`cluster test: whole file ${Date.now() - started} ms\n`);
  }, 60_000);

  it('when a user is due, then the call is placed once through one of the two workers, answered, logged, and found in visibility by UserId', async () => {
    const { users, callAt } = await dueTogether(1, 'cluster', 40_000_000);
    const user = users[0]!;
    const answered = await waitUntil(
      async () => {
        const row = await tdb.knex('call_attempts').where({ user_id: user.id, kind: 'fajr' }).first('outcome');
        return row?.outcome === 'answered';
      },
      callAt - Date.now() + 45_000,
    );
    expect({ answered, output: answered ? '' : output() }).toEqual({ answered: true, output: '' });
    const [call] = await expectEachCalledOnce(users, Date.now());
    const lateMs = call!.at - callAt;
    expect(lateMs).toBeGreaterThanOrEqual(0);
    expect(lateMs).toBeLessThan(5000);

    // Postgres advanced visibility: the day's call workflow is found by its custom search attribute.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(callAt);
    const found = await waitUntil(async () => {
      for await (const wf of client.workflow.list({ query: `UserId = "${user.id}"` }))
        if (wf.workflowId === fajrCallWorkflowId(user.id, today)) return true;
      return false;
    }, 15_000);
    expect(found).toBe(true);
    process.stdout.write(`cluster test: one call placed ${lateMs} ms after its instant\n`);
  }, 120_000);

  it('when 200 users are due at once with two accounts at 10 calls/s each, then the pacer slots alternate within each account rate, end at 9.95 s, the calls leave on them, and the provider dials none above either rate', async () => {
    const n = 200;
    const { users, callAt } = await dueTogether(n, 'accounts', 41_000_000);
    const placed = await expectEachCalledOnce(users, callAt + 60_000);
    const late = lateness(placed);
    const end = Math.max(...placed.map((p) => p.at)) - callAt;
    // Planned order: in the provider's order (placed is sorted by created_at) no call's slot is
    // earlier than the one placed before it.
    const outOfOrder = placed.filter((p, i) => i > 0 && p.slot! < placed[i - 1]!.slot!).length;
    // Each account: the calls it placed (from number = recorded account), counted per calendar second of the provider's clock.
    const perSecond = new Map<string, number>();
    for (const p of placed) {
      const key = `${p.from} ${Math.floor(p.at / 1000)}`;
      perSecond.set(key, (perSecond.get(key) ?? 0) + 1);
    }
    const busiest = Object.fromEntries(
      ACCOUNTS.map((a) => [
        a.number,
        Math.max(...[...perSecond].filter(([k]) => k.startsWith(`${a.number} `)).map(([, c]) => c)),
      ]),
    );
    const perAccount = Object.fromEntries(
      ACCOUNTS.map((a) => [a.number, placed.filter((p) => p.from === a.number).length]),
    );
    // What the provider dialled: each account's most dials in any one second (sliding), and how long
    // its queue held calls that reached it faster than its rate.
    const mostDialsInASecond = Object.fromEntries(
      ACCOUNTS.map((a) => {
        const dials = placed
          .filter((p) => p.from === a.number)
          .map((p) => p.dialledAt)
          .sort((x, y) => x - y);
        return [a.number, Math.max(...dials.map((d, i) => dials.slice(i).filter((e) => e < d + 1000).length))];
      }),
    );
    const queued = placed.map((p) => p.dialledAt - p.at).sort((x, y) => x - y);
    const dialEnd = Math.max(...placed.map((p) => p.dialledAt)) - callAt;
    process.stdout.write(
      `cluster test (c): ${n} calls over two accounts at 10/s: last request ${end} ms, last dial ${dialEnd} ms after the instant (N / rate = ${(n / RATE) * 1000} ms), lateness vs slot ${describeLateness(late)}, ` +
        `out of slot order ${outOfOrder}, per account ${JSON.stringify(perAccount)}, busiest request second per account ${JSON.stringify(busiest)}, ` +
        `most dials in any second per account ${JSON.stringify(mostDialsInASecond)}, provider queue p99 ${queued[Math.ceil(0.99 * n) - 1]} ms, max ${queued[n - 1]} ms (queued: ${queued.filter((q) => q > 0).length}); ` +
        `late over 100 ms (slot after the instant / lateness): ${placed
          .filter((p) => p.at - p.slot! > 100)
          .map((p) => `${p.slot! - callAt}/${p.at - p.slot!} (recorded ${p.recordedAt! - p.slot!})`)
          .join(' ')}\n`,
    );
    expect(placed.filter((p) => p.callerAccount !== p.from)).toEqual([]);
    expect(perAccount).toEqual(Object.fromEntries(ACCOUNTS.map((a) => [a.number, n / 2])));
    // The plan (the pacer's slots): N / (sum of rates), the last at 9.95 s, one slot per call, and no
    // account given more slots in a second than its rate.
    const slots = placed.map((p) => p.slot!);
    expect(new Set(slots).size).toBe(n);
    expect(Math.max(...slots) - callAt).toBe(((n - 1) / RATE) * 1000);
    const slotsPerSecond = new Map<string, number>();
    for (const p of placed) {
      const key = `${p.from} ${Math.floor(p.slot! / 1000)}`;
      slotsPerSecond.set(key, (slotsPerSecond.get(key) ?? 0) + 1);
    }
    expect(Math.max(...slotsPerSecond.values())).toBe(ACCOUNTS[0]!.callsPerSecond);
    // The calls on them: each on its slot, the last at ~10 s.
    expect(end).toBeGreaterThanOrEqual(((n - 1) / RATE) * 1000);
    expect(end).toBeLessThan((n / RATE) * 1000 + 1000);
    // On these two cores the Temporal server, Postgres, two workers and two APIs share the CPU, and
    // while the earlier calls' follow-up work (status callbacks, signals, outcomes, next-day plans)
    // runs, the workers are not scheduled for up to ~0.6 s: the calls of those slots leave together
    // when they are (measured on an otherwise idle machine: lateness p50 1–10 ms, max 245–606 ms; their
    // attempts were all recorded ~3 s before the slot, so it is not the database), can swap places,
    // and put up to 14 requests of one account into one second. A dial never leaves before its slot
    // (expectEachCalledOnce).
    expect(Math.max(...late)).toBeLessThanOrEqual(1500);
    // The provider (like Twilio, which throttles and queues an account's calls "to never exceed" its
    // CPS) dials those at its rate: none above either account's 10 a second, the last within the
    // requests' lateness of 10 s.
    expect(mostDialsInASecond).toEqual(Object.fromEntries(ACCOUNTS.map((a) => [a.number, a.callsPerSecond])));
    expect(dialEnd).toBeLessThan((n / RATE) * 1000 + 1500);
  }, 180_000);

  it('when both workers are restarted one after the other (SIGTERM, as a deploy does) around 300 due calls, then each is placed once and none more than 5 s after its slot', async () => {
    const n = 300;
    const { users, callAt } = await dueTogether(n, 'deploy', 42_000_000);
    // The deploy starts while the calls are armed (held inside the workers) and runs into the burst (15 s).
    await sleep(Math.max(0, callAt - 10_000 - Date.now()));
    const restarts: string[] = [];
    for (const i of [0, 1]) {
      const from = Date.now();
      const old = workers[i]!;
      await old.stop();
      stopped.push(old);
      const exitedAfter = Date.now() - from;
      workers[i] = startWorker();
      await polling(workers[i]!);
      restarts.push(
        `worker ${i + 1}: stopped in ${exitedAfter} ms, polling again ${Date.now() - from} ms after SIGTERM (from ${from - callAt} ms)`,
      );
    }
    const placed = await expectEachCalledOnce(users, callAt + 90_000);
    const late = lateness(placed);
    process.stdout.write(
      `cluster test (b): rolling restart, ${restarts.join('; ')}; ${n} calls, lateness vs slot ${describeLateness(late)}\n`,
    );
    // The issue's bound: no call more than 5 s late. Measured on this machine: max 2.6 s and 4.4 s while
    // a crowded minute's chains re-planned at once behind its dials; 0.44 s alone and 2.2 s in a CI run
    // since they spread their re-plans and read outcomes as local activities (docs/CALLS.md, "After the call").
    expect(Math.max(...late)).toBeLessThanOrEqual(5000);
  }, 240_000);

  it('when a worker is SIGKILLed and the Temporal server restarted in the middle of 500 due calls, then each is placed once and none later than the gap plus 5 s', async () => {
    const n = 500;
    const { users, callAt } = await dueTogether(n, 'crash', 43_000_000);
    // A worker dies without a word 3 s into the burst (25 s at 20/s) and comes back at once.
    await sleep(Math.max(0, callAt + 3000 - Date.now()));
    const victim = workers[0]!;
    const killedAt = Date.now();
    victim.kill();
    await new Promise((r) =>
      victim.child.exitCode !== null || victim.child.signalCode !== null ? r(null) : victim.child.once('exit', r),
    );
    stopped.push(victim);
    workers[0] = startWorker();
    // The Temporal server restarted (SIGTERM, then started again on the same databases) 6 s in.
    await sleep(Math.max(0, callAt + 6000 - Date.now()));
    const downAt = Date.now();
    await server!.stop();
    server = await spawnTemporalServer(cfg, bin!, server!.env, (line) => serverOutput.push(line));
    const serverGap = Date.now() - downAt;
    const placed = await expectEachCalledOnce(users, callAt + 120_000);
    const late = lateness(placed);
    // The gap the faults opened: the server's absence, and the time Temporal needs to hand a killed worker's calls over.
    const gap = Math.max(serverGap, KILL_HANDOVER_MS);
    const end = Math.max(...placed.map((p) => p.at)) - callAt;
    process.stdout.write(
      `cluster test (a): kill at +${killedAt - callAt} ms, server down at +${downAt - callAt} ms for ${serverGap} ms; ${n} calls, lateness vs slot ${describeLateness(late)}, ` +
        `${late.filter((l) => l > 5000).length} more than 5 s late, last call +${end} ms; bound gap ${gap} ms + 5 s\n`,
    );
    expect(Math.max(...late)).toBeLessThanOrEqual(gap + 5000);
  }, 300_000);
});
