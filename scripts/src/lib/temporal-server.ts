import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { customSearchAttributes } from '@fajr/workflows';
import { Client } from 'pg';
import type { ScriptsConfig } from '../config';
import { isExecutable, run } from './exec';
import { findGo, goInstall, goModuleDir } from './go';
import { ensureDatabase } from './databases';
import { withProgress } from './progress';
import { stopChild } from './temporal-dev-server';

/** The server the CLI v1.5.1 embeds; its go.mod has no replace directive, so `go install` builds it. */
export const TEMPORAL_SERVER_VERSION = 'v1.29.1';
/**
 * The UI server the CLI v1.5.1 embeds (made for this server). Newer releases (v2.58.1 today) declare
 * `go 1.26.10`, newer than this machine's Go, and GOTOOLCHAIN=local forbids fetching another.
 */
export const TEMPORAL_UI_VERSION = 'v2.42.1';
const SERVER_MODULE = `go.temporal.io/server@${TEMPORAL_SERVER_VERSION}`;

export interface TemporalServerBinaries {
  server: string;
  sqlTool: string;
  /** The module's schema/postgresql/v12 (from Go's module cache). */
  schemaDir: string;
  ui: string;
}

/** What the cluster server's config (scripts/temporal/cluster.yaml) reads from the environment. */
export interface TemporalServerPorts {
  frontend: number;
  http: number;
  history: number;
  matching: number;
  worker: number;
  frontendMembership: number;
  historyMembership: number;
  matchingMembership: number;
  workerMembership: number;
}

/** The usual layout around a frontend port (7233: history 7234, matching 7235, worker 7239, membership 6933…). */
export function portsAround(frontend: number): TemporalServerPorts {
  return {
    frontend, http: frontend + 10, history: frontend + 1, matching: frontend + 2, worker: frontend + 6,
    frontendMembership: frontend - 300, historyMembership: frontend - 299, matchingMembership: frontend - 298, workerMembership: frontend - 294,
  };
}

/**
 * Every port on a free one (for tests that run beside other servers), below 32768: the server keeps
 * membership ports in a smallint column, and the system's ephemeral ports are above it.
 */
