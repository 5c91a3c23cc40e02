import { TestWorkflowEnvironment } from '@temporalio/testing';
import type { ScriptsConfig } from '../config';
import { log, withProgress } from './progress';
import { resolveTemporalCli } from './temporal-cli';
import { startDevServer } from './temporal-dev-server';
import { customSearchAttributes } from '@fajr/workflows';

export interface LocalTemporalOptions {
  port: number;
  /** SQLite file; omitted: in memory. */
  dbFile?: string;
  /** Web UI port; omitted: headless. */
  uiPort?: number;
  onLine?: (line: string) => void;
}

/**
 * Starts a local Temporal dev server with the project's search attributes, from the CLI found or
 * built by resolveTemporalCli; where no CLI can be had, lets the SDK download one (needs internet).
 */
export async function startLocalTemporal(
  cfg: ScriptsConfig,
  opts: LocalTemporalOptions,
): Promise<{ address: string; cliPath?: string; stop: () => Promise<void> }> {
  const what = opts.dbFile ? 'the Temporal dev server' : 'a Temporal dev server (in memory)';
  const cliPath = await resolveTemporalCli(cfg);
  if (cliPath) {
    const server = await withProgress(`Starting ${what}`, () => startDevServer({ cliPath, ...opts }));
    return { address: server.address, cliPath, stop: server.stop };
  }
  log('No Temporal CLI and no Go toolchain: downloading the CLI through the Temporal SDK');
  const env = await withProgress(`Starting ${what} (SDK download)`, () =>
    TestWorkflowEnvironment.createLocal({
      server: {
        ip: '127.0.0.1',
        port: opts.port,
        ui: opts.uiPort !== undefined,
        uiPort: opts.uiPort,
        dbFilename: opts.dbFile,
        extraArgs: customSearchAttributes.flatMap((k) => ['--search-attribute', `${k.name}=Keyword`]),
      },
    }),
  );
  return { address: `127.0.0.1:${opts.port}`, stop: () => env.teardown() };
}
