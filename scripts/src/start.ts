import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { loadScriptsConfig, type ScriptsConfig } from './config';
import { migrateAndSeed } from './lib/database';
import { portInUse } from './lib/ports';
import { ensureDatabase, startEmbeddedPostgres, takeOverShutdownSignals } from './lib/postgres';
import { log, StartupError, withProgress } from './lib/progress';
import { Supervisor, tsNode } from './lib/supervisor';
import { startLocalTemporal } from './lib/temporal-local';
import { portsAround, startTemporalCluster, TEMPORAL_SERVER_VERSION } from './lib/temporal-server';

/**
 * `npm start`: the whole service on one machine. Postgres (embedded, data in .data/postgres) unless
 * DATABASE_URL; the Temporal dev server (SQLite in .data/temporal.db, Web UI) unless
 * TEMPORAL_ADDRESS; migrations and seeds; then the worker, the API and the web app. Ctrl-C stops
 * everything; a second start reuses the data.
 *
 * `npm run start:cluster` (`--cluster`): the production shape instead. The Temporal server (built with
 * `go install`, on the same Postgres in its own databases temporal and temporal_visibility, four history
 * shards, advanced visibility) and its UI server; two workers; two API processes on one port (Node's
 * cluster module, scripts/src/api-cluster.ts).
 */
async function main(): Promise<void> {
  const cfg = loadScriptsConfig();
  const clusterMode = process.argv.includes('--cluster');
  const production = cfg.NODE_ENV === 'production';
  const stops: Stop[] = [];
  let shuttingDown = false;

  const shutdown = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log('Stopping …');
    await supervisor.stopAll();
    for (const { name, stop } of stops.reverse()) {
      await stop().catch((err) => log(`stopping ${name} failed: ${(err as Error).message}`));
    }
    log('Stopped.');
    process.exit(code);
  };
  const supervisor = new Supervisor(
    (line) => process.stdout.write(`${line}\n`),
    (name, code, signal) => {
      log(`${name} exited unexpectedly (${code ?? signal}); stopping everything. Its last lines are above.`);
      void shutdown(1);
    },
  );
  takeOverShutdownSignals();
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    await checkPorts(cfg, production, clusterMode);
    await mkdir(cfg.dataDir, { recursive: true });
    const { databaseUrl, pgServerUrl } = await startPostgres(cfg, stops);
    const { temporalAddress, temporalUi } = await startTemporal(cfg, clusterMode, pgServerUrl, {
      stops,
      shuttingDown: () => shuttingDown,
      shutdown,
    });
    await withProgress('Running migrations and seeds', () => migrateAndSeed(databaseUrl));
    const urls = startProcesses(supervisor, cfg, { production, clusterMode, databaseUrl, temporalAddress });
    await waitForProcesses(cfg, urls.workers);
    process.stdout.write(
      [
        '',
        clusterMode
          ? 'Fajr is running (cluster: Temporal server on Postgres, 2 workers, 2 API processes):'
          : 'Fajr is running:',
        `  Web app      ${urls.webUrl}`,
        `  API          ${urls.apiUrl}/api  (health: ${urls.apiUrl}/api/health, OpenAPI: ${urls.apiUrl}/api/docs)`,
        `  Temporal UI  ${temporalUi}`,
        `  Metrics      http://127.0.0.1:${cfg.API_METRICS_PORT}/metrics (API), http://127.0.0.1:${cfg.WORKER_METRICS_PORT}/metrics (worker)`,
        `  Postgres     ${redact(databaseUrl)}`,
        'Press Ctrl-C to stop.',
        '',
      ].join('\n'),
    );
  } catch (err) {
    log(err instanceof StartupError ? err.message : `Start failed: ${(err as Error).message}`);
    await shutdown(1);
  }
}

interface Stop {
  name: string;
  stop: () => Promise<void>;
}

/** The embedded Postgres (data in .data/postgres) unless DATABASE_URL names one. */
async function startPostgres(
  cfg: ScriptsConfig,
  stops: Stop[],
): Promise<{ databaseUrl: string; pgServerUrl: string | undefined }> {
  if (cfg.DATABASE_URL) return { databaseUrl: cfg.DATABASE_URL, pgServerUrl: cfg.DATABASE_URL };
  const pg = await withProgress(
    `Starting Postgres (data in ${path.relative(cfg.repoRoot, cfg.dataDir)}/postgres)`,
    () =>
      startEmbeddedPostgres({ dataDir: path.join(cfg.dataDir, 'postgres'), port: cfg.POSTGRES_PORT, persistent: true }),
  );
  stops.push({ name: 'Postgres', stop: pg.stop });
  await ensureDatabase(pg.serverUrl, 'fajr');
  return { databaseUrl: pg.databaseUrl('fajr'), pgServerUrl: pg.serverUrl };
}

