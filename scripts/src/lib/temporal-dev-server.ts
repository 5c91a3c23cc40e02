import { spawn, type ChildProcess } from 'node:child_process';
import { Connection } from '@temporalio/client';
import { customSearchAttributes } from '@fajr/workflows';

export interface DevServerOptions {
  cliPath: string;
  dbFile?: string; // omitted: in memory
  port: number;
  uiPort?: number; // omitted: headless
  namespace?: string;
  /** Dynamic config values, passed as `--dynamic-config-value KEY=<JSON>`. */
  dynamicConfig?: Record<string, unknown>;
  onLine?: (line: string) => void;
}

export interface DevServer {
  address: string;
  /** The dynamic config it runs with: ours, with the caller's on top. */
  dynamicConfig: Record<string, unknown>;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * What every dev server of ours runs with (measured with `npm run bench:timers`, docs/BENCHMARKS.md):
 * - eager activities: an activity scheduled by a workflow task goes back to the worker in the answer
 *   to that task, instead of through matching and a poll — one round trip and ~a third of the
 *   server's CPU per timer→activity step;
 * - one task-queue partition: the dev server is one matching node, so four partitions only split the
 *   pollers and forward tasks between partitions.
 * `opts.dynamicConfig` overrides these and adds more.
 */
export const devServerDynamicConfig: Readonly<Record<string, unknown>> = {
  'system.enableActivityEagerExecution': true,
  'matching.numTaskqueueReadPartitions': 1,
  'matching.numTaskqueueWritePartitions': 1,
};

/** Starts `temporal server start-dev` with the project's search attributes and waits for gRPC. */
export async function startDevServer(opts: DevServerOptions): Promise<DevServer> {
  const args = ['server', 'start-dev', '--port', String(opts.port), '--ip', '127.0.0.1', '--log-level', 'error'];
  if (opts.dbFile) {
    // WAL and synchronous=normal: much higher write throughput on SQLite, still durable across crashes of the app.
    args.push(
      '--db-filename',
      opts.dbFile,
      '--sqlite-pragma',
      'journal_mode=wal',
      '--sqlite-pragma',
      'synchronous=normal',
    );
  }
  if (opts.uiPort) args.push('--ui-port', String(opts.uiPort));
  else args.push('--headless');
  if (opts.namespace && opts.namespace !== 'default') args.push('--namespace', opts.namespace);
  const dynamicConfig = { ...devServerDynamicConfig, ...opts.dynamicConfig };
  for (const [key, value] of Object.entries(dynamicConfig))
    args.push('--dynamic-config-value', `${key}=${JSON.stringify(value)}`);
  for (const key of customSearchAttributes) args.push('--search-attribute', `${key.name}=Keyword`);

  const child = spawn(opts.cliPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) opts.onLine?.(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const address = `127.0.0.1:${opts.port}`;
  let exited: string | undefined;
  child.on('exit', (code, signal) => (exited = `exited with ${code ?? signal}`));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`Temporal dev server ${exited} before it answered on ${address}`);
    try {
      const conn = await Connection.connect({ address, connectTimeout: 1000 });
      await conn.workflowService.getSystemInfo({});
      await conn.close();
      break;
    } catch (err) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`Temporal dev server did not answer on ${address} within 30s: ${(err as Error).message}`, {
          cause: err,
        });
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    address,
    dynamicConfig,
    child,
    stop: () => stopChild(child),
  };
}

/** SIGTERM, then SIGKILL after a grace period; resolves when the process is gone. */
export function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
