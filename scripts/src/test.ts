import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createKnex, migrateLatest, seed } from '@fajr/migrations';
import { TEMPLATE_DATABASE } from '@fajr/migrations/testing';
import { loadScriptsConfig, type ScriptsConfig } from './config';
import { ensureChromium } from './lib/chromium';
import { run } from './lib/exec';
import { freePort } from './lib/ports';
import { ensureDatabase, startEmbeddedPostgres, takeOverShutdownSignals, type LocalPostgres } from './lib/postgres';
import { log, StartupError, withProgress } from './lib/progress';
import { startLocalTemporal } from './lib/temporal-local';
import { resolveTestServer } from './lib/test-server';
import { resolveTemporalServer } from './lib/temporal-server';

/**
 * `npm test`: provisions the real servers the tests need (a throwaway Postgres with a migrated
 * template database, the Temporal time-skipping test server, a Temporal dev server, Chromium, the
 * real Temporal server for the cluster test), then runs jest with their addresses in the
 * environment. Arguments go to jest. `--tier unit|int|e2e` (first argument; `npm run test:unit` …)
 * runs one tier and provisions only what it uses (docs/DEVELOPING.md, "Test tiers").
 */
/** One jest invocation of a run: its label in the durations line, its tier (FAJR_TEST_TIER) and arguments. */
interface JestRun {
  label: string;
  tier?: string;
  args: string[];
}

/**
 * A full run, one jest invocation after the other so that each tier's duration is printed
 * (docs/DEVELOPING.md "Test tiers"): the three tiers, then the fault tests (which kill and restart
 * servers), then the cluster project alone (its bounds are on dial lateness, which another suite on
 * the same two cores would decide instead of the code).
 */
const FULL_RUNS: JestRun[] = [
  { label: 'unit', tier: 'unit', args: [] },
  { label: 'int', tier: 'int', args: [] },
  { label: 'e2e', tier: 'e2e', args: [] },
  { label: 'faults', args: ['--selectProjects', 'faults'] },
  { label: 'cluster', args: ['--selectProjects', 'cluster'] },
];

type Server = 'postgres' | 'testServer' | 'devServer' | 'chromium' | 'temporalServer';
const EVERY_SERVER: Server[] = ['postgres', 'testServer', 'devServer', 'chromium', 'temporalServer'];

/**
 * The servers each tier needs. Its tests are chosen by the jest configs from FAJR_TEST_TIER
 * (jest.config.js, scripts/jest-project.js), so arguments after `--` stay jest's own.
 */
const TIERS: Record<string, Server[]> = {
  // In-process tests, and the workflow tests with fake activities (the time-skipping test server only).
  unit: ['testServer'],
  // Tests on real Postgres and Temporal (`*.int.test.ts`).
  int: ['postgres', 'testServer', 'devServer'],
  // The browser tests on the whole stack.
  e2e: ['postgres', 'devServer', 'chromium'],
};

/** Typecheck, lint and the Prettier check: part of every full run (`npm test` without arguments). */
async function staticChecks(repoRoot: string): Promise<boolean> {
  const bin = (name: string) => path.join(repoRoot, 'node_modules', '.bin', name);
  const steps: [string, string, string[]][] = [
    ['typecheck (server)', bin('tsc'), ['-p', 'tsconfig.json']],
    ['typecheck (web)', bin('tsc'), ['-p', 'web/tsconfig.json']],
    ['typecheck (e2e)', bin('tsc'), ['-p', 'e2e/tsconfig.json']],
    ['lint', bin('eslint'), ['.']],
    ['format (prettier --check)', bin('prettier'), ['--check', '.']],
  ];
  let ok = true;
  for (const [label, command, args] of steps) {
    const output: string[] = [];
    try {
      await withProgress(label, () => run(command, args, { cwd: repoRoot, onLine: (l) => output.push(l) }));
    } catch {
      ok = false;
      log(`${label} failed:\n${output.join('\n')}`);
    }
  }
  return ok;
}

/** A throwaway Postgres (unless DATABASE_URL points at one) with the migrated, seeded template database. */
async function provisionPostgres(cfg: ScriptsConfig, cleanups: (() => Promise<void>)[]): Promise<string> {
  let pgServerUrl: string;
  if (cfg.DATABASE_URL) {
    pgServerUrl = cfg.DATABASE_URL;
  } else {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fajr-test-pg-'));
    await chmod(dir, 0o755); // the postgres OS user (not root) must reach its data directory
    const pg: LocalPostgres = await withProgress('Starting a throwaway Postgres', async () =>
      startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port: await freePort(), persistent: false }),
    );
    cleanups.push(async () => {
      await pg.stop();
      await rm(dir, { recursive: true, force: true });
    });
    pgServerUrl = pg.serverUrl;
  }
  await withProgress('Preparing the migrated template database', async () => {
    const url = new URL(pgServerUrl);
    url.pathname = `/${TEMPLATE_DATABASE}`;
    const admin = createKnex(pgServerUrl);
    await admin.raw(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.destroy();
    await ensureDatabase(pgServerUrl, TEMPLATE_DATABASE);
    const knex = createKnex(url.toString());
    try {
      await migrateLatest(knex);
      await seed(knex);
    } finally {
      await knex.destroy();
    }
  });
  return pgServerUrl;
}

