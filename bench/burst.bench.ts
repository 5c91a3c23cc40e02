import { cpuBetween, cpuMsPerCall, cpuSampler, type CpuByProcess } from './proc';
import { DateTime } from 'luxon';
import { freePort } from '@fajr/scripts/lib/ports';
import { stopChild } from '@fajr/scripts/lib/temporal-dev-server';
import { DEFAULT_CALL_ARMING_RATE } from '@fajr/activities';
import { readArmingRate } from '@fajr/activities/calls/calls.activities';
import {
  cpuProfArgs,
  fmt,
  machine,
  processSupervisor,
  REPO,
  rssMiB,
  runBench,
  seedUsers,
  sleep,
  startCallBenchServers,
  NODE_TS,
  writeResult,
  benchEnv,
  startChains,
  onEachServer,
  type BenchServerKind,
} from './lib';
import { atMosque, seedMosqueAt } from './seed';
import { burstReport, burstResult, measureBurst, scenarioReservations } from './burst-measure';

/**
 * `npm run bench:burst`: N users whose Fajr calls fall in the same minute (one mosque's jamaah),
 * through the real workflows: worker and API processes, the Temporal dev server on a persisted
 * SQLite file, Postgres, the local telephony provider in a process of its own (Twilio's side in
 * production; BENCH_PROVIDER=in-process: inside the worker, as before issue 49). Scenarios as
 * BENCH_SCENARIOS="1000@50,1000@0" (users@calls-per-second; 0 = uncapped). Reports lateness, time to
 * the last call against N / C, duplicates, missed calls, and CPU per process: seconds during the burst,
 * milliseconds per call placed.
 */

const SCENARIOS = (process.env.BENCH_SCENARIOS ?? '1000@50,1000@0').split(',').map((s) => {
  const [n, c] = s.split('@').map(Number);
  return { users: n!, cps: c! };
});
const ARM_LEAD_SECONDS = Number(process.env.BENCH_ARM_LEAD_SECONDS ?? 120); // the production default
/** The arming rate the planner counts on (CALL_ARMING_RATE): the lead grows by N / this. */
const ARMING_RATE = Number(process.env.BENCH_ARMING_RATE ?? DEFAULT_CALL_ARMING_RATE);
const UNCAPPED = 100_000;
/** The worker's knex pool (WORKER_DB_POOL_MAX); unset: the worker's default. */
const DB_POOL = process.env.BENCH_DB_POOL;
/** Chains started and planned per second, for the time left before arming (the dev server's ~25/s; the cluster here plans ~10/s). */
const PLANNING_RATE = Number(process.env.BENCH_PLANNING_RATE ?? 25);
/** The worker's workflow cache (WORKER_MAX_CACHED_WORKFLOWS); unset: the worker's default (500). */
const MAX_CACHED = process.env.BENCH_MAX_CACHED;
/** Seconds before the instant over which the armed calls' idle cost (heartbeats) is sampled. */
const ARMED_WINDOW_S = 30;
/** The local provider in its own process (default), or inside the worker ('in-process'). */
const PROVIDER_APART = process.env.BENCH_PROVIDER !== 'in-process';

async function main() {
  await onEachServer(burstOn);
}

async function burstOn(kind: BenchServerKind) {
  const info = machine();
  const servers = await startCallBenchServers(kind);
  const { temporal, db, connection } = servers;
  const results = [];
  const lines = [
    `bench:burst  ${info.date}  node ${info.node}  nproc ${info.nproc}  load at start ${info.loadavgAtStart}  arm lead ${ARM_LEAD_SECONDS} s + N/${ARMING_RATE}  workflow cache ${MAX_CACHED ?? 'default (500)'}  ${temporal.label}`,
  ];

  for (const [k, scenario] of SCENARIOS.entries()) {
    const { r, report } = await runScenario(kind, k, scenario, servers);
    results.push(r);
    lines.push(...report);
    console.log(report.join('\n'));
  }
  await connection.close();
  await db.destroy();
  writeResult(`burst-${kind}`, { machine: info, armLeadSeconds: ARM_LEAD_SECONDS, results }, lines);
}

type Servers = Awaited<ReturnType<typeof startCallBenchServers>>;