/**
 * Temporal unless TEMPORAL_ADDRESS names one: the dev server (SQLite in .data/temporal.db), or with
 * --cluster the Temporal server on Postgres, whose exit stops everything.
 */
async function startTemporal(
  cfg: ScriptsConfig,
  clusterMode: boolean,
  pgServerUrl: string | undefined,
  run: { stops: Stop[]; shuttingDown: () => boolean; shutdown: (code: number) => Promise<void> },
): Promise<{ temporalAddress: string | undefined; temporalUi: string }> {
  let temporalAddress = cfg.TEMPORAL_ADDRESS;
  let temporalUi = cfg.TEMPORAL_ADDRESS
    ? '(external Temporal: its own UI)'
    : `http://localhost:${cfg.TEMPORAL_UI_PORT}`;
  if (!temporalAddress && clusterMode) {
    const temporal = await startTemporalCluster(cfg, {
      pgServerUrl: pgServerUrl!,
      ports: portsAround(cfg.TEMPORAL_PORT),
      namespace: cfg.TEMPORAL_NAMESPACE,
      uiPort: cfg.TEMPORAL_UI_PORT,
      // Ctrl-C reaches Postgres (same process group) at once: what the server says afterwards is noise.
      onLine: (line) => run.shuttingDown() || process.stdout.write(`[temporal] ${line}\n`),
    });
    run.stops.push({ name: 'Temporal', stop: temporal.stop });
    temporal.server.child.on('exit', (code, signal) => {
      if (!run.shuttingDown()) {
        log(
          `The Temporal server exited unexpectedly (${code ?? signal}); stopping everything. Its last lines are above.`,
        );
        void run.shutdown(1);
      }
    });
    temporalAddress = temporal.server.address;
    temporalUi = `http://localhost:${cfg.TEMPORAL_UI_PORT}  (server ${TEMPORAL_SERVER_VERSION} on Postgres)`;
  } else if (!temporalAddress) {
    const temporal = await startLocalTemporal(cfg, {
      port: cfg.TEMPORAL_PORT,
      uiPort: cfg.TEMPORAL_UI_PORT,
      dbFile: path.join(cfg.dataDir, 'temporal.db'),
      onLine: (line) => process.stdout.write(`[temporal] ${line}\n`),
    });
    run.stops.push({ name: 'Temporal', stop: temporal.stop });
    temporalAddress = temporal.address;
  }
  return { temporalAddress, temporalUi };
}

/** The worker(s), the API (one process, or two with --cluster) and, in development, the Vite server. */
function startProcesses(
  supervisor: Supervisor,
  cfg: ScriptsConfig,
  {
    production,
    clusterMode,
    databaseUrl,
    temporalAddress,
  }: { production: boolean; clusterMode: boolean; databaseUrl: string; temporalAddress: string | undefined },
): { apiUrl: string; webUrl: string; workers: number[] } {
  const apiUrl = `http://localhost:${cfg.API_PORT}`;
  const webUrl = production ? apiUrl : `http://localhost:${cfg.WEB_PORT}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: cfg.NODE_ENV,
    DATABASE_URL: databaseUrl,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_NAMESPACE: cfg.TEMPORAL_NAMESPACE,
    // Links in SMS and e-mail open the web app (the Vite server in development, which proxies /api).
    ...(cfg.PUBLIC_WEB_URL || !production ? { PUBLIC_WEB_URL: cfg.PUBLIC_WEB_URL ?? webUrl } : {}),
  };
  // The cluster's second worker (and API process) serves its metrics 2 ports above the first's.
  const workers = clusterMode ? [1, 2] : [0];
  for (const n of workers) {
    const metricsPort = cfg.WORKER_METRICS_PORT + 2 * Math.max(0, n - 1);
    supervisor.start({
      name: n ? `worker-${n}` : 'worker',
      ...tsNode('worker/src/main.ts'),
      env: { ...env, METRICS_PORT: String(metricsPort) },
      cwd: cfg.repoRoot,
    });
  }
  supervisor.start({
    name: 'api',
    ...tsNode(clusterMode ? 'scripts/src/api-cluster.ts' : 'api/src/server.ts'),
    cwd: cfg.repoRoot,
    env: {
      ...env,
      PORT: String(cfg.API_PORT),
      // Each process of the cluster serves its own metrics (METRICS_PORT + 2 × its index, api-cluster.ts).
      ...(clusterMode
        ? { API_PROCESSES: '2', API_CLUSTER_METRICS_PORT: String(cfg.API_METRICS_PORT) }
        : { METRICS_PORT: String(cfg.API_METRICS_PORT) }),
      PUBLIC_BASE_URL: cfg.PUBLIC_BASE_URL ?? apiUrl,
      CORS_ORIGINS: cfg.CORS_ORIGINS ?? `${webUrl},http://127.0.0.1:${cfg.WEB_PORT}`,
      ...(production ? { WEB_DIST_DIR: path.join(cfg.repoRoot, 'web', 'dist') } : {}),
    },
  });
  if (!production) {
    supervisor.start({
      name: 'web',
      command: path.join(cfg.repoRoot, 'node_modules', '.bin', 'vite'),
      args: ['--port', String(cfg.WEB_PORT), '--strictPort', '--host', '127.0.0.1'],
      cwd: path.join(cfg.repoRoot, 'web'),
      env: { ...env, WEB_PORT: String(cfg.WEB_PORT), API_URL: `http://127.0.0.1:${cfg.API_PORT}` },
    });
  }
  return { apiUrl, webUrl, workers };
}

