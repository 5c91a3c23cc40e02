import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy, WorkflowNotFoundError } from '@temporalio/client';
import {
  callStatusChangedSignal,
  CallOutcomeKey,
  fajrCalls,
  fajrCallsWorkflowId,
  prefsChangedSignal,
  subscribedSignal,
  testCall,
  testCallWorkflowId,
  trial,
  trialWorkflowId,
  UserIdKey,
} from '@fajr/workflows';
import type { TemporalDeps } from './client';

/** A signal to a workflow that is not running is no error for these callers: there is nothing to tell. */
function ignoreNotFound(err: unknown): false {
  if (err instanceof WorkflowNotFoundError) return false;
  throw err;
}

/** Re-plans the user's call chain at once, or (re)starts a missing one (signal-with-start). */
export async function notifyPrefsChanged(deps: TemporalDeps, userId: string): Promise<void> {
  await deps.temporal.workflow.signalWithStart(fajrCalls, {
    workflowId: fajrCallsWorkflowId(userId),
    taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
    args: [{ userId }],
    signal: prefsChangedSignal,
    signalArgs: [],
    // Operators find a user's chain by UserId as they find the day's calls (continue-as-new keeps it).
    typedSearchAttributes: [{ key: UserIdKey, value: userId }],
  });
}

/** Re-plans a running call chain and leaves a missing one missing (an account being deleted must not get its chain back). */
export async function replanIfRunning(deps: TemporalDeps, userId: string): Promise<void> {
  await deps.temporal.workflow.getHandle(fajrCallsWorkflowId(userId)).signal(prefsChangedSignal).catch(ignoreNotFound);
}

/** Starts a new web user's trial workflow. */
export async function startTrial(deps: TemporalDeps, userId: string): Promise<void> {
  await deps.temporal.workflow.start(trial, {
    workflowId: trialWorkflowId(userId),
    taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
    args: [{ userId }],
  });
}

/** Ends a trial workflow whose account is being taken back (a failed sign-up); best effort. */
export async function abandonTrial(deps: TemporalDeps, userId: string, reason: string): Promise<void> {
  await deps.temporal.workflow
    .getHandle(trialWorkflowId(userId))
    .terminate(reason)
    .catch(() => undefined);
}

/** The user bought a plan: a running trial ends early. */
export async function notifySubscribed(deps: TemporalDeps, userId: string): Promise<void> {
  await deps.temporal.workflow.getHandle(trialWorkflowId(userId)).signal(subscribedSignal).catch(ignoreNotFound);
}

/** Terminates workflows by id; one that is not running is already where we want it. */
export async function terminateWorkflows(deps: TemporalDeps, ids: Iterable<string>, reason: string): Promise<void> {
  for (const id of new Set(ids)) {
    await deps.temporal.workflow.getHandle(id).terminate(reason).catch(ignoreNotFound);
  }
}

/** Ends every workflow of a user (account deletion): the call chain, today's call, the trial, a pending test call. */
export async function endUserWorkflows(deps: TemporalDeps, userId: string, reason = 'account deleted'): Promise<void> {
  const ids = [fajrCallsWorkflowId(userId), trialWorkflowId(userId), testCallWorkflowId(userId)];
  for await (const wf of deps.temporal.workflow.list({
    query: `UserId = "${userId}" AND ExecutionStatus = "Running"`,
  })) {
    ids.push(wf.workflowId);
  }
  await terminateWorkflows(deps, ids, reason);
}

/**
 * Starts the user's test call. Its id is one per user, so a second request while one runs is
 * refused by Temporal ('already-running'); a finished one may be started again.
 */
export async function startTestCall(deps: TemporalDeps, userId: string): Promise<'started' | 'already-running'> {
  try {
    await deps.temporal.workflow.start(testCall, {
      workflowId: testCallWorkflowId(userId),
      taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
      args: [{ userId }],
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
      typedSearchAttributes: [
        { key: UserIdKey, value: userId },
        { key: CallOutcomeKey, value: 'pending' },
      ],
    });
    return 'started';
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return 'already-running';
    throw err;
  }
}

/** Nudges the workflow that owns a call: the provider reported a status change (the workflow reads it from the log). False when it is gone. */
export async function signalCallStatus(deps: TemporalDeps, workflowId: string, attemptKey: string): Promise<boolean> {
  try {
    await deps.temporal.workflow.getHandle(workflowId).signal(callStatusChangedSignal, { attemptKey });
    return true;
  } catch (err) {
    return ignoreNotFound(err);
  }
}
