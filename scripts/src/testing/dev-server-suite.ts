import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createCallActivities } from '@fajr/activities/calls/calls.activities';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { connectDevServer } from './temporal';

/** What a dev-server test file works against; filled in by its beforeAll. */
export interface DevServerSuite {
  /** A fresh database copied from the migrated template, dropped after the file. */
  tdb: TestDatabase;
  /** A client of the dev server `npm test` started. */
  temporal: Awaited<ReturnType<typeof connectDevServer>>;
}

/**
 * Registers the beforeAll/afterAll every dev-server integration test file needs: a fresh database
 * and a dev-server client, closed and dropped afterwards. `stopFirst` runs before that teardown
 * (stop the workers the file started, so nothing still uses the database being dropped). Call it at
 * the top of the describe block, before the file's own beforeAll, which can then use the suite.
 */
export function useDevServerSuite(opts: { stopFirst?: () => unknown } = {}): DevServerSuite {
  const suite = {} as DevServerSuite;
  beforeAll(async () => {
    suite.tdb = await createTestDatabase();
    suite.temporal = await connectDevServer();
  }, 60_000);
  afterAll(async () => {
    await opts.stopFirst?.();
    await suite.temporal?.connection.close();
    await suite.tdb?.drop();
  }, 60_000);
  return suite;
}

/**
 * A Worker on the dev server's `taskQueue` running the real workflows with the call activities made from
 * `deps`, and its connection: run or runUntil the worker, then close the connection.
 */
export async function createCallWorker(
  suite: DevServerSuite,
  taskQueue: string,
  deps: Parameters<typeof createCallActivities>[0],
  options: Pick<WorkerOptions, 'maxConcurrentActivityTaskExecutions'> = {},
): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: suite.temporal.address });
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowsPath: require.resolve('@fajr/workflows'),
    activities: createCallActivities(deps),
    ...options,
  });
  return { worker, connection };
}
