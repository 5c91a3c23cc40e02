import { defineQuery, setHandler, sleep, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import { callStatusChangedSignal, placeAndAwait, planning, type AttemptResult } from './calls';
import { CallOutcomeKey } from './search-attributes';

export interface FajrCallInput {
  userId: string;
  /** The call's local date in the user's zone. */
  callDate: string;
  /** The planned instant of attempt 1 (ISO). */
  callAt: string;
  /** How long before an attempt it is armed (the dial activity dispatched). */
  leadSeconds: number;
}

/** What a day's call came to: 'answered', 'missed', or 'skipped' when it was no longer wanted before dialling. */
export interface FajrCallResult {
  outcome: 'answered' | 'missed' | 'skipped';
  attempts: { attempt: number; outcome: string; durationSeconds: number | null }[];
  skippedReason?: string;
}

export const REPEAT_AFTER_MS = 10 * 60_000;

export const fajrCallStateQuery = defineQuery<{ phase: string; attempts: FajrCallResult['attempts'] }>('state');

/**
 * One day's Fajr call (id fajr-call:<userId>:<date>): attempt 1 at the planned instant; when
 * unanswered and the user may repeat (Premium, toggle on), attempt 2 exactly 10 minutes later.
 * Sets CallOutcome for operators; fails with the provider's error only when a call could not be placed.
 */
export async function fajrCall(input: FajrCallInput): Promise<FajrCallResult> {
  const { workflowId } = workflowInfo();
  let nudged = false;
  setHandler(callStatusChangedSignal, () => {
    nudged = true;
  });
  const attempts: FajrCallResult['attempts'] = [];
  let phase = 'armed';
  setHandler(fajrCallStateQuery, () => ({ phase, attempts }));
  const setOutcome = (value: string) => upsertSearchAttributes([{ key: CallOutcomeKey, value }]);

  const attempt = async (n: number, plannedAt: string): Promise<AttemptResult> => {
    try {
      const r = await placeAndAwait(
        { userId: input.userId, workflowId, attempt: n, kind: n === 1 ? 'fajr' : 'repeat', callDate: input.callDate, plannedAt, dayCallAt: input.callAt },
        () => nudged,
        () => {
          nudged = false;
        },
        { leadSeconds: input.leadSeconds },
      );
      if (r.status === 'done') attempts.push({ attempt: n, outcome: r.outcome, durationSeconds: r.durationSeconds });
      return r;
    } catch (err) {
      setOutcome('failed');
      throw err;
    }
  };

  const first = await attempt(1, input.callAt);
  if (first.status === 'skipped') {
    setOutcome('skipped');
    return { outcome: 'skipped', attempts, skippedReason: first.reason };
  }
  if (first.outcome === 'answered') {
    setOutcome('answered');
    return { outcome: 'answered', attempts };
  }
  phase = 'unanswered';
  const allowed = await planning.repeatAllowed({ userId: input.userId, now: new Date().toISOString() });
  if (allowed) {
    const repeatAt = Date.parse(input.callAt) + REPEAT_AFTER_MS;
    // Arm the repeat like the first call: dispatch a lead ahead, the activity dials on the instant.
    const armIn = repeatAt - input.leadSeconds * 1000 - Date.now();
    if (armIn > 0) await sleep(armIn);
    phase = 'repeat armed';
    const second = await attempt(2, new Date(repeatAt).toISOString());
    if (second.status === 'done' && second.outcome === 'answered') {
      setOutcome('answered');
      return { outcome: 'answered', attempts };
    }
  }
  setOutcome('missed');
  return { outcome: 'missed', attempts };
}
