import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import { Client, Connection } from '@temporalio/client';
import type { ApiDeps } from '../deps';

/** What the API's Temporal calls need: the process's one client and the task queue its workflows run on. */
export type TemporalDeps = Pick<ApiDeps, 'temporal' | 'config'>;

/** One Temporal client per process; connects lazily so the API starts (and reports health) while Temporal is down. */
export function createTemporalClient(address: string, namespace: string): Client {
  const connection = Connection.lazy({ address });
  // Carries the current trace (the API request's) into the workflows it starts and signals; a no-op without tracing.
  return new Client({
    connection,
    namespace,
    interceptors: { workflow: [new OpenTelemetryWorkflowClientInterceptor()] },
  });
}

/**
 * Runs Temporal calls under one deadline. The client retries UNAVAILABLE for ~20 s, so a request
 * that must answer inside the web client's 15 s bounds its calls here rather than racing them.
 */
export function withinDeadline<T>(deps: Pick<ApiDeps, 'temporal'>, ms: number, fn: () => Promise<T>): Promise<T> {
  return deps.temporal.connection.withDeadline(Date.now() + ms, fn);
}

/** Asks the server who it is (GET /health); the call itself carries the deadline, so none lingers behind a probe. */
export async function pingTemporal(deps: Pick<ApiDeps, 'temporal'>, ms: number): Promise<void> {
  await withinDeadline(deps, ms, () => deps.temporal.connection.workflowService.getSystemInfo({}));
}

/** Time to close the process's connection (server shutdown). */
export async function closeTemporal(deps: Pick<ApiDeps, 'temporal'>): Promise<void> {
  await deps.temporal.connection.close();
}
