import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createKnex, migrateLatest, seed } from '@fajr/migrations';
import { TEMPLATE_DATABASE } from '@fajr/migrations/testing';
import { loadScriptsConfig } from './config';
import { ensureChromium } from './lib/chromium';
import { run } from './lib/exec';
import { freePort } from './lib/ports';
import { ensureDatabase, startEmbeddedPostgres, takeOverShutdownSignals, type LocalPostgres } from './lib/postgres';
import { log, StartupError, withProgress } from './lib/progress';
import { startLocalTemporal } from './lib/temporal-local';
import { resolveTestServer } from './lib/test-server';
import { resolveTemporalServer } from './lib/temporal-server';

/**
 * `npm test`: provisions the real servers every test needs (a throwaway Postgres with a migrated
 * template database, the Temporal time-skipping test server, a Temporal dev server), then runs
 * jest across every workspace with their addresses in the environment. Arguments go to jest.
 */
/** The jest project a full run runs on its own, after the others (faults/cluster.jest.config.js). */
const ALONE_PROJECT = 'cluster';

/** Typecheck and lint: part of every full run (`npm test` without arguments). */
async function staticChecks(repoRoot: string): Promise<boolean> {
  const bin = (name: string) => path.join(repoRoot, 'node_modules', '.bin', name);
  const steps: [string, string, string[]][] = [
    ['typecheck (server)', bin('tsc'), ['-p', 'tsconfig.json']],
    ['typecheck (web)', bin('tsc'), ['-p', 'web/tsconfig.json']],
    ['typecheck (e2e)', bin('tsc'), ['-p', 'e2e/tsconfig.json']],
    ['lint', bin('eslint'), ['.']],
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

async function main(): Promise<number> {
  const cfg = loadScriptsConfig();
  const jestArgs = process.argv.slice(2);
  const staticOk = jestArgs.length === 0 ? await staticChecks(cfg.repoRoot) : true;
  takeOverShutdownSignals();
  const cleanups: (() => Promise<void>)[] = [];
  try {
    // Postgres: a throwaway embedded server unless DATABASE_URL points at one.
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

    // Temporal: the time-skipping test server for workflow tests, a dev server for integration tests.
    const testServerPath = await resolveTestServer(cfg);
    let temporalAddress = cfg.TEMPORAL_ADDRESS;
    let cliPath: string | undefined;
    if (!temporalAddress) {
      const dev = await startLocalTemporal(cfg, { port: await freePort() });
      cleanups.push(() => dev.stop());
      temporalAddress = dev.address;
      cliPath = dev.cliPath;
    }

    const temporalServer = await temporalServerForTests(cfg);
    const chromiumPath = await ensureChromium(cfg.PATH, process.getuid?.() === 0);

    const env = {
      ...process.env,
      FAJR_CHROMIUM_PATH: chromiumPath,
      FAJR_TEST_PG_SERVER_URL: pgServerUrl,
      FAJR_TEST_TEMPORAL_ADDRESS: temporalAddress,
      ...(testServerPath ? { FAJR_TEMPORAL_TEST_SERVER_PATH: testServerPath } : {}),
      ...(cliPath ? { FAJR_TEMPORAL_CLI_PATH: cliPath } : {}),
      ...temporalServer,
    };
    const jestBin = require.resolve('jest/bin/jest');
    const runJest = (extra: string[]) => {
      const args = [jestBin, '--maxWorkers=2', ...extra];
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
    };
    // A full run: everything, then the cluster project alone (its bounds are on dial lateness, which
    // another suite on the same two cores would decide instead of the code).
    const codes = jestArgs.length === 0 ? [await runJest(['--ignoreProjects', ALONE_PROJECT]), await runJest(['--selectProjects', ALONE_PROJECT])] : [await runJest(jestArgs)];
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
async function temporalServerForTests(cfg: ReturnType<typeof loadScriptsConfig>): Promise<Record<string, string>> {
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