/** One scenario: its own worker and API, N users called in one minute, and what came of it (the raw result and its report lines). */
async function runScenario(
  kind: BenchServerKind,
  k: number,
  scenario: { users: number; cps: number },
  { pg, temporal, db, client }: Servers,
) {
  const { users: n } = scenario;
  const cps = scenario.cps || UNCAPPED;
  const { supervisor, died, worker, api, apiPort, taskQueue, provider } = await startStack(kind, k, n, cps, {
    pg,
    temporal,
  });

  // One mosque whose jamaah puts every user's call in the chosen minute (jamaah − 30 min). The lead
  // the planner will give it: a crowded arming of an earlier scenario in this run counts, as an
  // earlier morning's does in production.
  const { rate: armingRate, slowestMeasured: slowest } = await readArmingRate(db, ARMING_RATE);
  const lead = ARM_LEAD_SECONDS + Math.ceil(n / armingRate);
  // Starting and planning the chains before any is armed (planning that overlaps arming slows it).
  const startupS = 30 + n / PLANNING_RATE;
  const target = DateTime.now()
    .plus({ seconds: startupS + lead })
    .startOf('minute')
    .plus({ minutes: 1 });
  const mosqueId = await seedMosqueAt(db, target.toJSDate());
  const users = await seedUsers(db, n, () => atMosque(mosqueId), {
    prefix: `burst${k}`,
    phoneBase: k * 1_000_000,
    withSessions: false,
  });
  await waitHealthy(`http://127.0.0.1:${apiPort}/api/health`, died);
  if (provider) await waitHealthy(provider.url, died, true);
  const cpuAt = cpuSampler(pg.dataDir, {
    worker: worker.pid!,
    api: api.pid!,
    temporal: temporal.pid,
    provider: provider?.child.pid,
  });
  const cpuAtStart = cpuAt();

  // Start each user's chain as sign-up does (reconciliation in the worker may race us: both are idempotent).
  const startedAt = Date.now();
  await startChains(
    client,
    users.map((u) => u.id),
    taskQueue,
  );
  const startSeconds = (Date.now() - startedAt) / 1000;
  console.log(
    `[${n}@${scenario.cps || 'uncapped'}] ${n} chains started in ${fmt(startSeconds, 1)} s; calls at ${target.toISO()} (in ${fmt(target.diff(DateTime.now()).as('seconds'), 0)} s)`,
  );

  const bound = n / cps;
  const watched = await watchBurst(db, {
    n,
    target,
    startedAt,
    deadline: target.toMillis() + (bound * 1.5 + 120) * 1000,
    died,
    workerPid: worker.pid!,
    cpuAt,
  });
  await sleep(3000); // late duplicates, if any, would show now; the last calls have rung out (2 s) and called back
  const cpuAtSettled = cpuAt();

  const m = await measureBurst(db, users, target, startedAt);
  // CPU per call placed, from the instant until the last call settled, and over the whole scenario
  // (starting and planning the chains, arming, dialling, settling).
  const cpuMs = {
    burst: cpuMsPerCall(cpuBetween(cpuAtSettled, watched.cpuAtTarget), m.placed),
    scenario: cpuMsPerCall(cpuBetween(cpuAtSettled, cpuAtStart), m.placed),
  };
  const r = burstResult(m, watched, cpuMs, {
    users: n,
    callsPerSecond: scenario.cps || 'uncapped',
    boundSeconds: scenario.cps ? bound : null,
    armLeadSeconds: lead,
    armingRateCountedOn: armingRate,
    chainStartSeconds: startSeconds,
    server: temporal.label,
    provider: PROVIDER_APART ? 'own process' : 'in the worker',
  });
  const report = burstReport(`[${kind}] N=${n}, C=${scenario.cps || 'uncapped'}`, {
    r,
    n,
    bound,
    capped: !!scenario.cps,
    slowest,
    armedInTime: m.armedInTime,
    armedWindowS: ARMED_WINDOW_S,
  });
  await stopChild(api);
  await supervisor.stopAll();
  return { r, report };
}

