import { createServer } from 'node:net';
import { Runtime } from '@temporalio/worker';
import { collectDefaultMetrics, register } from 'prom-client';
import type { Knex } from '@fajr/activities';
import {
  productRegistry,
  serveMetrics,
  trackPacer,
  trackPhoneBudget,
  trackShippedTimetables,
  trackTimetableGaps,
} from '@fajr/activities/metrics';
import { pacerSnapshot } from '@fajr/activities/repositories/pacer.repository';
import { TIMETABLE_GAP_HORIZON_DAYS, timetableGaps } from '@fajr/activities/repositories/timetable-gaps.repository';
import { accountsOverBudget } from '@fajr/activities/repositories/phone-spend.repository';
import { phoneCosts } from '@fajr/activities/domain/phone-costs';
import { RUNNING_OUT_DAYS } from '@fajr/activities/domain/timetable-upkeep';
import { shippedTimetablesRunningOut } from '@fajr/activities/repositories/timetable-upkeep.repository';
import type { WorkerConfig } from './config';

/** A free loopback port for the Temporal SDK's own exporter (it takes a fixed address, not port 0). */
async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * With METRICS_PORT set: installs the Temporal SDK's runtime with its Prometheus exporter on a
 * loopback port (before any connection is made: the runtime is per process), and returns a function
 * that serves the product's metrics and the SDK's together at METRICS_PORT/metrics. Without it,
 * nothing is installed and nothing listens.
 */
export async function installWorkerMetrics(
  config: WorkerConfig,
): Promise<((db: Knex) => Promise<{ url: string; close: () => void }>) | undefined> {
  if (config.METRICS_PORT === undefined) return undefined;
  const sdkAddress = `127.0.0.1:${await freeLoopbackPort()}`;
  Runtime.install({
    telemetryOptions: {
      metrics: {
        // Prometheus conventions: counters end in _total, durations in seconds with the unit in the name.
        prometheus: {
          bindAddress: sdkAddress,
          countersTotalSuffix: true,
          unitSuffix: true,
          useSecondsForDurations: true,
        },
      },
    },
  });
  return async (db) => {
    collectDefaultMetrics();
    trackPacer(() => pacerSnapshot(db, new Date()));
    // From today's UTC date: a user's own date is at most a day off it, well inside the two weeks.
    trackTimetableGaps(() => timetableGaps(db, new Date().toISOString().slice(0, 10), TIMETABLE_GAP_HORIZON_DAYS));
    trackShippedTimetables(() =>
      shippedTimetablesRunningOut(db, new Date().toISOString().slice(0, 10), RUNNING_OUT_DAYS),
    );
    trackPhoneBudget(() =>
      accountsOverBudget(db, phoneCosts(config.PHONE_COSTS_FILE), config.PHONE_MONTHLY_BUDGET_USD, new Date()),
    );
    const server = await serveMetrics({
      port: config.METRICS_PORT!,
      host: config.METRICS_HOST,
      registries: [register, productRegistry],
      extra: async () => (await fetch(`http://${sdkAddress}/metrics`, { signal: AbortSignal.timeout(2_000) })).text(),
    });
    return { url: server.url, close: () => server.close() };
  };
}
