import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chmodSync } from 'node:fs';
import { Client, Connection } from '@temporalio/client';
import { createKnex } from '@fajr/migrations';
import { migrateAndSeed } from '@fajr/scripts/lib/database';
import { freePort } from '@fajr/scripts/lib/ports';
import { ensureDatabase, startEmbeddedPostgres } from '@fajr/scripts/lib/postgres';
import { resolveTemporalCli } from '@fajr/scripts/lib/temporal-cli';
import { startDevServer, type DevServer } from '@fajr/scripts/lib/temporal-dev-server';
import { freeServerPorts, startTemporalCluster, TEMPORAL_SERVER_VERSION } from '@fajr/scripts/lib/temporal-server';
import { loadScriptsConfig } from '@fajr/scripts/config';
import { cleanup, onCleanup } from './cleanup';

/** The benchmarks' own servers: an embedded Postgres and a Temporal server of either kind. */

export interface BenchPostgres {
  url: string;
  serverUrl: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

/** An embedded Postgres in a temp dir with one migrated and seeded database `fajr`. */
export async function startPostgres(): Promise<BenchPostgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fajr-bench-pg-'));
  chmodSync(dir, 0o755); // the postgres OS user (not root) must reach its data directory
  const port = await freePort();
  const dataDir = path.join(dir, 'data');
  const pg = await startEmbeddedPostgres({ dataDir, port, persistent: false });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
  onCleanup(stop);
  await ensureDatabase(pg.serverUrl, 'fajr');
  const url = pg.databaseUrl('fajr');
  await migrateAndSeed(url);
  return { url, serverUrl: pg.serverUrl, port, dataDir, stop };
}

/** A Temporal dev server; with `persist`, on a SQLite file in a temp dir as in production-like local use. */
export async function startTemporal(opts: {
  persist: boolean;
  dbFile?: string;
  port?: number;
}): Promise<DevServer & { dbFile?: string; port: number }> {
  const cliPath = await resolveTemporalCli(loadScriptsConfig());
  if (!cliPath) throw new Error('No Temporal CLI: set TEMPORAL_CLI_PATH or install Go');
  let dbFile = opts.dbFile;
  if (opts.persist && !dbFile) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fajr-bench-temporal-'));
    dbFile = path.join(dir, 'temporal.db');
    onCleanup(() => rm(dir, { recursive: true, force: true }));
  }
  const port = opts.port ?? (await freePort());
  const dev = await startDevServer({ cliPath, port, dbFile, dynamicConfig: benchDynamicConfig() });
  onCleanup(() => dev.stop());
  return { ...dev, dbFile, port };
}

/**
 * BENCH_TEMPORAL_DC='key=<JSON>;key=<JSON>': dynamic config for the benchmark's dev server, to try
 * server settings without editing code (the values are printed with the results).
 */
function benchDynamicConfig(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of (process.env.BENCH_TEMPORAL_DC ?? '').split(';').filter(Boolean)) {
    const at = pair.indexOf('=');
    const key = pair.slice(0, at).trim();
    try {
      if (at < 1 || !key) throw new Error('no key');
      out[key] = JSON.parse(pair.slice(at + 1));
    } catch {
      throw new Error(
        `BENCH_TEMPORAL_DC: "${pair}" is not key=<JSON value> (a string value needs its quotes: key="text")`,
      );
    }
  }
  return out;
}

/**
 * The Temporal servers a benchmark runs on, from BENCH_SERVER: `dev` (the CLI's dev server on a
 * persisted SQLite file), `cluster` (the real server v1.29.1 on the benchmark's Postgres, 4 history
 * shards: scripts/temporal/cluster.yaml, as `npm run start:cluster`), or `both` (the default: dev,
 * then cluster, in the same run, each on fresh servers).
 */
export type BenchServerKind = 'dev' | 'cluster';
export function benchServers(): BenchServerKind[] {
  const v = process.env.BENCH_SERVER ?? 'both';
  if (v === 'both') return ['dev', 'cluster'];
  if (v === 'dev' || v === 'cluster') return [v];
  throw new Error(`BENCH_SERVER: "${v}" is not dev, cluster or both`);
}

/** A running Temporal server of either kind: its address, the process to measure, what it is. */
export interface BenchTemporal {
  kind: BenchServerKind;
  address: string;
  pid: number;
  /** For the result lines: the server and its settings. */
  label: string;
}

/**
 * Starts the Temporal server of `kind`: the dev server (persisted unless `persist` is false), or the
 * real server on `pg`'s Postgres (its own two databases there; the binaries built into the cache the
 * first time, as `npm run start:cluster` does). Stopped by `cleanup()`.
 */
export async function startBenchTemporal(
  kind: BenchServerKind,
  pg: BenchPostgres | undefined,
  opts: { persist?: boolean } = {},
): Promise<BenchTemporal> {
  if (kind === 'dev') {
    const dev = await startTemporal({ persist: opts.persist ?? true });
    return {
      kind,
      address: dev.address,
      pid: dev.child.pid!,
      label: `dev server ${opts.persist === false ? 'in memory' : 'on SQLite (WAL)'}, dynamic config ${JSON.stringify(dev.dynamicConfig)}`,
    };
  }
  if (!pg) throw new Error('the cluster server needs a Postgres');
  const cluster = await startTemporalCluster(loadScriptsConfig(), {
    pgServerUrl: pg.serverUrl,
    ports: await freeServerPorts(),
    namespace: 'default',
    onLine: () => {},
  });
  onCleanup(cluster.stop);
  return {
    kind,
    address: cluster.server.address,
    pid: cluster.server.child.pid!,
    label: `Temporal server ${TEMPORAL_SERVER_VERSION} on Postgres (scripts/temporal/cluster.yaml: 4 history shards, SQL visibility)`,
  };
}

/** What the call benchmarks start with: Postgres, a Temporal server of `kind`, a knex pool and a Temporal client. */
export async function startCallBenchServers(kind: BenchServerKind = 'dev') {
  const pg = await startPostgres();
  const temporal = await startBenchTemporal(kind, pg);
  const db = createKnex(pg.url, { min: 0, max: 8 });
  const connection = await Connection.connect({ address: temporal.address });
  return { pg, temporal, db, connection, client: new Client({ connection }) };
}

/** Runs `run` once per server of BENCH_SERVER, stopping everything it started before the next. */
export async function onEachServer(run: (kind: BenchServerKind) => Promise<void>): Promise<void> {
  for (const kind of benchServers()) {
    console.log(`\n=== on the ${kind === 'dev' ? 'dev server' : 'cluster server'} ===`);
    await run(kind);
    await cleanup();
  }
}
