import autocannon from 'autocannon';
import { createKnex } from '@fajr/migrations';
import { freePorts } from '@fajr/scripts/lib/ports';
import { homeSaveBody, LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { postgresCpu, postmasterPid } from './proc';
import {
  benchEnv,
  cpuProfArgs,
  cpuSeconds,
  fmt,
  machine,
  onEachServer,
  processSupervisor,
  REPO,
  rssMiB,
  runBench,
  seedUsers,
  sleep,
  startBenchTemporal,
  startPostgres,
  NODE_TS,
  writeResult,
  type BenchServerKind,
} from './lib';

/**
 * `npm run bench:api`: autocannon (50 connections, 30 s each) against the API run as in production
 * (its own process, NODE_ENV=production, a worker beside it), with an Express hello-world in the same
 * run just before each endpoint as its baseline. Env: BENCH_SECONDS (default 30), BENCH_CONNECTIONS (50), BENCH_CPU_PROF=1 to
 * write the API's CPU profile to bench/results/cpu-prof/, BENCH_ONLY=<part of a name> to run one endpoint.
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const PREFS_BODY = homeSaveBody();
const CITY_QUERIES = [
  'lon',
  'lond',
  'man',
  'birm',
  'brad',
  'leeds',
  'par',
  'new y',
  'kar',
  'lah',
  'dha',
  'jak',
  'cai',
  'ist',
  'tor',
  'são',
];

async function waitFor(url: string, died: () => string | undefined, what: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const d = died();
    if (d) throw new Error(`${what} did not start: ${d}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url} in 120 s`);
    await sleep(300);
  }
}

interface Scenario {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  /** Each request picks the next token / query, so 50 connections act as many users. */
  setup?: (req: autocannon.Request, i: number) => autocannon.Request;
  authenticatedRead?: boolean;
}