/** Starts or finds the servers asked for; their addresses as the environment the tests read. */
async function provision(
  cfg: ScriptsConfig,
  servers: Server[],
  cleanups: (() => Promise<void>)[],
): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  if (servers.includes('postgres')) env.FAJR_TEST_PG_SERVER_URL = await provisionPostgres(cfg, cleanups);
  if (servers.includes('testServer')) {
    const testServerPath = await resolveTestServer(cfg);
    if (testServerPath) env.FAJR_TEMPORAL_TEST_SERVER_PATH = testServerPath;
  }
  if (servers.includes('devServer')) {
    if (cfg.TEMPORAL_ADDRESS) {
      env.FAJR_TEST_TEMPORAL_ADDRESS = cfg.TEMPORAL_ADDRESS;
    } else {
      const dev = await startLocalTemporal(cfg, { port: await freePort() });
      cleanups.push(() => dev.stop());
      env.FAJR_TEST_TEMPORAL_ADDRESS = dev.address;
      if (dev.cliPath) env.FAJR_TEMPORAL_CLI_PATH = dev.cliPath;
    }
  }
  if (servers.includes('temporalServer')) Object.assign(env, await temporalServerForTests(cfg));
  if (servers.includes('chromium')) env.FAJR_CHROMIUM_PATH = await ensureChromium(cfg.PATH, process.getuid?.() === 0);
  return env;
}

/** Runs jest once with the given arguments and environment; its exit code. */
function runJest(cfg: ScriptsConfig, env: NodeJS.ProcessEnv, extra: string[]): Promise<number> {
  const args = [require.resolve('jest/bin/jest'), '--maxWorkers=2', ...extra];
  log(`Running jest ${args.slice(1).join(' ')}`);
  return new Promise<number>((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env, cwd: cfg.repoRoot });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** The tier named by `--tier <name>` at the front of the arguments, and the arguments left for jest. */
function parseArgs(argv: string[]): { tier?: string; jestArgs: string[] } {
  if (argv[0] !== '--tier') return { jestArgs: argv };
  const tier = argv[1] ?? '';
  if (!TIERS[tier]) throw new StartupError(`--tier must be one of ${Object.keys(TIERS).join(', ')}`);
  return { tier, jestArgs: argv.slice(2) };
}

async function main(): Promise<number> {
  const cfg = loadScriptsConfig();
  const { tier, jestArgs } = parseArgs(process.argv.slice(2));
  const full = !tier && jestArgs.length === 0;
  const staticStart = Date.now();
  const staticOk = full ? await staticChecks(cfg.repoRoot) : true;
  const staticTook = `static checks ${Math.round((Date.now() - staticStart) / 1000)} s`;
  takeOverShutdownSignals();
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const provisionStart = Date.now();
    const servers = await provision(cfg, tier ? TIERS[tier]! : EVERY_SERVER, cleanups);
    const provisionTook = `servers ${Math.round((Date.now() - provisionStart) / 1000)} s`;
    const env = { ...process.env, ...servers };
    const runs: JestRun[] = full ? FULL_RUNS : [{ label: tier ?? 'jest', tier, args: jestArgs }];
    const codes: number[] = [];
    const took: string[] = [];
    for (const r of runs) {
      const startedAt = Date.now();
      codes.push(await runJest(cfg, { ...env, ...(r.tier ? { FAJR_TEST_TIER: r.tier } : {}) }, r.args));
      took.push(`${r.label} ${Math.round((Date.now() - startedAt) / 1000)} s`);
    }
    if (full) log(`Durations: ${[staticTook, provisionTook, ...took].join(', ')}`);
    const code = codes.find((c) => c !== 0) ?? 0;
    return code === 0 && !staticOk ? 1 : code;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => log(`cleanup failed: ${err}`));
  }
}

/**
 * The real Temporal server for the cluster test (faults/cluster.test.ts), built into the cache the
 * first time (minutes; progress shown). When it cannot be built, the test is told why and skips
 * saying so.
 */
async function temporalServerForTests(cfg: ScriptsConfig): Promise<Record<string, string>> {
  try {
    const bin = await resolveTemporalServer(cfg, { ui: false });
    if (!bin) return { FAJR_TEMPORAL_SERVER_UNAVAILABLE: 'no Go toolchain on PATH to go install it with' };
    return { FAJR_TEMPORAL_SERVER: JSON.stringify(bin) };
  } catch (err) {
    const reason = `go install of the Temporal server failed: ${(err as Error).message.split('\n').slice(0, 3).join(' ')}`;
    log(reason);
    return { FAJR_TEMPORAL_SERVER_UNAVAILABLE: reason };
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    log(err instanceof StartupError ? err.message : String(err?.stack ?? err));
    process.exit(1);
  },
);
