import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { fajrCallsWorkflowId, testCallWorkflowId, trialWorkflowId } from '@fajr/workflows/ids';

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