export async function freeServerPorts(): Promise<TemporalServerPorts> {
  const names = ['frontend', 'http', 'history', 'matching', 'worker', 'frontendMembership', 'historyMembership', 'matchingMembership', 'workerMembership'] as const;
  const ports = {} as TemporalServerPorts;
  const taken = new Set<number>();
  for (const name of names) {
    for (;;) {
      const port = 20_000 + Math.floor(Math.random() * 12_000);
      if (!taken.has(port) && (await canListen(port))) {
        taken.add(port);
        ports[name] = port;
        break;
      }
    }
  }
  return ports;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The Temporal server, temporal-sql-tool and the UI server, from our cache (~/.cache/fajr/bin) or
 * built there with `go install` from the Go module proxy (progress shown). Undefined without Go.
 */
export async function resolveTemporalServer(cfg: ScriptsConfig, opts: { ui?: boolean } = {}): Promise<TemporalServerBinaries | undefined> {
  const bin = path.join(cfg.cacheDir, 'bin');
  const server = path.join(bin, `temporal-server-${TEMPORAL_SERVER_VERSION}`);
  const sqlTool = path.join(bin, `temporal-sql-tool-${TEMPORAL_SERVER_VERSION}`);
  const ui = path.join(bin, `temporal-ui-server-${TEMPORAL_UI_VERSION}`);
  const go = await findGo(cfg.PATH);
  if (!go) return undefined;
  if (!(await isExecutable(server)) || !(await isExecutable(sqlTool))) {
    await goInstall(
      go,
      `Building the Temporal server ${TEMPORAL_SERVER_VERSION} and temporal-sql-tool (go install go.temporal.io/server/cmd/…; minutes the first time)`,
      [
        { pkg: `go.temporal.io/server/cmd/server@${TEMPORAL_SERVER_VERSION}`, as: path.basename(server) },
        { pkg: `go.temporal.io/server/cmd/tools/sql@${TEMPORAL_SERVER_VERSION}`, as: path.basename(sqlTool) },
      ],
      bin,
    );
  }
  if (opts.ui !== false && !(await isExecutable(ui))) {
    await goInstall(
      go,
      `Building the Temporal UI server ${TEMPORAL_UI_VERSION} (go install github.com/temporalio/ui-server/v2/cmd/server)`,
      [{ pkg: `github.com/temporalio/ui-server/v2/cmd/server@${TEMPORAL_UI_VERSION}`, as: path.basename(ui) }],
      bin,
    );
  }
  const schemaDir = path.join(await goModuleDir(go, SERVER_MODULE), 'schema', 'postgresql', 'v12');
  return { server, sqlTool, schemaDir, ui };
}

export interface TemporalDatabases {
  /** postgres://user:password@host:port/… of the server holding them. */
  pgServerUrl: string;
  main: string;
  visibility: string;
}

/** Creates Temporal's two databases when missing, sets their schema up (first time) and updates it to the module's version. */
export async function setUpTemporalSchema(bin: TemporalServerBinaries, dbs: TemporalDatabases): Promise<void> {
  const url = new URL(dbs.pgServerUrl);
  for (const [db, dir] of [[dbs.main, 'temporal'], [dbs.visibility, 'visibility']] as const) {
    await ensureDatabase(dbs.pgServerUrl, db);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${db}`;
    const client = new Client({ connectionString: dbUrl.toString() });
    await client.connect();
    const { rowCount } = await client.query(`select 1 from information_schema.tables where table_name = 'schema_version'`).finally(() => client.end());
    const args = [
      '--plugin', 'postgres12', '--ep', url.hostname, '-p', url.port || '5432', '-u', decodeURIComponent(url.username),
      '--pw', decodeURIComponent(url.password), '--db', db,
    ];
    const lines: string[] = [];
    const opts = { onLine: (l: string) => lines.push(l) };
    if (!rowCount) await run(bin.sqlTool, [...args, 'setup-schema', '-v', '0.0'], opts);
    await run(bin.sqlTool, [...args, 'update-schema', '-d', path.join(bin.schemaDir, dir, 'versioned')], opts);
  }
}

export interface TemporalServer {
  address: string;
  child: ChildProcess;
  /** The environment it was started with (restart it with the same). */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** The environment scripts/temporal/cluster.yaml is rendered from. */
export function serverEnv(cfg: ScriptsConfig, dbs: TemporalDatabases, ports: TemporalServerPorts): NodeJS.ProcessEnv {
  const url = new URL(dbs.pgServerUrl);
  return {
    ...process.env,
    TEMPORAL_DB: dbs.main,
    TEMPORAL_VISIBILITY_DB: dbs.visibility,
    TEMPORAL_PG_HOST: url.hostname,
    TEMPORAL_PG_PORT: url.port || '5432',
    TEMPORAL_PG_USER: decodeURIComponent(url.username),
    TEMPORAL_PG_PASSWORD: decodeURIComponent(url.password),
    TEMPORAL_FRONTEND_PORT: String(ports.frontend),
    TEMPORAL_HTTP_PORT: String(ports.http),
    TEMPORAL_HISTORY_PORT: String(ports.history),
    TEMPORAL_MATCHING_PORT: String(ports.matching),
    TEMPORAL_WORKER_PORT: String(ports.worker),
    TEMPORAL_FRONTEND_MEMBERSHIP_PORT: String(ports.frontendMembership),
    TEMPORAL_HISTORY_MEMBERSHIP_PORT: String(ports.historyMembership),
    TEMPORAL_MATCHING_MEMBERSHIP_PORT: String(ports.matchingMembership),
    TEMPORAL_WORKER_MEMBERSHIP_PORT: String(ports.workerMembership),
    TEMPORAL_DYNAMIC_CONFIG_FILE: path.join(cfg.repoRoot, 'scripts', 'temporal', 'dynamicconfig.yaml'),
  };
}

/** Starts the server process (all four services in one) and waits until its frontend answers. */
export async function spawnTemporalServer(
  cfg: ScriptsConfig,
  bin: TemporalServerBinaries,
  env: NodeJS.ProcessEnv,
  onLine?: (line: string) => void,
): Promise<TemporalServer> {
  const child = spawn(bin.server, ['--root', cfg.repoRoot, '--config', 'scripts/temporal', '--env', 'cluster', '--allow-no-auth', 'start'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail = forwardLines(child, onLine);
  const address = `127.0.0.1:${env.TEMPORAL_FRONTEND_PORT}`;
  await waitUntil(child, tail, 'Temporal server', 90_000, async () => {
    const conn = await Connection.connect({ address, connectTimeout: 1000 });
    try {
      await conn.workflowService.getSystemInfo({});
    } finally {
      await conn.close();
    }
  });
  return { address, child, env, stop: () => stopChild(child, 20_000) };
}

/** Registers the namespace (when new) and the project's search attributes, and waits until both can be used. */
export async function prepareNamespace(address: string, namespace: string): Promise<void> {
  const conn = await Connection.connect({ address });
  try {
    try {
      await conn.workflowService.registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs('3 days') });
    } catch (err) {
      if (!/already exists/i.test((err as Error).message)) throw err;
    }
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        const { customAttributes } = await conn.operatorService.listSearchAttributes({ namespace });
        const missing = customSearchAttributes.filter((k) => !customAttributes?.[k.name]);
        if (!missing.length) return;
        // 2 = INDEXED_VALUE_TYPE_KEYWORD: every custom attribute of ours is a Keyword.
        await conn.operatorService.addSearchAttributes({ namespace, searchAttributes: Object.fromEntries(missing.map((k) => [k.name, 2])) });
      } catch (err) {
        if (Date.now() > deadline) throw err;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await conn.close();
  }
}

/** The UI server against a frontend, on 127.0.0.1:uiPort; resolves once it serves its page. */
export async function spawnTemporalUi(
  cfg: ScriptsConfig,
  bin: TemporalServerBinaries,
  opts: { address: string; uiPort: number; namespace: string; onLine?: (line: string) => void },
): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const child = spawn(bin.ui, ['--root', cfg.repoRoot, '--config', 'scripts/temporal/ui', '--env', 'cluster', 'start'], {
    env: { ...process.env, TEMPORAL_ADDRESS: opts.address, TEMPORAL_UI_PORT: String(opts.uiPort), TEMPORAL_NAMESPACE: opts.namespace },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail = forwardLines(child, opts.onLine);
  const url = `http://127.0.0.1:${opts.uiPort}`;
  await waitUntil(child, tail, 'Temporal UI server', 30_000, async () => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${res.status}`);
  });
  return { url, child, stop: () => stopChild(child) };
}

/**
 * The whole cluster server on the project's Postgres: binaries (built when missing), schema, server,
 * namespace with search attributes, and the UI when `uiPort` is given. Progress is shown per step.
 */
export async function startTemporalCluster(
  cfg: ScriptsConfig,
  opts: {
    pgServerUrl: string; ports: TemporalServerPorts; namespace: string; uiPort?: number; databasePrefix?: string;
    /** Already resolved (the tests get them from `npm test`). */
    bin?: TemporalServerBinaries;
    onLine?: (line: string) => void;
  },
): Promise<{ server: TemporalServer; bin: TemporalServerBinaries; uiUrl?: string; stop: () => Promise<void> }> {
  const bin = opts.bin ?? (await resolveTemporalServer(cfg, { ui: opts.uiPort !== undefined }));
  if (!bin) throw new Error('No Go toolchain on PATH: the Temporal server is built with `go install` (install Go 1.24 or newer)');
  const prefix = opts.databasePrefix ?? 'temporal';
  const dbs = { pgServerUrl: opts.pgServerUrl, main: prefix, visibility: `${prefix}_visibility` };
  await withProgress(`Setting up Temporal's schema (databases ${dbs.main}, ${dbs.visibility})`, () => setUpTemporalSchema(bin, dbs));
  const server = await withProgress(`Starting the Temporal server ${TEMPORAL_SERVER_VERSION} on Postgres`, () =>
    spawnTemporalServer(cfg, bin, serverEnv(cfg, dbs, opts.ports), opts.onLine),
  );
  const stops: (() => Promise<void>)[] = [server.stop];
  try {
    await withProgress(`Registering namespace ${opts.namespace} and its search attributes`, () => prepareNamespace(server.address, opts.namespace));
    let uiUrl: string | undefined;
    if (opts.uiPort !== undefined) {
      const ui = await withProgress('Starting the Temporal UI server', () =>
        spawnTemporalUi(cfg, bin, { address: server.address, uiPort: opts.uiPort!, namespace: opts.namespace, onLine: opts.onLine }),
      );
      stops.unshift(ui.stop);
      uiUrl = ui.url;
    }
    return { server, bin, uiUrl, stop: async () => { for (const stop of stops) await stop(); } };
  } catch (err) {
    for (const stop of stops) await stop();
    throw err;
  }
}

/** Passes each output line on; returns the last few, for the error when the process does not come up. */
function forwardLines(child: ChildProcess, onLine?: (line: string) => void): string[] {
  const tail: string[] = [];
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      onLine?.(line);
      tail.push(line.slice(0, 500));
      if (tail.length > 8) tail.shift();
    }
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  return tail;
}

async function waitUntil(child: ChildProcess, tail: string[], what: string, timeoutMs: number, probe: () => Promise<void>): Promise<void> {
  let exited: string | undefined;
  child.on('exit', (code, signal) => (exited = `exited with ${code ?? signal}`));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`${what} ${exited} before it answered; its last lines:\n${tail.join('\n')}`);
    try {
      await probe();
      return;
    } catch (err) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${what} did not answer within ${timeoutMs / 1000}s: ${(err as Error).message}`, { cause: err });
      }
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}
