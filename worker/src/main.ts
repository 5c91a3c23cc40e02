import { NativeConnection, Worker } from '@temporalio/worker';
import { OpenTelemetryPlugin } from '@temporalio/interceptors-opentelemetry';
import { startTracing } from '@fajr/activities/tracing';
import { Client, Connection } from '@temporalio/client';
import { ConfigError, createActivities } from '@fajr/activities';
import { loadWorkerConfig } from './config';
import { createWorkerDeps } from './deps';
import { handBackOnShutdown } from './hand-back';
import { installWorkerMetrics } from './metrics';
import { reconcileFajrCallWorkflows } from './reconcile';
import { ensureSchedules } from './schedules';

/** The longest a clean shutdown waits for running activities before the process gives up on them. */
const SHUTDOWN_FORCE_TIME = '30s';

/** Runs the Temporal worker for the fajr task queue until SIGINT/SIGTERM. */
async function main() {
  const config = loadWorkerConfig();
  const tracing = startTracing('fajr-worker', config.OTEL_EXPORTER_OTLP_ENDPOINT);
  const deps = createWorkerDeps(config);
  // Before the first connection: the Temporal runtime (and its metrics exporter) is made once per process.
  const metrics = await installWorkerMetrics(config);
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    workflowsPath: require.resolve('@fajr/workflows'),
    activities: createActivities(deps),
    maxCachedWorkflows: config.WORKER_MAX_CACHED_WORKFLOWS,
    maxConcurrentActivityTaskExecutions: config.WORKER_MAX_CONCURRENT_ACTIVITIES,
    maxConcurrentWorkflowTaskExecutions: config.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS,
    // On SIGTERM/SIGINT (the SDK's runtime calls shutdown): cancel running activities at once. Only
    // an armed dial waiting for its instant or pacer slot notices; it is handed back (reported
    // failed, retried at once, see hand-back.ts) and another worker dials it on time. Everything else
    // (a dial in flight, a status lookup) runs to its end; no new task is taken meanwhile.
    shutdownGraceTime: 0,
    // A provider request that hangs must not keep a stopping worker alive forever.
    shutdownForceTime: SHUTDOWN_FORCE_TIME,
    interceptors: { activity: [handBackOnShutdown] },
    // Traces (when configured): a span per workflow run and activity, continuing the caller's trace.
    plugins: tracing
      ? [new OpenTelemetryPlugin({ resource: tracing.resource, spanProcessor: tracing.spanProcessor })]
      : [],
  });
  const metricsServer = await metrics?.(deps.db);
  deps.logger.info({ taskQueue: config.TEMPORAL_TASK_QUEUE, metrics: metricsServer?.url }, 'worker started');
  // (Re)start any user's missing Fajr call chain; idempotent, runs beside the worker.
  const clientConnection = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
  const client = new Client({ connection: clientConnection, namespace: config.TEMPORAL_NAMESPACE });
  void reconcileFajrCallWorkflows(client, deps.db, config.TEMPORAL_TASK_QUEUE, deps.logger).catch((err) =>
    deps.logger.error({ err: (err as Error).message }, 'fajr call reconciliation failed'),
  );
  ensureSchedules(client, config.TEMPORAL_TASK_QUEUE, deps.logger);
  await worker.run();
  metricsServer?.close();
  await clientConnection.close();
  await deps.db.destroy();
  await connection.close();
  await tracing?.shutdown();
  deps.logger.info('worker stopped');
}

main().catch((err) => {
  process.stderr.write(`worker: ${err instanceof ConfigError ? err.message : (err?.stack ?? err)}\n`);
  process.exit(1);
});
