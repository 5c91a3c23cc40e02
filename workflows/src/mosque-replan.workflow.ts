import {
  continueAsNew,
  defineSignal,
  getExternalWorkflowHandle,
  patched,
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

const replanning = proxyActivities<Pick<Activities, 'replanMembers'>>({
  // A page of 250 plans; a retry plans and signals the page again (a chain re-planned twice is harmless).
  startToCloseTimeout: '3 minutes',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

/** Members whose chains are signalled at once, per page: bounded, so one mosque never floods the worker. */
export const REPLAN_BATCH = 250;
/** Pages per run before continue-as-new: about 3 history events per signal keeps a run under ~4,000 events. */
export const REPLAN_PAGES_PER_RUN = 4;
/** Pages per run when an activity plans and signals (about 8 events a page): a 10,000-member mosque in one run. */
export const REPLAN_PAGES_PER_RUN_BY_ACTIVITY = 40;
/** How long a page waits when calls are due in the next half minute: the calls go first. */
export const YIELD_TO_CALLS_MS = 1_000;

/**
 * After a change the walk waits until the mosque's times have rested this long: an admin saving again and
 * again (the search bench: 6 saves a second) re-plans once, after the last, and not 250 members per save.
 */
export const SETTLE_MS = 2_000;

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
 * point 4): pages through the members with calls on and has an activity plan each one's next call and
 * signal it to their chain's `prefsChanged` (the chain takes it: one workflow task), so every plan (and
 * tomorrow's notice in it) is re-made at once, REPLAN_BATCH at a time, yielding to calls due in the next
 * half minute. A change arriving meanwhile starts the walk over.
 */
export async function mosqueReplan(input: MosqueReplanInput): Promise<{ signalled: number }> {
  // Runs started before this: each chain signalled from here, and planning again itself (replayed as they were).
  const byActivity = patched('mosque-replan-plans-offered');
  const pagesPerRun = byActivity ? REPLAN_PAGES_PER_RUN_BY_ACTIVITY : REPLAN_PAGES_PER_RUN;
  // Runs started before this walked at once after each change.
  const settles = patched('mosque-replan-settle');
  let again = false;
  let changedAt = -Infinity;
  setHandler(mosqueTimesChangedSignal, () => {
    again = true;
    changedAt = Date.now();
  });
  let after = input.afterUserId ?? null;
  let signalled = input.signalled ?? 0;
  for (let pages = 0; ; pages++) {
    while (settles && Date.now() - changedAt < SETTLE_MS) await sleep(changedAt + SETTLE_MS - Date.now());
    if (again) {
      again = false;
      after = null;
    }
    if (pages >= pagesPerRun) {
      return continueAsNew<typeof mosqueReplan>({ mosqueId: input.mosqueId, afterUserId: after, signalled });
    }
    const page = await members.mosqueMembersPage({ mosqueId: input.mosqueId, afterUserId: after, limit: REPLAN_BATCH });
    if (page.callsDueSoon > 0) await sleep(YIELD_TO_CALLS_MS);
    // A member without a running chain (calls never started) has nothing to re-plan.
    if (byActivity) {
      const chains = page.userIds.map((userId) => ({ userId, workflowId: fajrCallsWorkflowId(userId) }));
      if (chains.length > 0) await replanning.replanMembers({ chains });
    } else {
      await Promise.all(
        page.userIds.map((userId) =>
          getExternalWorkflowHandle(fajrCallsWorkflowId(userId))
            .signal(prefsChangedSignal)
            .catch(() => undefined),
        ),
      );
    }
    signalled += page.userIds.length;
    if (page.userIds.length < REPLAN_BATCH) {
      // A change that came while the last page went out: once more from the start.
      if (again) continue;
      return { signalled };
    }
    after = page.userIds[page.userIds.length - 1]!;
  }
}
