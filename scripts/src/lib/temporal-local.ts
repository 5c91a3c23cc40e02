import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { customSearchAttributes } from '@fajr/workflows/search-attributes';
import type { ScriptsConfig } from '../config';
import { log, withProgress } from './progress';
import { resolveTemporalCli } from './temporal-cli';
import { startDevServer } from './temporal-dev-server';

/**
 * Starts the local Temporal dev server with its SQLite file under .data/ and the Web UI, from the
 * CLI found or built by resolveTemporalCli; where no CLI can be had, lets the SDK download one.
 */
export async function startLocalTemporal(
  cfg: ScriptsConfig,
  onLine: (line: string) => void,
): Promise<{ address: string; stop: () => Promise<void> }> {
  const dbFile = path.join(cfg.dataDir, 'temporal.db');
  const cliPath = await resolveTemporalCli(cfg);
  if (cliPath) {
    const server = await withProgress(`Starting the Temporal dev server (${cliPath})`, () =>
      startDevServer({ cliPath, dbFile, port: cfg.TEMPORAL_PORT, uiPort: cfg.TEMPORAL_UI_PORT, onLine }),
    );
    return { address: server.address, stop: server.stop };
  }
  log('No Temporal CLI and no Go toolchain: downloading the CLI through the Temporal SDK (needs internet)');
  const env = await withProgress('Starting the SDK-downloaded Temporal dev server', () =>
    TestWorkflowEnvironment.createLocal({
      server: {
        ip: '127.0.0.1',
        port: cfg.TEMPORAL_PORT,
        ui: true,
        uiPort: cfg.TEMPORAL_UI_PORT,
        dbFilename: dbFile,
        extraArgs: customSearchAttributes.flatMap((k) => ['--search-attribute', `${k.name}=Keyword`]),
      },
    }),
  );
  return { address: `127.0.0.1:${cfg.TEMPORAL_PORT}`, stop: () => env.teardown() };
}
