import {
  ChildWorkflowFailure,
  defineQuery,
  executeChild,
  patched,
  setHandler,
  sleep,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { DialInput, JamaahChangeNotice } from '@fajr/activities/calls/calls.activities';
import type { CallKind } from '@fajr/activities/repositories/calls.repository';
import { callStatusChangedSignal, placeAndAwait, planning, type AttemptResult } from './calls';
import { sunriseCallWorkflowId } from './ids';
import { CallOutcomeKey, pendingCallAttributes, WokenByKey } from './search-attributes';
import { sunriseCall, type SunriseCallResult } from './sunrise-call.workflow';

export interface FajrCallInput {
  /** The user called; for a Fajr friend's call, the inviter. */
  userId: string;
  /** A Fajr friend's day call (id friend-call:<friendId>:<date>): one attempt, kind friend, no branches. */
  friendId?: string;
  /** The call's local date in the user's zone. */
  callDate: string;
  /** The planned instant of attempt 1 (ISO). */
  callAt: string;
  /** How long before an attempt it is armed (the dial activity dispatched). */
  leadSeconds: number;
  /** The member's mosque moves its jama'ah tomorrow: every attempt of the day says so at its end. */
  jamaahChange?: JamaahChangeNotice;
  /**
   * Set when the plan found the user may have the last call before sunrise (Premium, switched on): the
   * day's sunrise and the minutes. Only then is it asked for (sunriseCallPlan re-checks and times it).
   */
  sunrise?: { sunriseAt: string; minutes: number };
}

/**
 * What a day's call came to: 'answered' (woken: answered, with a key when the awake check asked for
 * one), 'unconfirmed' (answered without the key: not woken), 'missed', or 'skipped' when it was no
 * longer wanted before dialling.
 */
export interface FajrCallResult {
  outcome: 'answered' | 'unconfirmed' | 'missed' | 'skipped';
  attempts: {
    attempt: number;
    kind?: CallKind;
    outcome: string;
    durationSeconds: number | null;
    confirmed?: boolean | null;
  }[];
  /** The attempt that woke the user (absent when none did). */
  wokenBy?: CallKind;
  skippedReason?: string;
}

export const REPEAT_AFTER_MS = 10 * 60_000;
/**
 * A silenced attempt 1 is called again as soon as its end is known: it rang under 15 s and its end is
 * learnt from the status callback, or at the latest by the 60 s poll, so the ring-through is dialled
 * within two minutes of attempt 1, inside the three minutes in which iOS lets a repeated call through.
 */
export const RING_THROUGH_WITHIN_MS = 2 * 60_000;

/** Attempt numbers, fixed per kind so attempt keys never change meaning: the repeat kept its 2. */
const ATTEMPT_NUMBER: Record<Exclude<CallKind, 'test' | 'sunrise' | 'tahajjud'>, number> = {
  fajr: 1,
  repeat: 2,
  'ring-through': 3,
  'second-number': 4,
  friend: 1,
};

export const fajrCallStateQuery = defineQuery<{ phase: string; attempts: FajrCallResult['attempts'] }>('state');

/**
 * One day's Fajr call (id fajr-call:<userId>:<date>), docs/CALLS.md "One morning": attempt 1 at the
 * planned instant; when it ended like a silenced phone and the user is Plus, a ring-through call at
 * once (within two minutes, once); then, when nobody answered and the user is Premium with a verified
 * second number, that number at once; when still not woken and the user may repeat (Premium, toggle on), the repeat
 * exactly 10 minutes after attempt 1 (also when an attempt was answered without the awake check's
 * key: "answered, not confirmed" counts as not woken); when still not woken and the user may have it
 * (Premium, switched on), the last call before sunrise as the child `sunriseCall`. Sets CallOutcome and WokenBy for operators; fails with the
 * provider's error only when a call could not be placed.
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
  const now = () => new Date().toISOString();

  const attempt = async (
    kind: Exclude<CallKind, 'test' | 'sunrise' | 'tahajjud'>,
    plannedAt: string,
  ): Promise<AttemptResult> => {
    const n = ATTEMPT_NUMBER[kind];
    try {
      const r = await placeAndAwait(
        attemptInput(input, workflowId, n, kind, plannedAt),
        () => nudged,
        () => {
          nudged = false;
        },
        { leadSeconds: input.leadSeconds },
      );
      if (r.status === 'done')
        attempts.push({
          attempt: n,
          kind,
          outcome: r.outcome,
          durationSeconds: r.durationSeconds,
          confirmed: r.confirmed,
        });
      return r;
    } catch (err) {
      setOutcome('failed');
      throw err;
    }
  };
  // Answered without the awake check's key ("answered, not confirmed") is not woken: it gets the repeat.
  const woke = (r: AttemptResult) => r.status === 'done' && r.outcome === 'answered' && r.confirmed !== false;
  const answered = (kind: Exclude<CallKind, 'test'>): FajrCallResult => {
    setOutcome('answered');
    upsertSearchAttributes([{ key: WokenByKey, value: kind }]);
    return { outcome: 'answered', attempts, wokenBy: kind };
  };

  const first = await attempt(input.friendId ? 'friend' : 'fajr', input.callAt);
  if (first.status === 'skipped') {
    setOutcome('skipped');
    return { outcome: 'skipped', attempts, skippedReason: first.reason };
  }
  if (input.friendId) {
    // A friend gets one call a morning: the branches below are the inviter's Premium features, not theirs.
    if (woke(first)) return answered('friend');
    setOutcome('missed');
    return { outcome: 'missed', attempts };
  }
  if (woke(first)) return answered('fajr');
  phase = 'unanswered';

  // Do-not-disturb detection (Plus): a phone that rejected or silenced the call lets a second one through.
  if (
    patched('dnd-ring-through') &&
    first.silenced &&
    (await planning.ringThroughAllowed({ userId: input.userId, now: now() }))
  ) {
    phase = 'ring-through';
    if (woke(await attempt('ring-through', now()))) return answered('ring-through');
  }

  // A second number (Premium): someone else's phone, or the user's other one, at once, before the repeat;
  // only when nobody answered (answered without the awake check's key goes to the repeat instead).
  const nobodyAnswered = () => attempts.every((a) => a.outcome !== 'answered');
  if (
    patched('second-number') &&
    nobodyAnswered() &&
    (await planning.secondNumberAllowed({ userId: input.userId, now: now() }))
  ) {
    phase = 'second number';
    if (woke(await attempt('second-number', now()))) return answered('second-number');
  }

  const allowed = await planning.repeatAllowed({ userId: input.userId, now: now() });
  if (allowed) {
    const repeatAt = Date.parse(input.callAt) + REPEAT_AFTER_MS;
    // Arm the repeat like the first call: dispatch a lead ahead, the activity dials on the instant.
    const armIn = repeatAt - input.leadSeconds * 1000 - Date.now();
    if (armIn > 0) await sleep(armIn);
    phase = 'repeat armed';
    if (woke(await attempt('repeat', new Date(repeatAt).toISOString()))) return answered('repeat');
  }

  // The last call before sunrise (Premium, issue 47 point 1): its own workflow, once nothing woke the user.
  if (input.sunrise && patched('sunrise-call')) {
    phase = 'sunrise call';
    const last = await lastCallBeforeSunrise(input, now());
    if (last?.attempt) attempts.push(last.attempt);
    if (last?.outcome === 'answered') return answered('sunrise');
  }
  const outcome = attempts.some((a) => a.outcome === 'answered') ? 'unconfirmed' : 'missed';
  setOutcome(outcome);
  return { outcome, attempts };
}

/**
 * Plans the day's last call before sunrise (null: not allowed, no sunrise, or it would come after sunrise
 * minus 5 minutes) and runs it as the child `sunriseCall`; its end is this day's too. A sunrise call
 * that could not be placed fails on its own (visible to operators); the day is then missed, not failed.
 */
async function lastCallBeforeSunrise(input: FajrCallInput, now: string): Promise<SunriseCallResult | null> {
  const plan = await planning.sunriseCallPlan({ userId: input.userId, callDate: input.callDate, now });
  if (!plan) return null;
  try {
    return await executeChild(sunriseCall, {
      workflowId: sunriseCallWorkflowId(input.userId, input.callDate),
      args: [
        {
          userId: input.userId,
          callDate: input.callDate,
          dayCallAt: input.callAt,
          callAt: plan.callAt,
          sunriseAt: plan.sunriseAt,
          leadSeconds: input.leadSeconds,
        },
      ],
      taskQueue: workflowInfo().taskQueue,
      typedSearchAttributes: pendingCallAttributes(input.userId, input.callDate),
    });
  } catch (err) {
    if (err instanceof ChildWorkflowFailure) return { outcome: 'missed' };
    throw err;
  }
}

/** What an attempt's dial activity is given: the day, the attempt and, for the day's first, its arming instant. */
function attemptInput(
  input: FajrCallInput,
  workflowId: string,
  attempt: number,
  kind: Exclude<CallKind, 'test'>,
  plannedAt: string,
): DialInput {
  return {
    userId: input.userId,
    ...(input.friendId ? { friendId: input.friendId } : {}),
    workflowId,
    attempt,
    kind,
    callDate: input.callDate,
    plannedAt,
    dayCallAt: input.callAt,
    ...(input.jamaahChange ? { jamaahChange: input.jamaahChange } : {}),
    // The day's first attempt tells the planner when it was to be armed (an activity input: no replay effect).
    ...(plannedAt === input.callAt
      ? { armAt: new Date(Date.parse(input.callAt) - input.leadSeconds * 1000).toISOString() }
      : {}),
  };
}
