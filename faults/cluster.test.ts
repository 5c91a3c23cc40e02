import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { loadScriptsConfig } from '@fajr/scripts/config';
import { freePort } from '@fajr/scripts/lib/ports';
import {
  freeServerPorts,
  spawnTemporalServer,
  startTemporalCluster,
  type TemporalServer,
  type TemporalServerBinaries,
} from '@fajr/scripts/lib/temporal-server';
import { sleep, startProcess, waitUntil, type Proc } from '@fajr/scripts/testing/processes';
import { fajrCallWorkflowId } from '@fajr/workflows';
import {
  ACCOUNTS,
  ARM_LEAD_SECONDS,
  KILL_HANDOVER_MS,
  RATE,
  describeLateness,
  dueTogether,
  expectEachCalledOnce,
  lateness,
  polling,
  type ClusterStack,
} from './cluster-support';

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
  /** The stack as the scenarios' helpers (cluster-support.ts) use it, its database and client once beforeAll set them. */
  const stack: ClusterStack = {
    get tdb() {
      return tdb;
    },
    get client() {
      return client;
    },
    taskQueue,
    output,
  };

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
    for (const w of workers) await polling(stack, w);
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
    const { users, callAt } = await dueTogether(stack, 1, 'cluster', 40_000_000);
    const user = users[0]!;
    const answered = await waitUntil(
      async () => {
        const row = await tdb.knex('call_attempts').where({ user_id: user.id, kind: 'fajr' }).first('outcome');
        return row?.outcome === 'answered';
      },
      callAt - Date.now() + 45_000,
    );
    expect({ answered, output: answered ? '' : output() }).toEqual({ answered: true, output: '' });
    const [call] = await expectEachCalledOnce(stack, users, Date.now());
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
    const { users, callAt } = await dueTogether(stack, n, 'accounts', 41_000_000);
    const placed = await expectEachCalledOnce(stack, users, callAt + 60_000);
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
    const { users, callAt } = await dueTogether(stack, n, 'deploy', 42_000_000);
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
      await polling(stack, workers[i]!);
      restarts.push(
        `worker ${i + 1}: stopped in ${exitedAfter} ms, polling again ${Date.now() - from} ms after SIGTERM (from ${from - callAt} ms)`,
      );
    }
    const placed = await expectEachCalledOnce(stack, users, callAt + 90_000);
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
    const { users, callAt } = await dueTogether(stack, n, 'crash', 43_000_000);
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
    const placed = await expectEachCalledOnce(stack, users, callAt + 120_000);
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
