import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Knex, Logger } from '@fajr/activities';
import { listUserIds } from '@fajr/activities/repositories/call-plans.repository';
import { listActiveFriendIds, findFriend } from '@fajr/activities/repositories/friends.repository';
import { fajrCalls, fajrCallsWorkflowId, friendCallsWorkflowId, UserIdKey } from '@fajr/workflows';

/**
 * Starts the `fajrCalls` workflow of every user who has none running. Idempotent: a running chain
 * is left alone (the start is refused by its id), so it is safe on every worker start.
 */
export async function reconcileFajrCallWorkflows(
  client: Client,
  db: Knex,
  taskQueue: string,
  logger: Logger,
): Promise<{ started: number; running: number }> {
  let started = 0;
  let running = 0;
  let after: string | null = null;
  for (;;) {
    const ids = await listUserIds(db, after, 500);
    if (!ids.length) break;
    for (const userId of ids) {
      try {
        await client.workflow.start(fajrCalls, {
          workflowId: fajrCallsWorkflowId(userId),
          taskQueue,
          args: [{ userId }],
          typedSearchAttributes: [{ key: UserIdKey, value: userId }],
        });
        started += 1;
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) running += 1;
        else throw err;
      }
    }
    after = ids[ids.length - 1]!;
  }
  // Fajr friends who consented: their own chains, tagged with the inviter (whose account deletion ends them).
  after = null;
  for (;;) {
    const ids = await listActiveFriendIds(db, after, 500);
    if (!ids.length) break;
    for (const friendId of ids) {
      const friend = await findFriend(db, friendId);
      if (!friend) continue;
      try {
        await client.workflow.start(fajrCalls, {
          workflowId: friendCallsWorkflowId(friendId),
          taskQueue,
          args: [{ userId: friend.inviterId, friendId }],
          typedSearchAttributes: [{ key: UserIdKey, value: friend.inviterId }],
        });
        started += 1;
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) running += 1;
        else throw err;
      }
    }
    after = ids[ids.length - 1]!;
  }
  logger.info({ started, running }, 'fajr call workflows reconciled');
  return { started, running };
}
