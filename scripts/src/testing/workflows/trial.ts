// Workflow code (bundled by a test Worker, so deterministic: no Node APIs, no I/O) for
// workflows/test/trial.workflow.int.test.ts: the trial itself and a stand-in for the user's call chain
// that counts the `prefsChanged` signals it receives (the real fajrCalls belongs to the calls code).
import { condition, defineQuery, setHandler } from '@temporalio/workflow';
import { prefsChangedSignal } from '@fajr/workflows';

export { trial } from '@fajr/workflows';

export const prefsChangedCount = defineQuery<number>('prefsChangedCount');

/** Counts `prefsChanged` signals until cancelled. */
export async function fajrCalls(_input: { userId: string }): Promise<void> {
  let count = 0;
  setHandler(prefsChangedSignal, () => {
    count += 1;
  });
  setHandler(prefsChangedCount, () => count);
  await condition(() => false);
}
