import { defineQuery, setHandler, sleep, workflowInfo } from '@temporalio/workflow';
import { singleCall, type SingleCallResult } from './single-call';

/** The attempt number of the last call before sunrise (fixed per kind, like the morning's: 1–4 are taken). */
export const SUNRISE_ATTEMPT = 5;

export interface SunriseCallInput {
  userId: string;
  /** The day's local date (the day's call's). */
  callDate: string;
  /** The day's planned call instant (attempt 1's): the dial's re-check compares a fresh plan with it. */
  dayCallAt: string;
  /** When this call is dialled (ISO): N minutes before sunrise, or at once when that has passed (planned by sunriseCallPlan). */
  callAt: string;
  /** The day's sunrise (ISO): the call says how many minutes are left until it. */
  sunriseAt: string;
  /** How long before the call it is armed (the day's lead). */
  leadSeconds: number;
}

/** What the last call came to: woken (answered, with the key when asked), answered without it, missed, or skipped before dialling. */
export type SunriseCallResult = SingleCallResult<'sunrise'>;

export const sunriseCallStateQuery = defineQuery<{ phase: string; callAt: string; sunriseAt: string }>('state');

/**
 * The last call before sunrise (issue 47 point 1; id sunrise-call:<userId>:<date>), started by the day's
 * fajrCall once its attempts woke nobody and the user may have it (Premium, switched on): one attempt,
 * kind `sunrise`, armed like the repeat and dialled through the same paced, exactly-once, re-checked
 * dial (the re-check asks Premium and the switch again). Its own workflow type so operators find it in
 * the Temporal UI; CallOutcome as the day's call sets it.
 */
export async function sunriseCall(input: SunriseCallInput): Promise<SunriseCallResult> {
  const { workflowId } = workflowInfo();
  const dial = singleCall<'sunrise'>();
  let phase = 'waiting';
  setHandler(sunriseCallStateQuery, () => ({ phase, callAt: input.callAt, sunriseAt: input.sunriseAt }));

  // Armed a lead ahead like every attempt: the dial activity waits for its pacer slot, never before callAt.
  const armIn = Date.parse(input.callAt) - input.leadSeconds * 1000 - Date.now();
  if (armIn > 0) await sleep(armIn);
  phase = 'armed';
  const result = await dial(
    {
      userId: input.userId,
      workflowId,
      attempt: SUNRISE_ATTEMPT,
      kind: 'sunrise',
      callDate: input.callDate,
      plannedAt: input.callAt,
      dayCallAt: input.dayCallAt,
      sunriseAt: input.sunriseAt,
    },
    input.leadSeconds,
  );
  phase = 'done';
  return result;
}
