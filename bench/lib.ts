import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { createKnex } from '@fajr/migrations';
import { migrateAndSeed } from '@fajr/scripts/lib/database';
import { freePort } from '@fajr/scripts/lib/ports';
import { ensureDatabase, startEmbeddedPostgres } from '@fajr/scripts/lib/postgres';
import { Supervisor } from '@fajr/scripts/lib/supervisor';
import { resolveTemporalCli } from '@fajr/scripts/lib/temporal-cli';
import { startDevServer, type DevServer } from '@fajr/scripts/lib/temporal-dev-server';
import { freeServerPorts, startTemporalCluster, TEMPORAL_SERVER_VERSION } from '@fajr/scripts/lib/temporal-server';
import { loadScriptsConfig, repoRoot } from '@fajr/scripts/config';
import { fajrCalls, fajrCallsWorkflowId } from '@fajr/workflows';

/** Shared plumbing of the benchmarks: their own servers, percentiles, machine facts and result files. */

export const REPO = repoRoot;
export const RESULTS_DIR = path.join(repoRoot, 'bench', 'results');
/**
 * BENCH_CPU_PROF=1: node flags that make a measured process write V8 CPU profiles (one per thread) to
 * bench/results/cpu-prof/ when it stops; `bench/profile-summary.ts` sums them by package.
 */
export const cpuProfArgs = (): string[] => (process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${path.join(RESULTS_DIR, 'cpu-prof')}`] : []);
/** Runs a TypeScript entry in this node process itself (not tsx's wrapper), so its pid is the one to measure. */
export const NODE_TS = (entry: string, ...extra: string[]) => ({ command: process.execPath, args: ['--import', 'tsx', ...extra, entry] });

/** Everything a benchmark started, stopped in reverse order by `cleanup()` (also on Ctrl-C). */
const cleanups: (() => Promise<void>)[] = [];
export function onCleanup(fn: () => Promise<void>): void {
  cleanups.push(fn);
}
export async function cleanup(): Promise<void> {
  while (cleanups.length) await cleanups.pop()!().catch((err) => console.error(`cleanup failed: ${err}`));
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => void cleanup().finally(() => process.exit(130)));
}

/** Runs a benchmark's main, always stopping its servers, exiting non-zero on failure. */
export function runBench(main: () => Promise<void>): void {
  main()
    .then(cleanup, async (err) => {
      console.error(err?.stack ?? err);
      await cleanup();
      process.exitCode = 1;
    })
    .finally(() => process.exit());
}

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
export async function startTemporal(opts: { persist: boolean; dbFile?: string; port?: number }): Promise<DevServer & { dbFile?: string; port: number }> {
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
      throw new Error(`BENCH_TEMPORAL_DC: "${pair}" is not key=<JSON value> (a string value needs its quotes: key="text")`);
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
export async function startBenchTemporal(kind: BenchServerKind, pg: BenchPostgres | undefined, opts: { persist?: boolean } = {}): Promise<BenchTemporal> {
  if (kind === 'dev') {
    const dev = await startTemporal({ persist: opts.persist ?? true });
    return { kind, address: dev.address, pid: dev.child.pid!, label: `dev server ${opts.persist === false ? 'in memory' : 'on SQLite (WAL)'}, dynamic config ${JSON.stringify(dev.dynamicConfig)}` };
  }
  if (!pg) throw new Error('the cluster server needs a Postgres');
  const cluster = await startTemporalCluster(loadScriptsConfig(), {
    pgServerUrl: pg.serverUrl,
    ports: await freeServerPorts(),
    namespace: 'default',
    onLine: () => {},
  });
  onCleanup(cluster.stop);
  return { kind, address: cluster.server.address, pid: cluster.server.child.pid!, label: `Temporal server ${TEMPORAL_SERVER_VERSION} on Postgres (scripts/temporal/cluster.yaml: 4 history shards, SQL visibility)` };
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

/** A supervisor for the benchmark's node processes (api, worker); their output goes to a log file. */
export function processSupervisor(logName: string): { supervisor: Supervisor; died: () => string | undefined; output: string[] } {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const output: string[] = [];
  let died: string | undefined;
  const supervisor = new Supervisor(
    (line) => {
      output.push(line);
      if (output.length > 5000) output.shift();
    },
    (name, code, signal) => (died = `${name} exited with ${code ?? signal}`),
  );
  onCleanup(async () => {
    await supervisor.stopAll();
    writeFileSync(path.join(RESULTS_DIR, `${logName}.log`), output.join('\n'));
  });
  return { supervisor, died: () => died, output };
}

/** The p-th percentile (0–100) of numbers, nearest-rank. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function summary(values: number[]): { n: number; p50: number; p99: number; max: number; mean: number } {
  const mean = values.reduce((a, b) => a + b, 0) / (values.length || 1);
  return { n: values.length, p50: percentile(values, 50), p99: percentile(values, 99), max: percentile(values, 100), mean };
}

/** Facts to put beside every figure: cores, memory, kernel, node, load at the time. */
export function machine(): Record<string, string | number> {
  let uname: string;
  try {
    uname = execFileSync('uname', ['-a']).toString().trim();
  } catch {
    uname = `${os.type()} ${os.release()}`;
  }
  return {
    date: new Date().toISOString(),
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    uname,
    node: process.version,
    loadavgAtStart: os.loadavg().map((l) => l.toFixed(2)).join(' '),
  };
}

/** Writes the raw result as JSON under bench/results/ and prints the summary lines. */
export function writeResult(name: string, result: unknown, summaryLines: string[]): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(result, null, 2));
  console.log(`\n${summaryLines.join('\n')}\n\nraw result: ${path.relative(repoRoot, file)}`);
  return file;
}

/** Resident memory of a process in MiB, from /proc/<pid>/status (VmRSS). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

/** Total CPU seconds (user + system) a process has used, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  return ticks / 100; // USER_HZ is 100 on Linux
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));

export { seedUsers, seedMosqueAt, type SeededUser } from './seed';

/**
 * The environment the benchmarks run the API and worker with: production mode on the local
 * (simulated) providers, quiet logs, no rate limits; `extra` adds a benchmark's own knobs.
 */
export function benchEnv(
  o: { databaseUrl: string; temporalAddress: string; taskQueue: string; apiPort: number },
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    ALLOW_LOCAL_PROVIDERS_IN_PRODUCTION: 'true',
    OTP_SECRET: 'bench-otp-secret-0123456789',
    // Production refuses the published development secrets of the local providers.
    LOCAL_TELEPHONY_AUTH_TOKEN: 'bench-telephony-token-0123456789',
    LOCAL_PAYMENTS_WEBHOOK_SECRET: 'bench-webhook-secret-0123456789',
    LOCAL_ATTESTATION_SECRET: 'bench-attestation-secret-0123456789',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
    DATABASE_URL: o.databaseUrl,
    TEMPORAL_ADDRESS: o.temporalAddress,
    TEMPORAL_TASK_QUEUE: o.taskQueue,
    PUBLIC_BASE_URL: `http://127.0.0.1:${o.apiPort}`,
    ...extra,
  };
}

