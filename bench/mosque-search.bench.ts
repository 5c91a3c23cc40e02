import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { createKnex } from '@fajr/migrations';
import { freePorts } from '@fajr/scripts/lib/ports';
import { localDateOf } from '@fajr/activities/domain/time/zone-clock';
import { atMosque } from './seed';
import {
  benchEnv,
  fmt,
  machine,
  NODE_TS,
  processSupervisor,
  REPO,
  runBench,
  seedUsers,
  sleep,
  startBenchTemporal,
  startPostgres,
  summary,
  writeResult,
} from './lib';
import { benchCities, CITY_QUERIES, NAME_QUERIES, seedMosqueCatalogue, TYPO_QUERIES } from './mosque-catalogue';
import { costMeter, type Cost } from './mosque-search-measure';

/**
 * `npm run bench:mosque-search` (issue 46 point 7), the API run as in production (its own process, a
 * worker beside it):
 * 1. search p99 by name, city, with a typo (no name contains the text) and near a point over the four seed mosques, then over a catalogue of
 *    BENCH_MOSQUES (50,000) generated mosques, each against GET /api/health in the same run;
 * 2. API read latency (a member's schedule) while a mosque with 5,000 members has its year of jama'ah
 *    written again and again (a rule saved through the API: 400 days, and its members' re-plan), against
 *    the same reads with nothing written.
 * Env: BENCH_SECONDS (10 per measurement), BENCH_CONNECTIONS (4), BENCH_MOSQUES (50000), BENCH_MEMBERS (5000).
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const MOSQUES = Number(process.env.BENCH_MOSQUES ?? 50_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 5_000);

async function waitFor(url: string, died: () => string | undefined): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (died()) throw new Error(`the API did not start: ${died()}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error(`the API did not answer ${url} in 120 s`);
    await sleep(300);
  }
}

interface Row {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
  non2xx: number;
  cost?: Cost;
}

/** Set once the API runs: each measurement's CPU split and the API's GC and event-loop delay. */
let meter: ReturnType<typeof costMeter> | undefined;

/** autocannon over `paths` in turn (each request the next path), `headers` on each. */
async function load(
  name: string,
  base: string,
  paths: string[],
  headers: (i: number) => Record<string, string> = () => ({}),
) {
  let i = 0;
  await meter?.start();
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (req) => {
          const k = i++;
          return { ...req, path: paths[k % paths.length]!, headers: { ...req.headers, ...headers(k) } };
        },
      },
    ],
  });
  const row: Row = {
    name,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    total: r.requests.total,
    non2xx: r.non2xx,
    cost: await meter?.stop(r.requests.total),
  };
  console.log(
    `${name}: ${fmt(row.reqPerSec, 0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}`,
    JSON.stringify(row.cost),
  );
  return row;
}

const searchPaths = () => {
  const q = (s: string) => `/api/data/mosques/search?q=${encodeURIComponent(s)}`;
  const near = benchCities()
    .filter((_, k) => k % 7 === 0)
    .map((c) => `/api/data/mosques/search?lat=${c.lat.toFixed(4)}&lng=${c.lng.toFixed(4)}`);
  return { name: NAME_QUERIES.map(q), city: CITY_QUERIES.map(q), typo: TYPO_QUERIES.map(q), near };
};

async function searchRound(label: string, base: string): Promise<Row[]> {
  const p = searchPaths();
  const rows: Row[] = [];
  for (const [what, paths] of [
    ['by name', p.name],
    ['by city', p.city],
    ['with a typo', p.typo],
    ['near a point', p.near],
  ] as const) {
    rows.push(await load(`GET /api/health (baseline before ${what}, ${label})`, base, ['/api/health']));
    rows.push(await load(`search ${what}, ${label}`, base, paths));
  }
  return rows;
}