/** The scenario's own worker and API processes, on a task queue of their own, at C calls a second. */
async function startStack(
  kind: BenchServerKind,
  k: number,
  n: number,
  cps: number,
  { pg, temporal }: Pick<Servers, 'pg' | 'temporal'>,
) {
  const taskQueue = `bench-burst-${k}`;
  const apiPort = await freePort();
  const { supervisor, died } = processSupervisor(`burst-${kind}-${k}`);
  const providerPort = PROVIDER_APART ? await freePort() : undefined;
  const env = benchEnv(
    { databaseUrl: pg.url, temporalAddress: temporal.address, taskQueue, apiPort },
    {
      CALLS_PER_SECOND: String(cps),
      CALL_ARM_LEAD_SECONDS: String(ARM_LEAD_SECONDS),
      CALL_ARMING_RATE: String(ARMING_RATE),
      // Every armed call holds an activity slot while it waits for its instant.
      WORKER_MAX_CONCURRENT_ACTIVITIES: String(Math.max(2000, n + 500)),
      ...(DB_POOL ? { WORKER_DB_POOL_MAX: DB_POOL } : {}),
      ...(MAX_CACHED ? { WORKER_MAX_CACHED_WORKFLOWS: MAX_CACHED } : {}),
      ...(providerPort ? { LOCAL_TELEPHONY_URL: `http://127.0.0.1:${providerPort}` } : {}),
    },
  );
  // The provider first: the worker dials it (its pool as large as the worker's, whose share it had in process).
  const provider = providerPort
    ? {
        url: `http://127.0.0.1:${providerPort}`,
        child: supervisor.start({
          name: 'provider',
          ...NODE_TS('scripts/src/local-telephony/server.ts', ...cpuProfArgs()),
          env: {
            ...env,
            LOCAL_TELEPHONY_PORT: String(providerPort),
            LOCAL_TELEPHONY_DB_POOL_MAX: DB_POOL ?? '20',
          },
          cwd: REPO,
        }),
      }
    : undefined;
  const worker = supervisor.start({
    name: 'worker',
    ...NODE_TS('worker/src/main.ts', ...cpuProfArgs()),
    env,
    cwd: REPO,
  });
  const api = supervisor.start({
    name: 'api',
    ...NODE_TS('api/src/server.ts'),
    env: { ...env, PORT: String(apiPort) },
    cwd: REPO,
  });
  return { supervisor, died, worker, api, apiPort, taskQueue, provider };
}

/**
 * Samples CPU per process each second from the arming until every user was called (or the deadline):
 * its CPU seconds over the armed window and during the burst, the calls armed at each, the worker's largest RSS.
 */
async function watchBurst(
  db: Servers['db'],
  o: {
    n: number;
    target: DateTime;
    startedAt: number;
    deadline: number;
    died: () => string | undefined;
    workerPid: number;
    cpuAt: () => CpuByProcess;
  },
) {
  const { target, cpuAt } = o;
  let cpuAtTarget: CpuByProcess | undefined;
  let cpuArmedFrom: CpuByProcess | undefined;
  let reservedAtWindow = NaN;
  let reservedAtTarget = NaN;
  const reserved = async () => Number((await scenarioReservations(db, o.startedAt).count({ n: '*' }))[0]!.n);
  let maxWorkerRss = 0;
  for (;;) {
    if (o.died()) throw new Error(o.died());
    maxWorkerRss = Math.max(maxWorkerRss, rssMiB(o.workerPid));
    if (!cpuArmedFrom && Date.now() >= target.toMillis() - ARMED_WINDOW_S * 1000) {
      cpuArmedFrom = cpuAt();
      reservedAtWindow = await reserved();
    }
    if (!cpuAtTarget && Date.now() >= target.toMillis()) {
      cpuAtTarget = cpuAt();
      reservedAtTarget = await reserved();
    }
    // Only this scenario's calls exist after its seeding (the previous one's were all placed before it): no 10,000-number IN list each second.
    const [row] = await db('local_phone_calls')
      .where('created_at', '>=', new Date(o.startedAt))
      .countDistinct({ count: 'to_number' });
    if (Number(row?.count ?? 0) >= o.n || Date.now() > o.deadline) break;
    await sleep(1000);
  }
  const cpuBurst = cpuBetween(cpuAt(), cpuAtTarget);
  const cpuArmed = cpuAtTarget ? cpuBetween(cpuAtTarget, cpuArmedFrom) : {};
  return { cpuBurst, cpuArmed, cpuAtTarget, reservedAtWindow, reservedAtTarget, maxWorkerRss };
}

/** Waits until `url` answers OK (`anyAnswer`: any HTTP answer, as the provider's 400 to a GET). */
async function waitHealthy(url: string, died: () => string | undefined, anyAnswer = false): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (died()) throw new Error(`the stack did not start: ${died()}`);
    try {
      const res = await fetch(url);
      if (res.ok || anyAnswer) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not healthy in 120 s`);
    await sleep(500);
  }
}

runBench(main);
