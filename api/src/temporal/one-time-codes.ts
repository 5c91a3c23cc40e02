import { WithStartWorkflowOperation } from '@temporalio/client';
import {
  codeCompletedSignal,
  oneTimeCode,
  oneTimeCodeWorkflowId,
  requestCodeUpdate,
  type CodeRequestResult,
  type OneTimeCodeInput,
} from '@fajr/workflows';
import type { TemporalDeps } from './client';
import { terminateWorkflows } from './user-workflows';

/** How long a code request waits for the workflow's answer before the API answers without it. */
const REQUEST_CODE_TIMEOUT_MS = 10_000;

/** The code workflow did not answer in time (no worker, or a provider slower than the web client's 15 s). */
export class CodeRequestTimeout extends Error {
  override name = 'CodeRequestTimeout';
}

/**
 * Asks the subject's oneTimeCode workflow for a code (update-with-start: starts it, or reaches the
 * running one) and waits for the answer: sent, or held back by the resend cooldown. Rejects with
 * CodeRequestTimeout after REQUEST_CODE_TIMEOUT_MS (the code may still arrive).
 */
export async function requestCode(deps: TemporalDeps, input: OneTimeCodeInput): Promise<CodeRequestResult> {
  const startWorkflowOperation = new WithStartWorkflowOperation(oneTimeCode, {
    workflowId: oneTimeCodeWorkflowId(input.purpose, input.subject),
    taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
    args: [input],
    workflowIdConflictPolicy: 'USE_EXISTING',
  });
  // On time-out the call is cancelled too: it would otherwise keep polling for the update's outcome.
  const giveUp = new AbortController();
  const update = deps.temporal.withAbortSignal(giveUp.signal, () =>
    deps.temporal.workflow.executeUpdateWithStart(requestCodeUpdate, { startWorkflowOperation }),
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CodeRequestTimeout()), REQUEST_CODE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([update, timeout]);
  } finally {
    clearTimeout(timer);
    update.catch(() => undefined);
    giveUp.abort();
  }
}

/** Tells a code's workflow it is done with (used, or ended by wrong tries). */
export async function reportCodeCompleted(
  deps: TemporalDeps,
  purpose: OneTimeCodeInput['purpose'],
  subject: string,
  outcome: 'used' | 'locked',
): Promise<void> {
  await deps.temporal.workflow
    .getHandle(oneTimeCodeWorkflowId(purpose, subject))
    .signal(codeCompletedSignal, { outcome });
}

/** Ends a subject's code workflows by id (a just-started one may not be visible to a list query yet). */
export async function endCodeWorkflows(
  deps: TemporalDeps,
  purposes: readonly OneTimeCodeInput['purpose'][],
  subject: string,
  reason: string,
): Promise<void> {
  await terminateWorkflows(
    deps,
    purposes.map((p) => oneTimeCodeWorkflowId(p, subject)),
    reason,
  );
}