async function main() {
  const info = machine();
  const pg = await startPostgres();
  const temporal = await startBenchTemporal('dev', pg, { persist: false });
  const db = createKnex(pg.url, { min: 0, max: 4 });
  const [apiPort, metricsPort] = (await freePorts(2)) as [number, number];
  const { supervisor, died } = processSupervisor('mosque-search-bench');
  const env = benchEnv({ databaseUrl: pg.url, temporalAddress: temporal.address, taskQueue: 'bench-mosques', apiPort });
  const worker = supervisor.start({ name: 'worker', ...NODE_TS('worker/src/main.ts'), env, cwd: REPO });
  // The API serves its runtime metrics (GC, event-loop delay) for the cost split; the worker serves none.
  const apiEnv = { ...env, PORT: String(apiPort), METRICS_PORT: String(metricsPort) };
  const api = supervisor.start({ name: 'api', ...NODE_TS('api/src/server.ts'), env: apiEnv, cwd: REPO });
  const base = `http://127.0.0.1:${apiPort}`;
  await waitFor(`${base}/api/health`, died);
  meter = costMeter({
    pgDataDir: pg.dataDir,
    api: api.pid!,
    worker: worker.pid!,
    temporal: temporal.pid,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
  });
  await autocannon({ url: `${base}/api/data/mosques/search?q=noor`, connections: 2, duration: 3 });

  const seeds = await searchRound('4 seed mosques', base);
  const t0 = Date.now();
  await seedMosqueCatalogue(db, MOSQUES);
  const seededIn = (Date.now() - t0) / 1000;
  console.log(`${MOSQUES} mosques inserted in ${fmt(seededIn, 1)} s`);
  const catalogue = await searchRound(`${MOSQUES} mosques`, base);

  // Part 2: a mosque with 5,000 members; its admin saves a rule again and again (each writes 400 days).
  const [admin] = await seedUsers(db, 1, () => ({}), { prefix: 'mosque-admin', phoneBase: 90_000_000 });
  const [mosque] = await db('mosques')
    .insert({
      name: 'Masjid Bench Members',
      address: '1 Bench Road',
      city_name: 'London',
      country_code: 'GB',
      lat: 51.5,
      lng: -0.12,
      tz_name: 'Europe/London',
      is_active: true,
    })
    .returning('id');
  await db('mosque_admins').insert({ mosque_id: mosque.id, user_id: admin!.id, added_at: new Date() });
  const members = await seedUsers(db, MEMBERS, () => atMosque(mosque.id), { prefix: 'member' });
  const auth = (k: number) => ({ authorization: `Bearer ${members[k % members.length]!.token}` });
  const read = ['/api/salah-schedules/fajr-schedules'];
  const quiet = await load('GET fajr-schedules (a member), nothing written', base, read, auth);
  const today = localDateOf(new Date(), 'Europe/London');
  const saves: number[] = [];
  let writing = true;
  const writer = (async () => {
    for (let k = 0; writing; k++) {
      const s = Date.now();
      const res = await fetch(`${base}/api/mosque-admin/mosques/${mosque.id}/rules`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin!.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: today, ramadan: false, rule: { kind: 'after-fajr', minutes: 20 + (k % 2) * 5 } }),
      });
      if (!res.ok) throw new Error(`rule save answered ${res.status}: ${await res.text()}`);
      saves.push(Date.now() - s);
    }
  })();
  const busy = await load(
    `GET fajr-schedules (a member), while the ${MEMBERS}-member mosque's year is rewritten`,
    base,
    read,
    auth,
  );
  writing = false;
  await writer;
  const year = await db('mosque_fajr_times').where({ mosque_id: mosque.id }).count({ n: '*' }).first();
  await db.destroy();

  const s = summary(saves);
  const table = (rows: Row[]) => [
    '| measurement | req/s | p50 ms | p99 ms | max ms | requests | non-2xx | CPU ms/req API, Postgres, autocannon | cores: worker+Temporal, others | API GC ms/req, loop p99 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---|---|---|',
    ...rows.map((r) => {
      const c = r.cost;
      const split = c
        ? `${c.apiMs}, ${c.pgMs}, ${c.benchMs} | ${c.sideCores}, ${c.othersCores} | ${c.gcMs}, ${c.loopP99Ms}`
        : '| |';
      return `| ${r.name} | ${fmt(r.reqPerSec, 0)} | ${r.p50} | ${r.p99} | ${r.max} | ${r.total} | ${r.non2xx} | ${split} |`;
    }),
  ];
  const lines = [
    `bench:mosque-search  ${info.date}  node ${info.node}  nproc ${info.nproc}  ${info.cpu}  load at start ${info.loadavgAtStart}, at end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    `${CONNECTIONS} connections × ${SECONDS} s per measurement; ${temporal.label}`,
    '',
    ...table([...seeds, ...catalogue]),
    '',
    `${MOSQUES} mosques inserted in ${fmt(seededIn, 1)} s. ${MEMBERS}-member mosque: ${s.n} rule saves while reading (each writes ${year?.n} days), save p50 ${fmt(s.p50, 0)} ms, p99 ${fmt(s.p99, 0)} ms.`,
    '',
    ...table([quiet, busy]),
  ];
  writeResult(
    'mosque-search',
    { machine: info, connections: CONNECTIONS, seconds: SECONDS, seeds, catalogue, quiet, busy, saves },
    lines,
  );
}

runBench(main);
