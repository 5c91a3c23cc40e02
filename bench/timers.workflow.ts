import { proxyActivities, sleep, workflowInfo } from '@temporalio/workflow';

/** Activities of the bare-timer benchmark (run in the benchmark's own worker). */
export interface TimerBenchActivities {
  /** The first activity after the timer: records what the workflow saw and when the activity itself started. */
  timerFired(input: { workflowId: string; fireAt: number; observedAt: number }): Promise<void>;
}

const { timerFired } = proxyActivities<TimerBenchActivities>({ startToCloseTimeout: '5 minutes' });

/**
 * Sleeps on a durable timer until `fireAt` (epoch ms), then runs one activity: what a fajrCall would
 * do if its dial were dispatched only when the timer fired. The activity is told what the workflow
 * saw after the timer (its Date.now(): the start of the workflow task that delivered the timer).
 */
export async function benchTimer(input: { fireAt: number }): Promise<void> {
  await sleep(Math.max(1, input.fireAt - Date.now()));
  await timerFired({ workflowId: workflowInfo().workflowId, fireAt: input.fireAt, observedAt: Date.now() });
}
