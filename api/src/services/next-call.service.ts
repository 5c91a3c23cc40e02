import { REPEAT_AFTER_MS } from '@fajr/workflows';
import { addDays, planDays, type PlannedDay } from '@fajr/activities/domain/planning';
import {
  buildCallPlan,
  eligibilityOf,
  missingSteps,
  planNextDay,
  todayOf,
  type CallPlanSource,
} from '@fajr/activities/repositories/call-plans.repository';
import { isFinalOutcome, listCalls, wokeBy, type CallAttempt } from '@fajr/activities/repositories/calls.repository';
import type { Morning, NextAttemptKind } from '../contracts/schedules.contract';
import type { ApiDeps } from '../deps';
import { callStatusOf, planning } from './schedules.service';
import { sunriseCallDue } from './sunrise-due';

type Deps = Pick<ApiDeps, 'db' | 'now' | 'config'>;

/**
 * How long after a repeat's planned instant its attempt may still be unrecorded (armed, waiting for
 * its pacer slot): meanwhile the repeat is being dialled, not missed.
 */
const REPEAT_DIAL_GRACE_MS = 2 * 60_000;

/** The latest morning (today or yesterday in the call's zone) with recorded attempts, oldest attempt first. */
export async function latestMorning(deps: Deps, src: CallPlanSource, now: Date): Promise<CallAttempt[]> {
  const today = todayOf(src, now);
  const calls = await listCalls(deps.db, src.userId, addDays(today, -1), today);
  const last = calls.at(-1)?.callDate;
  return calls.filter((c) => c.callDate === last);
}

/** Whether the day's call workflow (fajr-call.workflow.ts) still places the repeat of this morning. */
function repeatStillDue(src: CallPlanSource, attempts: CallAttempt[]): boolean {
  const first = attempts.find((a) => a.kind === 'fajr');
  if (!first || attempts.some(wokeBy) || attempts.some((a) => a.kind === 'repeat')) return false;
  // The workflow asks repeatAllowed once the earlier attempts are over: the same checks.
  return eligibilityOf(src) === 'ready' && src.entitlements.canRepeatCalls && src.allowRepeatCalls;
}

/** A morning as the account page tells it: how it ended (or that it goes on) and each attempt. */
function morningOf(
  attempts: CallAttempt[],
  next: NextAttemptKind | null,
  sunriseCallAt: Date | null = null,
): Morning | null {
  if (attempts.length === 0) return null;
  let result: Morning['result'] = 'missed';
  if (attempts.some(wokeBy)) result = 'answered';
  else if (next === 'calling') result = 'calling';
  else if (next === 'repeat') result = 'repeat-due';
  else if (next === 'sunrise') result = 'sunrise-due';
  else if (attempts.some((a) => a.outcome === 'answered')) result = 'unconfirmed';
  return {
    callDate: attempts[0]!.callDate,
    result,
    ...(sunriseCallAt ? { sunriseCallAt: sunriseCallAt.toISOString() } : {}),
    attempts: attempts.map((a) => ({
      kind: a.kind,
      at: (a.placedAt ?? a.plannedAt).toISOString(),
      outcome: a.outcome,
      keyPressed: a.awakeCheck ? a.confirmedAt !== null : null,
    })),
  };
}

type Next = { kind: NextAttemptKind; date: string; callAt: string; fajrAt: string | null };

/**
 * What is still to come of a morning, as its fajrCall workflow goes on: an attempt ringing or armed
 * ('calling'), or the repeat while it is due (ten minutes after attempt 1; 'calling' once its instant
 * has come and it is being dialled). Null once the morning is over.
 */
export function ongoingAttempt(
  src: CallPlanSource,
  morning: CallAttempt[],
  now: Date,
): { kind: 'calling' | 'repeat'; at: Date } | null {
  const first = morning.find((a) => a.kind === 'fajr');
  if (!first) return null;
  const ringing = morning.find((a) => !isFinalOutcome(a.outcome));
  if (ringing) return { kind: 'calling', at: ringing.plannedAt };
  if (!repeatStillDue(src, morning)) return null;
  const repeatAt = first.plannedAt.getTime() + REPEAT_AFTER_MS;
  if (now.getTime() >= repeatAt + REPEAT_DIAL_GRACE_MS) return null;
  return { kind: now.getTime() < repeatAt ? 'repeat' : 'calling', at: new Date(repeatAt) };
}

/**
 * What the chain does next, as the worker decides it: what is still to come of this morning (an
 * attempt, the repeat, or the last call before sunrise at `sunriseCallAt`), else the day planNextDay
 * gives after the last day the chain handled (a recorded attempt 1), so a settings change once
 * today's call is done moves tomorrow's call, never adds one today.
 */
async function nextAttempt(
  deps: Deps,
  src: CallPlanSource,
  morning: CallAttempt[],
  now: Date,
  sunriseCallAt: Date | null,
): Promise<Next | null> {
  const date = morning.find((a) => a.kind === 'fajr')?.callDate ?? null;
  const ongoing = ongoingAttempt(src, morning, now);
  const todays = async (kind: NextAttemptKind, at: Date): Promise<Next> => {
    const plan = await buildCallPlan(deps.db, src, date!, 1);
    const day: PlannedDay | undefined = plan ? planDays(plan, date!, 1)[0] : undefined;
    return { kind, date: date!, callAt: at.toISOString(), fajrAt: day?.fajrAt ?? null };
  };
  if (ongoing && date) return todays(ongoing.kind, ongoing.at);
  if (sunriseCallAt && date) return todays(now < sunriseCallAt ? 'sunrise' : 'calling', sunriseCallAt);
  const day = await planNextDay(deps.db, src, now, date);
  return day ? { kind: 'fajr', date: day.date, callAt: day.callAt!, fajrAt: day.fajrAt! } : null;
}

/**
 * GET /salah-schedules/fajr-schedules/today: the chain's next attempt (its date, instant, that day's
 * Fajr or jama'ah, and whether it is the day's call, this morning's repeat or last call before sunrise, or a call ringing now) in
 * the call's zone (`tzName`); nulls and the reason in `status` when none; every step the user still
 * has to take in `missing`; and the latest morning's calls (`morning`), for every plan.
 */
export async function getNextCall(deps: Deps, src: CallPlanSource) {
  const now = deps.now();
  const missing = missingSteps(src);
  const morning = await latestMorning(deps, src, now);
  const base = { tzName: src.tzName, missing };
  const none = (status: string, message?: string) => ({
    result: {
      fajrTime: null,
      fajrCallTime: null,
      fajrCallDate: null,
      nextKind: null,
      status,
      ...(message ? { message } : {}),
      ...base,
      morning: morningOf(morning, null),
    },
  });
  const called = callStatusOf(deps, src);
  if (called.status !== 'ready') return none(called.status, called.message);
  const sunriseCallAt = await sunriseCallDue(deps, src, morning, now, ongoingAttempt(src, morning, now) !== null);
  const next = await planning(() => nextAttempt(deps, src, morning, now, sunriseCallAt));
  if (!next) return none('none-soon');
  return {
    result: {
      fajrTime: next.fajrAt,
      fajrCallTime: next.callAt,
      fajrCallDate: next.date,
      nextKind: next.kind,
      status: next.kind === 'calling' ? 'calling' : 'scheduled',
      ...base,
      morning: morningOf(morning, next.kind, sunriseCallAt),
    },
  };
}
