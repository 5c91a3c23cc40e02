import { mosqueReplan, mosqueReplanWorkflowId, mosqueTimesChangedSignal } from '@fajr/workflows';
import type { TemporalDeps } from './client';

/**
 * Re-plans every member of a mosque at once (issue 46 point 4): starts the mosque's re-plan, or tells a
 * running one to start over from its first member (signal-with-start: one walk per mosque at a time).
 */
export async function replanMosqueMembers(deps: TemporalDeps, mosqueId: string): Promise<void> {
  await deps.temporal.workflow.signalWithStart(mosqueReplan, {
    workflowId: mosqueReplanWorkflowId(mosqueId),
    taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
    args: [{ mosqueId }],
    signal: mosqueTimesChangedSignal,
    signalArgs: [],
  });
}
