import { preparedQuery, type Knex } from './db';
import { addDays, localDateOf, nextCall, type CallPlan, type PlannedDay } from '../domain/planning';
import { publishedDays } from './published-timetables.repository';
import type { CallPlanSource } from './call-plan-sources.repository';

// A user's planning inputs are loaded in call-plan-sources.repository; its importers still find them here.
export {
  DEFAULT_ADHAAN_URL,
  loadCallPlanSource,
  loadCallPlanSourceBySession,
  type CallPlanSource,
} from './call-plan-sources.repository';

/** The planner's input for local dates [from, from + days): for mosque users and users of a published timetable, with that stretch of it. */
export async function buildCallPlan(
  db: Knex,
  src: CallPlanSource,
  from: string,
  days: number,
): Promise<CallPlan | null> {
  if (!src.base || !src.tzName) return null;
  const place = {
    lat: src.base.lat,
    lng: src.base.lng,
    tzName: src.tzName,
    calcMethod: src.calcMethod,
    highLatRule: src.highLatRule,
    polarConvention: src.polarConvention,
  };
  if (src.base.kind === 'home') {
    const { offsetMinutes, relativeTo } = src.base;
    if (!src.timetable) return { kind: 'home', place, offsetMinutes, relativeTo };
    const table = await publishedDays(db, src.timetable.id, from, addDays(from, days - 1));
    return {
      kind: 'home',
      place,
      offsetMinutes,
      relativeTo,
      published: { label: src.timetable.label, days: table },
    };
  }
  const rows = await mosqueTimetableQuery(db, src.base.mosqueId, from, addDays(from, days - 1));
  const jamaah: Record<string, string> = {};
  for (const r of rows) jamaah[r.local_date] = new Date(r.jamaah_at).toISOString();
  return {
    kind: 'mosque',
    mosqueId: src.base.mosqueId,
    place,
    jamaah,
    leadMinutes: src.base.leadMinutes,
    fallbackGapMinutes: src.base.fallbackGapMinutes,
  };
}

const mosqueTimetableQuery = preparedQuery<
  [mosqueId: string, from: string, to: string],
  { local_date: string; jamaah_at: Date }
>((db, mosqueId, from, to) =>
  db('mosque_fajr_times')
    .where({ mosque_id: mosqueId })
    .whereBetween('local_date', [from, to])
    .select('local_date', 'jamaah_at'),
);

/** Why a user gets no calls, or 'ready'. */
export type CallEligibility =
  'ready' | 'deleted' | 'calls-off' | 'no-place' | 'not-entitled' | 'no-phone' | 'phone-unverified';

/** Whether daily calls go to this user now. */
export function eligibilityOf(src: CallPlanSource | undefined): CallEligibility {
  if (!src) return 'deleted';
  if (!src.allowCalls) return 'calls-off';
  if (!src.base) return 'no-place';
  if (!src.entitlements.canReceiveCalls) return 'not-entitled';
  if (!src.phoneNumber) return 'no-phone';
  if (!src.phoneVerified) return 'phone-unverified';
  return 'ready';
}

/** What a user still has to do before calls can happen, in the order to do it. */
export type MissingStep = 'add-phone' | 'verify-phone' | 'place' | 'plan' | 'calls-off';

/**
 * Every step between a user and their calls, in the order the account page lists them: a number and
 * its verification, a city or mosque, a trial or plan, calls switched on. Empty when nothing is missing.
 */
export function missingSteps(src: CallPlanSource): MissingStep[] {
  const steps: MissingStep[] = [];
  if (!src.phoneNumber) steps.push('add-phone');
  else if (!src.phoneVerified) steps.push('verify-phone');
  if (!src.base) steps.push('place');
  if (!src.entitlements.canReceiveCalls) steps.push('plan');
  if (!src.allowCalls) steps.push('calls-off');
  return steps;
}

/** Today's local date in the user's zone (UTC when no place is set). */
export function todayOf(src: CallPlanSource, now: Date): string {
  return localDateOf(now, src.tzName ?? 'UTC');
}

/**
 * The day the chain calls next: the first date after `afterDate` (the last day it handled; null: any)
 * whose call is still ahead of `now`, within 60 days. The worker plans by it, and the API shows it.
 */
export async function planNextDay(
  db: Knex,
  src: CallPlanSource,
  now: Date,
  afterDate: string | null,
): Promise<PlannedDay | null> {
  // The same first date nextCall considers: yesterday (a zone ahead) or the day after the last call.
  let from = addDays(todayOf(src, now), -1);
  if (afterDate && afterDate >= from) from = addDays(afterDate, 1);
  const plan = await buildCallPlan(db, src, from, 62);
  return plan ? nextCall(plan, now, afterDate, 60) : null;
}

/**
 * How many users are likely called in the same minute as this one: those at the same mosque, or
 * home users at the same rounded place with the same method, rule and call time preference. The
 * arming lead grows with it so a big city's burst is armed before its minute.
 */
export async function countSameMinuteNeighbours(db: Knex, src: CallPlanSource): Promise<number> {
  if (!src.base) return 0;
  const q = db('preferences as p').where('p.allow_calls', true);
  if (src.base.kind === 'mosque') {
    q.where('p.mosque_id', src.base.mosqueId);
  } else {
    // A tenth of a degree moves Fajr by well under a minute.
    q.whereNull('p.mosque_id')
      .whereRaw('round(p.lat::numeric, 1) = round(?::numeric, 1)', [src.base.lat])
      .whereRaw('round(p.lng::numeric, 1) = round(?::numeric, 1)', [src.base.lng])
      .where({ 'p.prayer_calc_method': src.calcMethod, 'p.prayer_calc_hlat': src.highLatRule });
  }
  const [{ count }] = (await q.count({ count: '*' })) as [{ count: number | string }];
  return Number(count);
}

/** Every user id, in pages (the worker's reconciliation walks them all). */
export async function listUserIds(db: Knex, afterId: string | null, limit: number): Promise<string[]> {
  const q = db('users').select('id').orderBy('id').limit(limit);
  if (afterId) q.where('id', '>', afterId);
  return (await q).map((r: { id: string }) => r.id);
}
