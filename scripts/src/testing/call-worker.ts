import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { createCallActivities, type CallActivities } from '@fajr/activities/calls/calls.activities';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { testDeps } from './fixtures';
import { createTimeSkippingEnv, useRunningWorker } from './temporal';

export interface CallWorker {
  env: TestWorkflowEnvironment;
  tdb: TestDatabase;
  /** The bundle the Worker runs (for replaying recorded histories). */
  workflowBundle: WorkflowBundleWithSourceMap;
}

/**
 * The beforeAll/afterAll of a call-workflow test file on Postgres: a fresh database, the time-skipping
 * server and a Worker on `taskQueue` running `workflowsPath` with what `activities` makes of the real
 * call activities (planning and entitlement checks on the database; the phone is the test's). The
 * fields are set once beforeAll has run; afterAll stops the Worker, then the server and the database.
 */
export function useCallWorker(
  o: { workflowsPath: string; taskQueue: string },
  activities: (real: CallActivities) => object,
): CallWorker {
  const t = {} as CallWorker;
  useRunningWorker(
    async () => {
      t.tdb = await createTestDatabase();
      t.workflowBundle = await bundleWorkflowCode({ workflowsPath: o.workflowsPath });
      t.env = await createTimeSkippingEnv();
      const real = createCallActivities(testDeps(t.tdb.knex, t.tdb.url));
      return Worker.create({
        connection: t.env.nativeConnection,
        taskQueue: o.taskQueue,
        workflowBundle: t.workflowBundle,
        activities: activities(real),
      });
    },
    async () => {
      await t.env?.teardown();
      await t.tdb?.drop();
    },
    180_000,
  );
  return t;
}
