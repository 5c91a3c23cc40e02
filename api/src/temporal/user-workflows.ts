import { WorkflowIdReusePolicy, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { fajrCallsWorkflowId, testCallWorkflowId, trialWorkflowId } from '@fajr/workflows/ids';
import { CallOutcomeKey, UserIdKey } from '@fajr/workflows/search-attributes';

/**
 * The API's side of a user's long-running workflows. Workflow and signal names are the ones
 * workflows/src registers: `fajrCalls({ userId })` with the `prefsChanged` signal.
 */
export async function notifyPrefsChanged(temporal: Client, taskQueue: string, userId: string): Promise<void> {
  // Signal-with-start: re-plans a running chain at once, or (re)starts a missing one.
  await temporal.workflow.signalWithStart('fajrCalls', {
    workflowId: fajrCallsWorkflowId(userId),
    taskQueue,
    args: [{ userId }],
    signal: 'prefsChanged',
    signalArgs: [],
  });
}

/** Ends every workflow of a user (account deletion): the call chain, today's call, the trial, a pending test call. */
export async function endUserWorkflows(temporal: Client, userId: string, reason = 'account deleted'): Promise<void> {
  const ids = [fajrCallsWorkflowId(userId), trialWorkflowId(userId), testCallWorkflowId(userId)];
  for await (const wf of temporal.workflow.list({ query: `UserId = "${userId}" AND ExecutionStatus = "Running"` })) {
    ids.push(wf.workflowId);
  }
  for (const id of new Set(ids)) {
    try {
      await temporal.workflow.getHandle(id).terminate(reason);
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    }
  }
}

/**
 * Starts the user's test call. Its id is one per user, so a second request while one runs is
 * refused by Temporal (WorkflowExecutionAlreadyStartedError); a finished one may be started again.
 */
export async function startTestCall(temporal: Client, taskQueue: string, userId: string): Promise<void> {
  await temporal.workflow.start('testCall', {
    workflowId: testCallWorkflowId(userId),
    taskQueue,
    args: [{ userId }],
    workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
    typedSearchAttributes: [
      { key: UserIdKey, value: userId },
      { key: CallOutcomeKey, value: 'pending' },
    ],
  });
}

/** Nudges the workflow that owns a call: the provider reported a status change (the workflow reads it from the log). */
export async function signalCallStatus(temporal: Client, workflowId: string, attemptKey: string): Promise<boolean> {
  try {
    await temporal.workflow.getHandle(workflowId).signal('callStatusChanged', { attemptKey });
    return true;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}
