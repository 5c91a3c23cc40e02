import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { customSearchAttributes } from '@fajr/workflows';

const KEYWORD = 2; // temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD

/**
 * A time-skipping Temporal test environment on the Java test server `npm test` provisioned, with
 * the project's search attributes registered (the test server has no CLI to do it, and rejects
 * workflow tasks that upsert an unknown attribute).
 */
export async function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  const path = process.env.FAJR_TEMPORAL_TEST_SERVER_PATH;
  const env = await startWithRetries(() =>
    TestWorkflowEnvironment.createTimeSkipping(path ? { server: { executable: { type: 'existing-path', path } } } : {}),
  );
  await env.connection.operatorService.addSearchAttributes({
    namespace: env.namespace ?? 'default',
    searchAttributes: Object.fromEntries(customSearchAttributes.map((k) => [k.name, KEYWORD])),
  });
  return env;
}

/**
 * The beforeAll/afterAll of a workflow test file that starts its own Workers: the bundle of
 * `workflowsPath` and a time-skipping environment, set once beforeAll has run, torn down after.
 */
export function useTimeSkippingEnv(workflowsPath: string) {
  const t = {
    /** A Worker of the bundle on `taskQueue` with `activities` (run it with `runUntil`). */
    worker: (taskQueue: string, activities: object) =>
      Worker.create({ connection: t.env.nativeConnection, taskQueue, workflowBundle: t.workflowBundle, activities }),
  } as {
    env: TestWorkflowEnvironment;
    workflowBundle: WorkflowBundleWithSourceMap;
    worker: (taskQueue: string, activities: object) => Promise<Worker>;
  };
  beforeAll(async () => {
    t.workflowBundle = await bundleWorkflowCode({ workflowsPath });
    t.env = await createTimeSkippingEnv();
  }, 120_000);
  afterAll(async () => {
    await t.env?.teardown();
  });
  return t;
}

/**
 * Runs the Worker `start` creates (with what it runs on) from beforeAll until afterAll, where the
 * Worker shuts down first (it still polls the test server) and `stop` then tears the rest down.
 */
export function useRunningWorker(start: () => Promise<Worker>, stop: () => Promise<void>, timeoutMs: number): void {
  let worker: Worker | undefined;
  let running: Promise<void> | undefined;
  beforeAll(async () => {
    worker = await start();
    running = worker.run();
  }, timeoutMs);
  afterAll(async () => {
    worker?.shutdown();
    await running?.catch(() => undefined);
    await stop();
  });
}

/**
 * The SDK waits only 5 s for the test server to listen; on a busy machine a JVM can miss that.
 * A start that timed out is tried again (each try picks a new port), up to three times.
 */
async function startWithRetries(
  start: () => Promise<TestWorkflowEnvironment>,
  tries = 3,
): Promise<TestWorkflowEnvironment> {
  for (let i = 1; ; i++) {
    try {
      return await start();
    } catch (err) {
      if (i >= tries || !/did not start within/.test(String((err as Error).message))) throw err;
    }
  }
}

/** A client of the Temporal dev server `npm test` started (search attributes already registered). */
export async function connectDevServer(): Promise<{ connection: Connection; client: Client; address: string }> {
  const address = process.env.FAJR_TEST_TEMPORAL_ADDRESS;
  if (!address) throw new Error('FAJR_TEST_TEMPORAL_ADDRESS is not set: run tests through `npm test`');
  const connection = await Connection.connect({ address });
  return { connection, client: new Client({ connection, namespace: 'default' }), address };
}

/** A workflow's status name (RUNNING, TERMINATED, …), or NOT_FOUND when no such workflow was started. */
export async function workflowStatus(client: Client, workflowId: string): Promise<string> {
  try {
    return (await client.workflow.getHandle(workflowId).describe()).status.name;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return 'NOT_FOUND';
    throw err;
  }
}