/** Waits until the API is healthy and every worker polls. */
async function waitForProcesses(cfg: ScriptsConfig, workers: number[]): Promise<void> {
  await withProgress('Waiting for the API to report healthy', () =>
    waitForHealth(`http://127.0.0.1:${cfg.API_PORT}/api/health`),
  );
  // The worker serves its metrics once it polls (after bundling the workflows): "running" means calls can be placed and /metrics answers.
  for (const n of workers) {
    const url = `http://127.0.0.1:${cfg.WORKER_METRICS_PORT + 2 * Math.max(0, n - 1)}/metrics`;
    await withProgress(`Waiting for the ${n ? `worker ${n}` : 'worker'} to poll`, () =>
      waitForHealth(url, 180_000, `The ${n ? `worker ${n}` : 'worker'}`),
    );
  }
}

async function checkPorts(cfg: ScriptsConfig, production: boolean, clusterMode: boolean): Promise<void> {
  const wanted: [number, string, string][] = [
    [cfg.API_PORT, 'the API', 'API_PORT'],
    [cfg.API_METRICS_PORT, "the API's metrics", 'API_METRICS_PORT'],
    [cfg.WORKER_METRICS_PORT, "the worker's metrics", 'WORKER_METRICS_PORT'],
  ];
  if (clusterMode) {
    wanted.push(
      [cfg.API_METRICS_PORT + 2, "the second API process's metrics", 'API_METRICS_PORT'],
      [cfg.WORKER_METRICS_PORT + 2, "the second worker's metrics", 'WORKER_METRICS_PORT'],
    );
  }
  if (!production) wanted.push([cfg.WEB_PORT, 'the web app', 'WEB_PORT']);
  if (!cfg.DATABASE_URL) wanted.push([cfg.POSTGRES_PORT, 'Postgres', 'POSTGRES_PORT']);
  if (!cfg.TEMPORAL_ADDRESS) {
    wanted.push(
      [cfg.TEMPORAL_PORT, 'Temporal', 'TEMPORAL_PORT'],
      [cfg.TEMPORAL_UI_PORT, 'the Temporal UI', 'TEMPORAL_UI_PORT'],
    );
    if (clusterMode) {
      // The server's internal ports sit around TEMPORAL_PORT; membership ports are stored as smallint.
      if (cfg.TEMPORAL_PORT < 1024 || cfg.TEMPORAL_PORT > 32_000) {
        throw new StartupError(
          `TEMPORAL_PORT=${cfg.TEMPORAL_PORT}: the cluster's Temporal server needs a port between 1024 and 32000 (its membership ports, TEMPORAL_PORT - 300 …, are stored as smallint)`,
        );
      }
      const { frontend: _f, ...internal } = portsAround(cfg.TEMPORAL_PORT);
      for (const [service, port] of Object.entries(internal))
        wanted.push([port, `the Temporal server's ${service} port`, 'TEMPORAL_PORT']);
    }
  }
  for (const [port, what, variable] of wanted) {
    if (await portInUse(port)) {
      throw new StartupError(
        `Port ${port} (for ${what}) is already in use: stop what listens there, or set ${variable} to another port.`,
      );
    }
  }
}

async function waitForHealth(url: string, timeoutMs = 180_000, what = 'The API'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new StartupError(`${what} did not become healthy within ${timeoutMs / 1000}s (last answer: ${last})`);
}

function redact(url: string): string {
  return url.replace(/:\/\/([^:]+):[^@]+@/, '://$1:***@');
}

void main();