async function load(s: Scenario) {
  let i = 0;
  const result = await autocannon({
    url: s.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: s.method ?? 'GET',
    requests: [{ setupRequest: (req) => (s.setup ? s.setup(req, i++) : req) }],
  });
  return {
    name: s.name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function main() {
  await onEachServer(apiOn);
}

async function apiOn(kind: BenchServerKind) {
  const info = machine();
  const pg = await startPostgres();
  const temporal = await startBenchTemporal(kind, pg, { persist: false });
  const db = createKnex(pg.url, { min: 0, max: 4 });
  const users = await seedUsers(db, 200, () => ({ ...LONDON_PREFS }), { prefix: 'api' });
  await db.destroy();

  const [apiPort, helloPort] = (await freePorts(2)) as [number, number];
  const { supervisor, died } = processSupervisor(`api-bench-${kind}`);
  const env = benchEnv({ databaseUrl: pg.url, temporalAddress: temporal.address, taskQueue: 'bench-api', apiPort });
  const profArgs = cpuProfArgs();
  supervisor.start({ name: 'worker', ...NODE_TS('worker/src/main.ts'), env, cwd: REPO });
  const api = supervisor.start({
    name: 'api',
    ...NODE_TS('api/src/server.ts', ...profArgs),
    env: { ...env, PORT: String(apiPort) },
    cwd: REPO,
  });
  const hello = supervisor.start({
    name: 'hello',
    command: process.execPath,
    args: ['--import', 'tsx', 'bench/hello-server.ts', String(helloPort)],
    env: { ...process.env, NODE_ENV: 'production' },
    cwd: REPO,
  });
  const master = postmasterPid(pg.dataDir);
  const base = `http://127.0.0.1:${apiPort}`;
  await waitFor(`${base}/api/health`, died, 'the API');
  await waitFor(`http://127.0.0.1:${helloPort}/hello`, died, 'the hello-world');

  const token = (i: number) => users[i % users.length]!.token;
  const auth = (req: autocannon.Request, i: number) => ({
    ...req,
    headers: { ...req.headers, authorization: `Bearer ${token(i)}` },
  });
  // Warm both servers (JIT, the city index built on first search, the knex pool) before measuring.
  for (const p of ['/api/users/current-user', '/api/salah-schedules/fajr-schedules', '/api/data/cities/any?city=lon']) {
    const res = await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${token(0)}` } });
    if (!res.ok) throw new Error(`warm-up ${p} answered ${res.status}: ${await res.text()}`);
  }
  await autocannon({ url: `http://127.0.0.1:${helloPort}/hello`, connections: 10, duration: 3 });
  await autocannon({
    url: `${base}/api/users/current-user`,
    connections: 10,
    duration: 3,
    requests: [{ setupRequest: (r) => auth(r, 0) }],
  });

  const scenarios: Scenario[] = [
    { name: 'hello-world (baseline)', url: `http://127.0.0.1:${helloPort}/hello` },
    {
      name: 'GET /api/users/current-user',
      url: `${base}/api/users/current-user`,
      setup: auth,
      authenticatedRead: true,
    },
    {
      name: 'GET /api/salah-schedules/fajr-schedules',
      url: `${base}/api/salah-schedules/fajr-schedules`,
      setup: auth,
      authenticatedRead: true,
    },
    {
      name: 'GET /api/data/cities/any?city=…',
      url: `${base}/api/data/cities/any?city=lon`,
      setup: (req, i) => ({
        ...auth(req, i),
        path: `/api/data/cities/any?city=${encodeURIComponent(CITY_QUERIES[i % CITY_QUERIES.length]!)}`,
      }),
      authenticatedRead: true,
    },
    {
      name: 'POST /api/salah-schedules/fajr-prefs',
      url: `${base}/api/salah-schedules/fajr-prefs`,
      method: 'POST',
      setup: (req, i) => ({
        ...auth(req, i),
        method: 'POST',
        headers: { ...auth(req, i).headers, 'content-type': 'application/json' },
        // Alternate between two home offsets so every save is a real change that re-plans.
        body: JSON.stringify({ ...PREFS_BODY, lat: PREFS_BODY.lat + (i % 2) * 0.001 }),
      }),
    },
  ];
  const only = process.env.BENCH_ONLY; // e.g. BENCH_ONLY=current-user to profile one endpoint
  const [helloScenario, ...endpoints] = scenarios;
  const measure = async (s: Scenario) => {
    const server = s === helloScenario ? hello.pid! : api.pid!;
    const cpuBefore = { server: cpuSeconds(server), postgres: postgresCpu(master) };
    const r = await load(s);
    // CPU per request holds still when other work shares the cores; req/s and latency do not.
    const serverUs = ((cpuSeconds(server) - cpuBefore.server) * 1e6) / r.total;
    const postgresUs = s === helloScenario ? 0 : ((postgresCpu(master) - cpuBefore.postgres) * 1e6) / r.total;
    console.log(
      `${r.name}: ${fmt(r.reqPerSec, 0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
    );
    await sleep(2000);
    return { ...r, serverUs, postgresUs, rssMiBAfter: rssMiB(server) };
  };
  // Each endpoint is paired with a hello-world run just before it: this VM's speed drifts by ±15 %
  // from minute to minute (other tenants), so one baseline at the start made the ratios a lottery.
  const rows = [];
  const baselines = [];
  for (const s of endpoints.filter((x) => !only || x.name.includes(only))) {
    const baseline = await measure(helloScenario!);
    baselines.push(baseline);
    rows.push({ ...(await measure(s)), baselineReqPerSec: baseline.reqPerSec });
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const helloRow = {
    ...baselines[0]!,
    reqPerSec: mean(baselines.map((b) => b.reqPerSec)),
    p50: Math.max(...baselines.map((b) => b.p50)),
    p99: Math.max(...baselines.map((b) => b.p99)),
    max: Math.max(...baselines.map((b) => b.max)),
    total: baselines.reduce((a, b) => a + b.total, 0),
    serverUs: mean(baselines.map((b) => b.serverUs)),
    baselineReqPerSec: mean(baselines.map((b) => b.reqPerSec)),
  };
  const all = [helloRow, ...rows];
  const lines = [
    `bench:api  ${info.date}  node ${info.node}  nproc ${info.nproc}  load at start ${info.loadavgAtStart}  ${CONNECTIONS} connections × ${SECONDS} s; each endpoint against a hello-world run just before it; ${temporal.label}`,
    '',
    '| endpoint | req/s | hello-world just before | vs hello-world | p50 ms | p99 ms | max ms | requests | non-2xx | errors | server CPU µs/req | Postgres CPU µs/req |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...all.map(
      (r, k) =>
        `| ${k === 0 ? `hello-world (mean of ${baselines.length}; p50/p99/max the worst)` : r.name} | ${fmt(r.reqPerSec, 0)} | ${k === 0 ? '—' : fmt(r.baselineReqPerSec, 0)} | ${fmt((100 * r.reqPerSec) / r.baselineReqPerSec, 0)} % | ${r.p50} | ${r.p99} | ${r.max} | ${r.total} | ${r.non2xx} | ${r.errors + r.timeouts} | ${fmt(r.serverUs, 0)} | ${fmt(r.postgresUs, 0)} |`,
    ),
  ];
  writeResult(
    `api-${kind}`,
    { machine: info, server: temporal.label, connections: CONNECTIONS, seconds: SECONDS, baselines, rows },
    lines,
  );
}

runBench(main);
