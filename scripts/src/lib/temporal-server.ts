import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { customSearchAttributes } from '@fajr/workflows';
import type { ScriptsConfig } from '../config';
import { forwardLines, waitUntil } from './child-startup';
import { withProgress } from './progress';
import { stopChild } from './temporal-dev-server';
import type { TemporalServerPorts } from './temporal-server-ports';
import {
  resolveTemporalServer,
  setUpTemporalSchema,
  TEMPORAL_SERVER_VERSION,
  type TemporalDatabases,
  type TemporalServerBinaries,
} from './temporal-server-setup';

export { freeServerPorts, portsAround, type TemporalServerPorts } from './temporal-server-ports';
export {
  resolveTemporalServer,
  setUpTemporalSchema,
  TEMPORAL_SERVER_VERSION,
  TEMPORAL_UI_VERSION,
} from './temporal-server-setup';
export type { TemporalDatabases, TemporalServerBinaries } from './temporal-server-setup';

/** The Temporal cluster server (and its UI) on Postgres: started, its namespace prepared, stopped. */

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
  const child = spawn(
    bin.server,
    ['--root', cfg.repoRoot, '--config', 'scripts/temporal', '--env', 'cluster', '--allow-no-auth', 'start'],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
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
        await conn.operatorService.addSearchAttributes({
          namespace,
          searchAttributes: Object.fromEntries(missing.map((k) => [k.name, 2])),
        });
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
  const child = spawn(
    bin.ui,
    ['--root', cfg.repoRoot, '--config', 'scripts/temporal/ui', '--env', 'cluster', 'start'],
    {
      env: {
        ...process.env,
        TEMPORAL_ADDRESS: opts.address,
        TEMPORAL_UI_PORT: String(opts.uiPort),
        TEMPORAL_NAMESPACE: opts.namespace,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
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
    pgServerUrl: string;
    ports: TemporalServerPorts;
    namespace: string;
    uiPort?: number;
    databasePrefix?: string;
    /** Already resolved (the tests get them from `npm test`). */
    bin?: TemporalServerBinaries;
    onLine?: (line: string) => void;
  },
): Promise<{ server: TemporalServer; bin: TemporalServerBinaries; uiUrl?: string; stop: () => Promise<void> }> {
  const bin = opts.bin ?? (await resolveTemporalServer(cfg, { ui: opts.uiPort !== undefined }));
  if (!bin)
    throw new Error(
      'No Go toolchain on PATH: the Temporal server is built with `go install` (install Go 1.24 or newer)',
    );
  const prefix = opts.databasePrefix ?? 'temporal';
  const dbs = { pgServerUrl: opts.pgServerUrl, main: prefix, visibility: `${prefix}_visibility` };
  await withProgress(`Setting up Temporal's schema (databases ${dbs.main}, ${dbs.visibility})`, () =>
    setUpTemporalSchema(bin, dbs),
  );
  const server = await withProgress(`Starting the Temporal server ${TEMPORAL_SERVER_VERSION} on Postgres`, () =>
    spawnTemporalServer(cfg, bin, serverEnv(cfg, dbs, opts.ports), opts.onLine),
  );
  const stops: (() => Promise<void>)[] = [server.stop];
  try {
    await withProgress(`Registering namespace ${opts.namespace} and its search attributes`, () =>
      prepareNamespace(server.address, opts.namespace),
    );
    let uiUrl: string | undefined;
    if (opts.uiPort !== undefined) {
      const ui = await withProgress('Starting the Temporal UI server', () =>
        spawnTemporalUi(cfg, bin, {
          address: server.address,
          uiPort: opts.uiPort!,
          namespace: opts.namespace,
          onLine: opts.onLine,
        }),
      );
      stops.unshift(ui.stop);
      uiUrl = ui.url;
    }
    return {
      server,
      bin,
      uiUrl,
      stop: async () => {
        for (const stop of stops) await stop();
      },
    };
  } catch (err) {
    for (const stop of stops) await stop();
    throw err;
  }
}
