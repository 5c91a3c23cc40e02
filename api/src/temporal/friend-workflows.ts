import { WorkflowNotFoundError } from '@temporalio/client';
import { fajrCalls, friendCallsWorkflowId, prefsChangedSignal, UserIdKey } from '@fajr/workflows';
import type { TemporalDeps } from './client';
import { terminateWorkflows } from './user-workflows';

/**
 * Starts (or re-plans) a consented Fajr friend's own call chain: the `fajrCalls` workflow with the
 * friend as its subject, id friend-calls:<friendId>, tagged with the inviter's UserId so the
 * inviter's account deletion ends it with the rest of their workflows.
 */
export async function startFriendCalls(deps: TemporalDeps, inviterId: string, friendId: string): Promise<void> {
  await deps.temporal.workflow.signalWithStart(fajrCalls, {
    workflowId: friendCallsWorkflowId(friendId),
    taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
    args: [{ userId: inviterId, friendId }],
    signal: prefsChangedSignal,
    signalArgs: [],
    typedSearchAttributes: [{ key: UserIdKey, value: inviterId }],
  });
}

/** Tells a friend's chain to plan again (they stopped or were removed: it finds that and ends); none running is no error. */
export async function replanFriendCalls(deps: TemporalDeps, friendId: string): Promise<void> {
  await deps.temporal.workflow
    .getHandle(friendCallsWorkflowId(friendId))
    .signal(prefsChangedSignal)
    .catch((err: unknown) => {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    });
}

/**
 * Ends Fajr friends' chains at once (their inviter's account is being deleted). By id as well as by
 * the UserId tag: a chain just started may not be visible to the list query yet.
 */
export async function endFriendCalls(deps: TemporalDeps, friendIds: string[], reason: string): Promise<void> {
  await terminateWorkflows(deps, friendIds.map(friendCallsWorkflowId), reason);
}
