import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { connectDevServer } from '@fajr/scripts/testing/temporal';
import { createLogger } from '@fajr/activities';
import { reconcileFajrCallWorkflows } from '@fajr/activities/calls/reconcile';
import { fajrCallsWorkflowId } from '@fajr/workflows/ids';
import { insertUser } from '../../workflows/test/calls-fixtures';

jest.setTimeout(60_000);

describe('reconciliation at worker start (dev server)', () => {
  let tdb: TestDatabase;
  let temporal: Awaited<ReturnType<typeof connectDevServer>>;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    temporal = await connectDevServer();
  });
  afterAll(async () => {
    await temporal?.connection.close();
    await tdb?.drop();
  });

  it('when some users have no running call chain, then exactly those get one, and a second run changes nothing', async () => {
    // No worker polls this queue: the chains only need to exist.
    const taskQueue = `reconcile-${randomUUID()}`;
    const users = [await insertUser(tdb.knex), await insertUser(tdb.knex), await insertUser(tdb.knex, { prefs: { allow_calls: false } })];
    await temporal.client.workflow.start('fajrCalls', { workflowId: fajrCallsWorkflowId(users[0]!), taskQueue, args: [{ userId: users[0] }] });
    const logger = createLogger('reconcile-test', 'silent');
    expect(await reconcileFajrCallWorkflows(temporal.client, tdb.knex, taskQueue, logger)).toEqual({ started: 2, running: 1 });
    for (const u of users) {
      const d = await temporal.client.workflow.getHandle(fajrCallsWorkflowId(u)).describe();
      expect(d.status.name).toBe('RUNNING');
      expect(d.type).toBe('fajrCalls');
    }
    expect(await reconcileFajrCallWorkflows(temporal.client, tdb.knex, taskQueue, logger)).toEqual({ started: 0, running: 3 });
    for (const u of users) await temporal.client.workflow.getHandle(fajrCallsWorkflowId(u)).terminate('test done');
  });
});
