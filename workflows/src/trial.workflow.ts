import {
  condition,
  defineSignal,
  getExternalWorkflowHandle,
  proxyActivities,
  upsertSearchAttributes,
  setHandler,
} from '@temporalio/workflow';
import type { createTrialActivities } from '@fajr/activities/trial/trial.activities';
import { prefsChangedSignal } from './fajr-calls.workflow';
import { fajrCallsWorkflowId } from './ids';
import { UserIdKey } from './search-attributes';

/** The user bought a plan: the trial has nothing left to do. The billing code sends it. */
export const subscribedSignal = defineSignal('subscribed');

const { getTrialEnd, sendTrialReminder, sendTrialEnded } = proxyActivities<ReturnType<typeof createTrialActivities>>({
  startToCloseTimeout: '30s',
  retry: { maximumAttempts: 5, initialInterval: '5s' },
});

/** Reminders go out this many days before the trial ends. */
export const TRIAL_REMINDER_DAYS = [3, 1] as const;
const DAY_MS = 24 * 3600_000;

export type TrialOutcome = 'ended' | 'subscribed' | 'no-trial';

export interface TrialInput {
  userId: string;
}

/**
 * A web user's free trial (id trial:<userId>): sleeps to its end with reminders before it, then
 * tells the user and re-plans their calls, which stop without a plan (the planner asks the
 * entitlements). A `subscribed` signal ends it early.
 */
export async function trial({ userId }: TrialInput): Promise<TrialOutcome> {
  upsertSearchAttributes([{ key: UserIdKey, value: userId }]);
  let subscribed = false;
  setHandler(subscribedSignal, () => {
    subscribed = true;
  });
  /** Sleeps until an instant; true when a subscription arrived meanwhile. */
  const sleepUntil = async (at: number) => {
    const ms = at - Date.now();
    if (ms > 0) await condition(() => subscribed, ms);
    return subscribed;
  };

  const { trialEndsAt } = await getTrialEnd({ userId });
  if (!trialEndsAt) return 'no-trial';
  const endsAt = Date.parse(trialEndsAt);

  for (const days of TRIAL_REMINDER_DAYS) {
    const at = endsAt - days * DAY_MS;
    if (at <= Date.now()) continue; // a trial shorter than the reminder lead skips it
    if (await sleepUntil(at)) return 'subscribed';
    await sendTrialReminder({ userId });
  }
  if (await sleepUntil(endsAt)) return 'subscribed';

  // The trial may have been extended, or a plan bought, while this slept: ask again before ending it.
  const now = await getTrialEnd({ userId });
  if (!now.trialEndsAt) return subscribed ? 'subscribed' : 'no-trial';
  if (Date.parse(now.trialEndsAt) > Date.now()) {
    if (await sleepUntil(Date.parse(now.trialEndsAt))) return 'subscribed';
  }

  await sendTrialEnded({ userId });
  try {
    // The call chain re-plans and, finding no entitlement to calls, schedules none.
    await getExternalWorkflowHandle(fajrCallsWorkflowId(userId)).signal(prefsChangedSignal);
  } catch {
    // No call chain running (calls never set up, or the account is going): nothing to stop.
  }
  return 'ended';
}
