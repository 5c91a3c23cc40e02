import { upsertSearchAttributes, setHandler, workflowInfo } from '@temporalio/workflow';
import { callStatusChangedSignal, placeAndAwait, planning } from './calls';
import { CallOutcomeKey } from './search-attributes';

export interface TestCallInput {
  userId: string;
}

export interface TestCallResult {
  outcome: string;
  durationSeconds: number | null;
}

/** A test call requested by the user (id test-call:<userId>): dialled at once through the pacer, one at a time per user. */
export async function testCall(input: TestCallInput): Promise<TestCallResult> {
  const { workflowId, runId } = workflowInfo();
  let nudged = false;
  setHandler(callStatusChangedSignal, () => {
    nudged = true;
  });
  const now = new Date().toISOString();
  const callDate = await planning.localDateOfUser({ userId: input.userId, now });
  // The run id keeps each test call's attempt key unique while the workflow id stays one per user.
  const r = await placeAndAwait(
    { userId: input.userId, workflowId, attempt: 1, kind: 'test', callDate, plannedAt: now, runKey: runId },
    () => nudged,
    () => {
      nudged = false;
    },
  );
  const outcome = r.status === 'done' ? r.outcome : 'skipped';
  upsertSearchAttributes([{ key: CallOutcomeKey, value: outcome }]);
  return { outcome, durationSeconds: r.status === 'done' ? r.durationSeconds : null };
}
