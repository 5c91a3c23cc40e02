import {
  continueAsNew,
  defineSignal,
  getExternalWorkflowHandle,
  proxyActivities,
  setHandler,
  sleep,
} from '@temporalio/workflow';
import type { Activities } from '@fajr/activities';
import { prefsChangedSignal } from './fajr-calls.workflow';
import { fajrCallsWorkflowId } from './ids';

const members = proxyActivities<Pick<Activities, 'mosqueMembersPage'>>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

/** Members whose chains are signalled at once, per page: bounded, so one mosque never floods the worker. */
export const REPLAN_BATCH = 250;
/** Pages per run before continue-as-new: about 3 history events per signal keeps a run under ~4,000 events. */
export const REPLAN_PAGES_PER_RUN = 4;
/** How long a page waits when calls are due in the next half minute: the calls go first. */
export const YIELD_TO_CALLS_MS = 1_000;

/** One re-plan per mosque at a time: a business key. */
export const mosqueReplanWorkflowId = (mosqueId: string) => `mosque-replan:${mosqueId}`;

/** Sent (with start) by the API each time a mosque's times change in the re-plan window: start over from the first member. */
export const mosqueTimesChangedSignal = defineSignal('mosqueTimesChanged');

export interface MosqueReplanInput {
  mosqueId: string;
  /** Where the previous run stopped (continue-as-new). */
  afterUserId?: string | null;
  signalled?: number;
}

/**
 * Re-plans every member of a mosque after its times changed (id mosque-replan:<mosqueId>; issue 46
 * point 4): pages through the members with calls on and signals each chain's `prefsChanged`, so every
 * plan (and tomorrow's notice in it) is re-made at once, REPLAN_BATCH at a time, yielding to calls due
 * in the next half minute. A change arriving meanwhile starts the walk over.
 */
export async function mosqueReplan(input: MosqueReplanInput): Promise<{ signalled: number }> {
  let again = false;
  setHandler(mosqueTimesChangedSignal, () => {
    again = true;
  });
  let after = input.afterUserId ?? null;
  let signalled = input.signalled ?? 0;
  for (let pages = 0; ; pages++) {
    if (again) {
      again = false;
      after = null;
    }
    if (pages >= REPLAN_PAGES_PER_RUN) {
      return continueAsNew<typeof mosqueReplan>({ mosqueId: input.mosqueId, afterUserId: after, signalled });
    }
    const page = await members.mosqueMembersPage({ mosqueId: input.mosqueId, afterUserId: after, limit: REPLAN_BATCH });
    if (page.callsDueSoon > 0) await sleep(YIELD_TO_CALLS_MS);
    // A member without a running chain (calls never started) has nothing to re-plan.
    await Promise.all(
      page.userIds.map((userId) =>
        getExternalWorkflowHandle(fajrCallsWorkflowId(userId))
          .signal(prefsChangedSignal)
          .catch(() => undefined),
      ),
    );
    signalled += page.userIds.length;
    if (page.userIds.length < REPLAN_BATCH) {
      // A change that came while the last page went out: once more from the start.
      if (again) continue;
      return { signalled };
    }
    after = page.userIds[page.userIds.length - 1]!;
  }
}
