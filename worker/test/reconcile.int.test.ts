import { randomUUID } from 'node:crypto';
import { useDevServerSuite } from '@fajr/scripts/testing/dev-server-suite';
import { createLogger } from '@fajr/activities';
import { reconcileFajrCallWorkflows } from '../src/reconcile';
import { insertUser } from '@fajr/scripts/testing/fixtures';
import { fajrCalls, fajrCallsWorkflowId } from '@fajr/workflows';

jest.setTimeout(60_000);

describe('reconciliation at worker start (dev server)', () => {
  const suite = useDevServerSuite();

  it('when some users have no running call chain, then exactly those get one, and a second run changes nothing', async () => {
    // No worker polls this queue: the chains only need to exist.
    const taskQueue = `reconcile-${randomUUID()}`;
    const users = [await insertUser(suite.tdb.knex), await insertUser(suite.tdb.knex), await insertUser(suite.tdb.knex, { prefs: { allow_calls: false } })];
    await suite.temporal.client.workflow.start(fajrCalls, { workflowId: fajrCallsWorkflowId(users[0]!), taskQueue, args: [{ userId: users[0]! }] });
    const logger = createLogger('reconcile-test', 'silent');
    expect(await reconcileFajrCallWorkflows(suite.temporal.client, suite.tdb.knex, taskQueue, logger)).toEqual({ started: 2, running: 1 });
    for (const u of users) {
      const d = await suite.temporal.client.workflow.getHandle(fajrCallsWorkflowId(u)).describe();
      expect(d.status.name).toBe('RUNNING');
      expect(d.type).toBe('fajrCalls');
    }
    expect(await reconcileFajrCallWorkflows(suite.temporal.client, suite.tdb.knex, taskQueue, logger)).toEqual({ started: 0, running: 3 });
    for (const u of users) await suite.temporal.client.workflow.getHandle(fajrCallsWorkflowId(u)).terminate('test done');
  });
});
