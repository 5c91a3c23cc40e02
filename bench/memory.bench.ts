import { freePort } from '@fajr/scripts/lib/ports';
import {
  benchEnv,
  cpuSeconds,
  startChains,
  fmt,
  machine,
  NODE_TS,
  processSupervisor,
  REPO,
  rssMiB,
  runBench,
  seedUsers,
  sleep,
  startCallBenchServers,
  writeResult,
  onEachServer,
  type BenchServerKind,
} from './lib';
import { fajrCallsStateQuery, fajrCallsWorkflowId } from '@fajr/workflows';

/**
 * `npm run bench:memory`: resident memory (VmRSS) of the worker and the API with BENCH_USERS
 * (default 10,000) users' fajrCalls chains running and sleeping toward their next call, with
 * WORKER_MAX_CACHED_WORKFLOWS set deliberately (BENCH_MAX_CACHED, default 500 as in worker/src/config.ts).
 */

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const MAX_CACHED = Number(process.env.BENCH_MAX_CACHED ?? 500);
// Los Angeles: its Fajr is hours away from any European or Asian daytime run, so every chain sleeps.
const PLACE = {
  city_name: 'Los Angeles',
  country_code: 'US',
  country_name: 'United States',
  lat: 34.05223,
  lng: -118.24368,
  tz_name: 'America/Los_Angeles',
};

async function main() {
  await onEachServer(memoryOn);
}

async function memoryOn(kind: BenchServerKind) {
  const info = machine();
  const { pg, temporal, db, connection, client } = await startCallBenchServers(kind);
  const apiPort = await freePort();
  const taskQueue = 'bench-memory';
  const { supervisor, died } = processSupervisor(`memory-${kind}`);
  const env = benchEnv(
    { databaseUrl: pg.url, temporalAddress: temporal.address, taskQueue, apiPort },
    { WORKER_MAX_CACHED_WORKFLOWS: String(MAX_CACHED) },
  );
  const worker = supervisor.start({ name: 'worker', ...NODE_TS('worker/src/main.ts'), env, cwd: REPO });
  const api = supervisor.start({
    name: 'api',
    ...NODE_TS('api/src/server.ts'),
    env: { ...env, PORT: String(apiPort) },
    cwd: REPO,
  });
  const base = `http://127.0.0.1:${apiPort}`;
  for (let i = 0; ; i += 1) {
    if (died()) throw new Error(died());
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    if (i > 240) throw new Error('API not healthy in 120 s');
    await sleep(500);
  }
  const idle = { worker: rssMiB(worker.pid!), api: rssMiB(api.pid!) };
  const users = await seedUsers(db, USERS, () => ({ ...PLACE, allow_calls: true }), { prefix: 'mem' });
  console.log(`${USERS} users seeded; worker ${idle.worker} MiB, api ${idle.api} MiB before any chain`);

  const timeline: { t: number; started: number; workerRss: number; apiRss: number; workerCpu: number }[] = [];
  const t0 = Date.now();
  const progress = { started: 0 };
  const sampler = setInterval(() => {
    timeline.push({
      t: (Date.now() - t0) / 1000,
      started: progress.started,
      workerRss: rssMiB(worker.pid!),
      apiRss: rssMiB(api.pid!),
      workerCpu: cpuSeconds(worker.pid!),
    });
    const last = timeline.at(-1)!;
    if (timeline.length % 15 === 0)
      console.log(`t=${fmt(last.t, 0)} s started ${last.started} worker ${last.workerRss} MiB api ${last.apiRss} MiB`);
  }, 1000);
  await startChains(
    client,
    users.map((u) => u.id),
    taskQueue,
    progress,
  );
  const startSeconds = (Date.now() - t0) / 1000;
  // Settled: the worker used under 0.3 CPU seconds in the last 10 s (every chain planned and asleep),
  // or BENCH_SETTLE_MAX_SECONDS (default 600) passed, reported as not settled.
  const settleDeadline = Date.now() + Number(process.env.BENCH_SETTLE_MAX_SECONDS ?? 600) * 1000;
  let settled = false;
  for (;;) {
    await sleep(5000);
    if (died()) throw new Error(died());
    const a = timeline.at(-11);
    const b = timeline.at(-1);
    if (a && b && b.workerCpu - a.workerCpu < 0.3) {
      settled = true;
      break;
    }
    if (Date.now() > settleDeadline) break;
  }
  const settledSeconds = (Date.now() - t0) / 1000;
  // Every chain should be asleep toward a planned call: ask a sample.
  const states: Record<string, number> = {};
  for (const u of users.filter((_, i) => i % Math.ceil(USERS / 50) === 0)) {
    const s = await client.workflow.getHandle(fajrCallsWorkflowId(u.id)).query(fajrCallsStateQuery);
    states[s.status] = (states[s.status] ?? 0) + 1;
  }
  // The API under use: each of 2,000 requests reads a different user.
  for (let i = 0; i < 2000; i += 1) {
    const u = users[(i * 7) % users.length]!;
    const path = i % 2 ? '/api/users/current-user' : '/api/salah-schedules/fajr-schedules';
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${u.token}` } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    await res.arrayBuffer();
  }
  clearInterval(sampler);
  const running = await client.workflow.count(`WorkflowType = "fajrCalls" AND ExecutionStatus = "Running"`);
  const final = {
    workerRssMiB: rssMiB(worker.pid!),
    workerMaxRssMiB: Math.max(...timeline.map((x) => x.workerRss)),
    apiRssMiB: rssMiB(api.pid!),
    apiMaxRssMiB: Math.max(...timeline.map((x) => x.apiRss), rssMiB(api.pid!)),
    temporalRssMiB: rssMiB(temporal.pid),
  };
  await connection.close();
  await db.destroy();
  const lines = [
    `bench:memory  ${info.date}  node ${info.node}  nproc ${info.nproc}  load at start ${info.loadavgAtStart}  ${temporal.label}`,
    `${USERS} users, WORKER_MAX_CACHED_WORKFLOWS=${MAX_CACHED}; ${running.count} fajrCalls running; sampled states ${JSON.stringify(states)}`,
    `chains started in ${fmt(startSeconds, 0)} s (${fmt(USERS / startSeconds, 1)}/s), worker ${settled ? 'settled' : 'still busy (not settled)'} after ${fmt(settledSeconds, 0)} s`,
    `worker RSS: idle ${idle.worker} MiB → ${final.workerRssMiB} MiB at the end, max ${final.workerMaxRssMiB} MiB (target ≤ 1024 MiB)`,
    `api RSS: idle ${idle.api} MiB → ${final.apiRssMiB} MiB after 2,000 reads of different users, max ${final.apiMaxRssMiB} MiB`,
    `temporal dev server RSS ${final.temporalRssMiB} MiB`,
  ];
  writeResult(
    `memory-${kind}`,
    {
      machine: info,
      server: temporal.label,
      users: USERS,
      maxCached: MAX_CACHED,
      idle,
      final,
      startSeconds,
      settledSeconds,
      settled,
      states,
      running: running.count,
      timeline,
    },
    lines,
  );
}

runBench(main);
