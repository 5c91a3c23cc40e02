import { randomUUID } from 'node:crypto';
import { useDevServerSuite } from '@fajr/scripts/testing/dev-server-suite';
import { createLogger } from '@fajr/activities';
import { reconcileFajrCallWorkflows } from '../src/reconcile';
import { insertUser } from '@fajr/scripts/testing/fixtures';
import { fajrCalls, fajrCallsWorkflowId, friendCallsWorkflowId } from '@fajr/workflows';

jest.setTimeout(60_000);

describe('reconciliation at worker start (dev server)', () => {
  const suite = useDevServerSuite();

  it('when some users have no running call chain, then exactly those get one, and a second run changes nothing', async () => {
    // No worker polls this queue: the chains only need to exist.
    const taskQueue = `reconcile-${randomUUID()}`;
    const users = [
      await insertUser(suite.tdb.knex),
      await insertUser(suite.tdb.knex),
      await insertUser(suite.tdb.knex, { prefs: { allow_calls: false } }),
    ];
    await suite.temporal.client.workflow.start(fajrCalls, {
      workflowId: fajrCallsWorkflowId(users[0]!),
      taskQueue,
      args: [{ userId: users[0]! }],
    });
    const logger = createLogger('reconcile-test', 'silent');
    expect(await reconcileFajrCallWorkflows(suite.temporal.client, suite.tdb.knex, taskQueue, logger)).toEqual({
      started: 2,
      running: 1,
    });
    for (const u of users) {
      const d = await suite.temporal.client.workflow.getHandle(fajrCallsWorkflowId(u)).describe();
      expect(d.status.name).toBe('RUNNING');
      expect(d.type).toBe('fajrCalls');
    }
    expect(await reconcileFajrCallWorkflows(suite.temporal.client, suite.tdb.knex, taskQueue, logger)).toEqual({
      started: 0,
      running: 3,
    });
    for (const u of users)
      await suite.temporal.client.workflow.getHandle(fajrCallsWorkflowId(u)).terminate('test done');
  });

  it("when a Fajr friend consented, then their own chain is started, tagged with the inviter; an invited friend's is not", async () => {
    const taskQueue = `reconcile-friends-${randomUUID()}`;
    const inviter = await insertUser(suite.tdb.knex, { plan: 'PREMIUM' });
    const friend = (status: string) => ({
      id: randomUUID(),
      inviter_id: inviter,
      inviter_name: 'Amina',
      first_name: 'Yusuf',
      phone_number: '+447400812345',
      status,
    });
    const [active, invited] = [friend('active'), friend('invited')];
    await suite.tdb.knex('fajr_friends').insert([active, invited]);
    await reconcileFajrCallWorkflows(
      suite.temporal.client,
      suite.tdb.knex,
      taskQueue,
      createLogger('reconcile-test', 'silent'),
    );
    const d = await suite.temporal.client.workflow.getHandle(friendCallsWorkflowId(active.id)).describe();
    expect([d.status.name, d.type]).toEqual(['RUNNING', 'fajrCalls']);
    expect(d.typedSearchAttributes.get({ name: 'UserId', type: 'KEYWORD' } as never)).toBe(inviter);
    await expect(
      suite.temporal.client.workflow.getHandle(friendCallsWorkflowId(invited.id)).describe(),
    ).rejects.toThrow();
    await suite.temporal.client.workflow.getHandle(friendCallsWorkflowId(active.id)).terminate('test done');
    await suite.temporal.client.workflow.getHandle(fajrCallsWorkflowId(inviter)).terminate('test done');
  });
});
