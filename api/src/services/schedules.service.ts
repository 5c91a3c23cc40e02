import { planDays, PlanningError, type PlannedDay, type PolarConventionUsed } from '@fajr/activities/domain/planning';
import { phoneRefusal } from '@fajr/activities/domain/phone-policy';
import {
  buildCallPlan,
  eligibilityOf,
  todayOf,
  type CallEligibility,
  type CallPlanSource,
} from '@fajr/activities/repositories/call-plans.repository';
import { lastDayCalled } from '@fajr/activities/repositories/calls.repository';
import { scheduleQuery, type ScheduleEntry } from '../contracts/schedules.contract';
import type { ApiDeps } from '../deps';
import { BadRequestError, ServiceUnavailableError } from '../errors';
import { parse } from '../middleware/validate';
import { notifyPrefsChanged } from '../temporal';

type Deps = Pick<ApiDeps, 'db' | 'now' | 'temporal' | 'config' | 'logger'>;

export const DEFAULT_SCHEDULE_DAYS = 7;

/**
 * A date of the stretch asked for on which no call is placed, and why (polar day, no mosque
 * timetable); or, as `fajr-by-convention`, a date whose call time comes from the user's polar
 * convention (named in `convention`) because the method gives none; or, as `fajr-by-method`, a date
 * the user's published table lacks (it ran out), whose time the method gave.
 */
export interface ScheduleNotice {
  date: string;
  status: PlannedDay['status'] | 'fajr-by-convention' | 'fajr-by-method';
  message: string;
  convention?: PolarConventionUsed;
  /**
   * For `no-fajr`: `polar` when the sun does not rise or set that day (the polar-day setting decides:
   * "No call on those days"), `twilight` when it does but the night never gets dark enough (the high-latitude rule decides).
   */
  cause?: 'polar' | 'twilight';
}

function entryOf(d: PlannedDay): ScheduleEntry {
  const entry: ScheduleEntry = {
    fajrCallDate: d.date,
    fajrCallTimeIso: d.callAt!,
    fajrTimeIso: d.fajrAt!,
    sunriseTimeIso: d.sunriseAt,
  };
  if (d.timetable) return { ...entry, fajrTimetable: d.timetable };
  if (d.jamaahChange)
    return { ...entry, jamaahChange: { date: d.jamaahChange.date, jamaahTimeIso: d.jamaahChange.jamaahAt } };
  return d.convention ? { ...entry, fajrConvention: d.convention } : entry;
}

function noticeOf(d: PlannedDay): ScheduleNotice | null {
  if (d.status === 'no-fajr')
    return { date: d.date, status: d.status, message: d.note ?? '', cause: d.sunriseAt ? 'twilight' : 'polar' };
  if (d.status !== 'call') return { date: d.date, status: d.status, message: d.note ?? '' };
  // The chosen published table has no time for this date (it ran out): the method gave this one.
  if (d.timetableFallback) return { date: d.date, status: 'fajr-by-method', message: d.note ?? '' };
  if (d.convention)
    return { date: d.date, status: 'fajr-by-convention', message: d.note ?? '', convention: d.convention };
  return null;
}

export const VERIFY_TO_BE_CALLED = 'Verify your phone number so we can call you';

/** Whether the user is called (the worker's own checks: eligibility, then the phone policy) and, when not, what to tell them. */
export function callStatusOf(
  deps: Pick<Deps, 'config'>,
  src: CallPlanSource,
): { status: CallEligibility | 'phone-refused'; message?: string } {
  const eligibility = eligibilityOf(src);
  if (eligibility === 'phone-unverified') return { status: eligibility, message: VERIFY_TO_BE_CALLED };
  if (eligibility !== 'ready') return { status: eligibility };
  const refusal = phoneRefusal(src.phoneNumber!, deps.config.PHONE_COUNTRIES);
  return refusal ? { status: 'phone-refused', message: refusal } : { status: 'ready' };
}

/** Runs planning work; a PlanningError (a zone, method, rule or date the planner does not know) is a 400. */
export async function planning<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof PlanningError) throw new BadRequestError(err.message);
    throw err;
  }
}

/**
 * The user's Fajr call schedule from the same planner the worker dials by. Without `from`, the
 * next `days` (7) local dates still ahead (today counts only while its call is to come); with it, exactly that stretch. Empty when the
 * user gets no calls (calls off, no place, trial over without a plan, no phone number). `tzName`: the
 * zone of the times (the mosque's for a mosque user).
 */
export async function getSchedule(
  deps: Deps,
  src: CallPlanSource,
  rawQuery: unknown,
): Promise<{
  result: ScheduleEntry[];
  notices: ScheduleNotice[];
  tzName?: string | null;
  status: string;
  message?: string;
}> {
  const query = parse(scheduleQuery, rawQuery);
  const now = deps.now();
  const called = callStatusOf(deps, src);
  if (called.status !== 'ready') return { result: [], notices: [], ...called };
  const days = query.days ?? DEFAULT_SCHEDULE_DAYS;
  // Without `from`, one date more than asked: once today's call has passed, the stretch still holds `days` upcoming dates.
  const span = query.from ? days : days + 1;
  const planned = await planning(async () => {
    const from = query.from ?? todayOf(src, now);
    // One date more of the mosque's times than shown: the last day shown can tell of its tomorrow's change.
    const plan = await buildCallPlan(deps.db, src, from, span + 1);
    return plan ? planDays(plan, from, span) : [];
  });
  // Today drops out once its call is behind, or once the chain has handled it (a call time moved later after today's call came).
  const handled = query.from ? null : await lastDayCalled(deps.db, src.userId, planned[0]?.date ?? todayOf(src, now));
  const ahead = (d: PlannedDay) =>
    (d.status !== 'call' || Date.parse(d.callAt!) > now.getTime()) && (!handled || d.date > handled);
  const upcoming = query.from ? planned : planned.filter(ahead).slice(0, days);
  return {
    tzName: src.tzName,
    result: upcoming.filter((d) => d.status === 'call').map(entryOf),
    notices: upcoming.map(noticeOf).filter((n): n is ScheduleNotice => n !== null),
    ...called,
  };
}

/**
 * DELETE /salah-schedules/fajr-schedules: stops the upcoming calls by turning calls off (the same
 * switch as the settings toggle) and re-planning the chain at once, so an armed call is not dialled.
 */
export async function stopCalls(deps: Deps, userId: string): Promise<{ message: string }> {
  await deps.db('preferences').where({ user_id: userId }).update({ allow_calls: false, updated_at: deps.now() });
  try {
    await notifyPrefsChanged(deps, userId);
  } catch (err) {
    deps.logger.error({ err, userId }, 'could not signal the Fajr call chain after stopping calls');
    throw new ServiceUnavailableError(
      'Your calls were turned off, but your call schedule could not be updated right now. Please try again in a moment.',
    );
  }
  return { message: 'Fajr calls disabled' };
}
