import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { Supervisor } from '@fajr/scripts/lib/supervisor';
import { repoRoot } from '@fajr/scripts/config';
import { fajrCalls, fajrCallsWorkflowId } from '@fajr/workflows';
import { onCleanup } from './cleanup';

export { cleanup, onCleanup, runBench } from './cleanup';
export {
  benchServers,
  onEachServer,
  startBenchTemporal,
  startCallBenchServers,
  startPostgres,
  startTemporal,
} from './servers';
export type { BenchPostgres, BenchServerKind, BenchTemporal } from './servers';
export { fmt, machine, percentile, summary } from './stats';
export { cpuOf, cpuSeconds, rssMiB } from './proc';
export { seedUsers, seedMosqueAt, type SeededUser } from './seed';

/**
 * Shared plumbing of the benchmarks, and their one import: paths, the processes they run, result
 * files, starts; the servers (`servers.ts`), teardown (`cleanup.ts`), figures (`stats.ts`) and /proc
 * accounting (`proc.ts`) are re-exported from here.
 */

export const REPO = repoRoot;
export const RESULTS_DIR = path.join(repoRoot, 'bench', 'results');
/**
 * BENCH_CPU_PROF=1: node flags that make a measured process write V8 CPU profiles (one per thread) to
 * bench/results/cpu-prof/ when it stops; `bench/profile-summary.ts` sums them by package.
 */
export const cpuProfArgs = (): string[] =>
  process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${path.join(RESULTS_DIR, 'cpu-prof')}`] : [];
/** Runs a TypeScript entry in this node process itself (not tsx's wrapper), so its pid is the one to measure. */
export const NODE_TS = (entry: string, ...extra: string[]) => ({
  command: process.execPath,
  args: ['--import', 'tsx', ...extra, entry],
});

/** A supervisor for the benchmark's node processes (api, worker); their output goes to a log file. */
export function processSupervisor(logName: string): {
  supervisor: Supervisor;
  died: () => string | undefined;
  output: string[];
} {
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

/** Writes the raw result as JSON under bench/results/ and prints the summary lines. */
export function writeResult(name: string, result: unknown, summaryLines: string[]): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(result, null, 2));
  console.log(`\n${summaryLines.join('\n')}\n\nraw result: ${path.relative(repoRoot, file)}`);
  return file;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
    (userId) =>
      startIdempotent(client, fajrCalls, { workflowId: fajrCallsWorkflowId(userId), taskQueue, args: [{ userId }] }),
    progress,
  );
}