/**
 * Runs `fn` over `items`, `concurrency` at a time (as a client starting many workflows does);
 * `progress.started` counts the items handed out so far.
 */
export async function inParallel<T>(
  items: T[],
  concurrency: number,
  fn: (item: T) => Promise<unknown>,
  progress: { started: number } = { started: 0 },
): Promise<void> {
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (progress.started < items.length) await fn(items[progress.started++]!);
    }),
  );
}

/** Starts a workflow, treating "already started" as done (idempotent, like sign-up and reconciliation). */
export async function startIdempotent(client: Client, ...args: Parameters<Client['workflow']['start']>): Promise<void> {
  await client.workflow.start(...args).catch((err) => {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  });
}

/**
 * Starts each user's fajrCalls chain as sign-up does, 20 at a time; idempotent (the worker's
 * reconciliation may start some first). `progress.started` counts the starts handed out so far.
 */
export async function startChains(
  client: Client,
  userIds: string[],
  taskQueue: string,
  progress: { started: number } = { started: 0 },
): Promise<void> {
  await inParallel(
    userIds,
    20,
    (userId) => startIdempotent(client, fajrCalls, { workflowId: fajrCallsWorkflowId(userId), taskQueue, args: [{ userId }] }),
    progress,
  );
}

/** Sums the CPU seconds of processes (an exited one counts 0). */
export function cpuOf(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += cpuSeconds(pid);
    } catch {
      // exited
    }
  }
  return total;
}
