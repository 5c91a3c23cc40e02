import { setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { DialInput } from '@fajr/activities/calls/calls.activities';
import { callStatusChangedSignal, placeAndAwait } from './calls';
import { CallOutcomeKey } from './search-attributes';

/** What a call of its own (one attempt: the last call before sunrise, a tahajjud call) came to. */
export interface SingleCallResult<K extends string> {
  /** Woken (answered, with the key when asked), answered without the key, missed, or skipped before dialling. */
  outcome: 'answered' | 'unconfirmed' | 'missed' | 'skipped';
  attempt?: { attempt: number; kind: K; outcome: string; durationSeconds: number | null; confirmed?: boolean | null };
  skippedReason?: string;
}

/** Sets the workflow's CallOutcome search attribute (what operators filter on in the Temporal UI). */
export const setCallOutcome = (value: string) => upsertSearchAttributes([{ key: CallOutcomeKey, value }]);

/**
 * Listens for the status webhook's nudges from the workflow's start (a signal before the dial must not
 * be lost) and returns the dial of the one attempt: placed through the paced, exactly-once, re-checked
 * dial like the morning's, its outcome read as every attempt's (answered without the awake check's key
 * is not woken) and set as CallOutcome.
 */
export function singleCall<K extends DialInput['kind'] & string>() {
  let nudged = false;
  setHandler(callStatusChangedSignal, () => {
    nudged = true;
  });
  return async (dial: DialInput & { kind: K }, leadSeconds: number): Promise<SingleCallResult<K>> => {
    let r;
    try {
      r = await placeAndAwait(
        dial,
        () => nudged,
        () => {
          nudged = false;
        },
        { leadSeconds },
      );
    } catch (err) {
      setCallOutcome('failed');
      throw err;
    }
    if (r.status === 'skipped') {
      setCallOutcome('skipped');
      return { outcome: 'skipped', skippedReason: r.reason };
    }
    const attempt = {
      attempt: dial.attempt,
      kind: dial.kind,
      outcome: r.outcome,
      durationSeconds: r.durationSeconds,
      confirmed: r.confirmed,
    };
    const outcome = r.outcome !== 'answered' ? 'missed' : r.confirmed === false ? 'unconfirmed' : 'answered';
    setCallOutcome(outcome);
    return { outcome, attempt };
  };
}
