import { proxyActivities, proxySinks, sleep, workflowInfo, type Sinks } from '@temporalio/workflow';

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

/** Tells the benchmark's process that a bare timer woke its workflow (a sink: no activity, nothing in the history). */
export interface TimerBenchSinks extends Sinks {
  bench: { woke(input: { workflowId: string; fireAt: number; observedAt: number }): void };
}
const { bench } = proxySinks<TimerBenchSinks>();

/**
 * A bare timer: sleeps until `fireAt` and ends. Nothing runs after it, so each firing costs the
 * server the timer, one workflow task and the completion; the sink tells the benchmark in-process.
 */
export async function benchBareTimer(input: { fireAt: number }): Promise<void> {
  await sleep(Math.max(1, input.fireAt - Date.now()));
  bench.woke({ workflowId: workflowInfo().workflowId, fireAt: input.fireAt, observedAt: Date.now() });
}
