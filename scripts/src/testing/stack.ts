import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { repoRoot } from '../config';
import { run } from '../lib/exec';
import { freePort } from '../lib/ports';
import { Supervisor, tsNode } from '../lib/supervisor';

export interface Stack {
  /** e.g. http://127.0.0.1:41234 — the API, which also serves the built web app. */
  baseUrl: string;
  db: TestDatabase;
  taskQueue: string;
  /** Everything the processes printed, for a failing test's message. */
  output: string[];
  stop(): Promise<void>;
}

const WEB_DIST = path.join(repoRoot, 'web', 'dist');

/** Newest modification time of the web app's sources, to tell whether web/dist is stale. */
async function newestSourceMtime(dir = path.join(repoRoot, 'web', 'src')): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? await newestSourceMtime(file) : (await stat(file)).mtimeMs);
  }
  return newest;
}

async function webIsBuilt(): Promise<boolean> {
  const index = path.join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return false;
  const built = (await stat(index)).mtimeMs;
  const sources = [path.join(repoRoot, 'web', 'index.html'), path.join(repoRoot, 'web', 'vite.config.ts')].filter(
    existsSync,
  );
  const publicDir = path.join(repoRoot, 'web', 'public');
  const publicFiles = existsSync(publicDir) ? await newestSourceMtime(publicDir) : 0;
  const newest = Math.max(
    await newestSourceMtime(),
    publicFiles,
    ...(await Promise.all(sources.map(async (f) => (await stat(f)).mtimeMs))),
  );
  return built >= newest;
}

/** Builds the web app once per checkout (a directory lock keeps parallel test files from building twice). */
export async function ensureWebBuilt(): Promise<string> {
  const lock = path.join(repoRoot, 'web', '.build-lock');
  for (;;) {
    if (await webIsBuilt()) return WEB_DIST;
    try {
      await mkdir(lock);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    if (!(await webIsBuilt())) {
      await run(path.join(repoRoot, 'node_modules', '.bin', 'vite'), ['build'], { cwd: path.join(repoRoot, 'web') });
    }
  } finally {
    await rmdir(lock).catch(() => undefined);
  }
  return WEB_DIST;
}

/**
 * The whole real stack for browser tests: a fresh database, a worker on its own task queue of the
 * dev server `npm test` started, and the API serving the built web app with the local providers.
 */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const temporalAddress = process.env.FAJR_TEST_TEMPORAL_ADDRESS;
  if (!temporalAddress) throw new Error('FAJR_TEST_TEMPORAL_ADDRESS is not set: run tests through `npm test`');
  const [db, webDist, port] = await Promise.all([createTestDatabase(), ensureWebBuilt(), freePort()]);
  const taskQueue = `stack-${randomUUID().slice(0, 8)}`;
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  let died: string | undefined;
  const supervisor = new Supervisor(
    (line) => output.push(line),
    (name, code, signal) => (died = `${name} exited with ${code ?? signal}`),
  );
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.url,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: taskQueue,
    PUBLIC_BASE_URL: baseUrl,
    ...env,
  };
  supervisor.start({ name: 'worker', ...tsNode('worker/src/main.ts'), env: common, cwd: repoRoot });
  supervisor.start({
    name: 'api',
    ...tsNode('api/src/server.ts'),
    env: { ...common, PORT: String(port), WEB_DIST_DIR: webDist, CORS_ORIGINS: baseUrl },
    cwd: repoRoot,
  });
  const stop = async () => {
    await supervisor.stopAll();
    await db.drop();
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (died) {
      await stop();
      throw new Error(`The stack did not start: ${died}\n${output.slice(-30).join('\n')}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The stack did not become healthy in 120 s\n${output.slice(-30).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { baseUrl, db, taskQueue, output, stop };
}
