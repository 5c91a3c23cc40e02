import { condition, defineQuery, defineSignal, setHandler, workflowInfo } from '@temporalio/workflow';
import { setCallOutcome, singleCall, type SingleCallResult } from './single-call';

/** The attempt number of a tahajjud call (fixed per kind: 1–4 are the morning's, 5 the last call before sunrise). */
export const TAHAJJUD_ATTEMPT = 6;

export interface TahajjudCallInput {
  userId: string;
  /** The local date of the Fajr the night leads to (the day's call's date). */
  callDate: string;
  /** That day's planned Fajr call (attempt 1's instant): the dial's re-check compares a fresh plan with it. */
  dayCallAt: string;
  /** When this call is dialled (ISO): a point of the night's last third (planned by tahajjudPlanOf). */
  callAt: string;
  /** The sunset that began the night (ISO), for operators reading the history. */
  sunsetAt: string;
  /** How long before the call it is armed (the day's lead). */
  leadSeconds: number;
}

/** What the tahajjud call came to: answered (with the key when asked), answered without it, missed, or skipped before dialling. */
export type TahajjudCallResult = SingleCallResult<'tahajjud'>;

/** The chain re-planned tonight (the user changed the point or the nights): the new instant, or null for none tonight. */
export const tahajjudMovedSignal = defineSignal<[{ callAt: string; sunsetAt: string } | null]>('tahajjudMoved');

export const tahajjudCallStateQuery = defineQuery<{ phase: string; callAt: string; sunsetAt: string }>('state');

/**
 * A tahajjud call (issue 47 point 4; id tahajjud-call:<userId>:<date>), started by the user's fajrCalls
 * chain as it plans a day whose night the user chose (Premium, switched on): one attempt, kind
 * `tahajjud`, armed a lead ahead like every call and dialled through the same paced, exactly-once,
 * re-checked dial (the re-check asks Premium, the switch, the night and the minute again). Its own
 * workflow type so operators find it in the Temporal UI; CallOutcome as the day's call sets it. Its
 * outcome never counts as the morning's: the day's Fajr call still comes.
 */
export async function tahajjudCall(input: TahajjudCallInput): Promise<TahajjudCallResult> {
  const { workflowId } = workflowInfo();
  const dial = singleCall<'tahajjud'>();
  let phase = 'waiting';
  let { callAt, sunsetAt } = input;
  setHandler(tahajjudCallStateQuery, () => ({ phase, callAt, sunsetAt }));
  // A re-plan while it waits moves it (or calls it off); once armed, the dial's re-check has the last word.
  let moved: { callAt: string; sunsetAt: string } | null | undefined;
  setHandler(tahajjudMovedSignal, (next) => {
    moved = next;
  });

  for (;;) {
    const armIn = Date.parse(callAt) - input.leadSeconds * 1000 - Date.now();
    if (armIn <= 0 || !(await condition(() => moved !== undefined, armIn))) break;
    const next = moved;
    moved = undefined;
    if (!next) {
      phase = 'done';
      setCallOutcome('skipped');
      return { outcome: 'skipped', skippedReason: 'not-tonight' };
    }
    ({ callAt, sunsetAt } = next);
  }
  phase = 'armed';
  const result = await dial(
    {
      userId: input.userId,
      workflowId,
      attempt: TAHAJJUD_ATTEMPT,
      kind: 'tahajjud',
      callDate: input.callDate,
      plannedAt: callAt,
      dayCallAt: input.dayCallAt,
    },
    input.leadSeconds,
  );
  phase = 'done';
  return result;
}
