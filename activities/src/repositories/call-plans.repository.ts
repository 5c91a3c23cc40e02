import { preparedQuery, type Knex } from './db';
import { joinLiveSession } from './sessions.repository';
import { entitlementsOf, type Entitlements, type Plan } from '../domain/entitlements';
import { addDays, DEFAULT_POLAR_CONVENTION, localDateOf, nextCall, type CallPlan, type PlannedDay } from '../domain/planning';
import { publishedDays, publishedTimetableLabel } from './published-timetables.repository';

/** Everything about a user that decides whether and when they are called (never leaves the process that loaded it). */
export interface CallPlanSource {
  userId: string;
  phoneNumber: string | null;
  /** Whether the number was proved by a one-time code: no call of any kind goes to an unproved number. */
  phoneVerified: boolean;
  /** The second number, only once proved by code (null otherwise): tried when attempt 1 goes unanswered (Premium). */
  secondPhoneNumber: string | null;
  entitlements: Entitlements;
  allowCalls: boolean;
  allowRepeatCalls: boolean;
  /** Whether calls ask for a key press once awake. */
  awakeCheck: boolean;
  adhaanTitle: string;
  adhaanUrl: string;
  /** The zone of the user's local dates (the mosque's for mosque users); null when no place is set. */
  tzName: string | null;
  /** Home: the user's city. Mosque: the mosque (jamaah times are loaded per date range). */
  base: { kind: 'home'; lat: number; lng: number; offsetMinutes: number } | { kind: 'mosque'; mosqueId: string; lat: number; lng: number } | null;
  calcMethod: string;
  highLatRule: string;
  polarConvention: string;
  /** A published timetable the user chose instead of the method (home users only); null = the method. */
  timetable: { id: string; label: string } | null;
  /** Set when this is a Fajr friend's source (friends.repository): who is greeted, and by whose invitation. */
  friend?: { id: string; firstName: string; inviterName: string };
}

/** One row of loadCallPlanSource's query (left joins: everything but the user may be null). */
interface PlanSourceRow {
  id: string;
  phone_number: string | null;
  phone_verified_at: Date | null;
  second_phone_number: string | null;
  second_phone_verified_at: Date | null;
  plan: string | null;
  is_app_user: boolean;
  trial_ends_at: Date | null;
  has_prefs: string | null;
  lat: number | null;
  lng: number | null;
  tz_name: string | null;
  prayer_calc_method: string | null;
  prayer_calc_hlat: string | null;
  prayer_polar_convention: string | null;
  mosque_id: string | null;
  allow_calls: boolean | null;
  allow_repeat_calls: boolean | null;
  awake_check: boolean | null;
  fajr_adhaan_id: string | null;
  audio_url: string | null;
  offset_minutes: number | null;
  m_lat: number | null;
  m_lng: number | null;
  m_tz: string | null;
  default_audio_url: string | null;
  pt_id: string | null;
  pt_authority: string | null;
  pt_city: string | null;
}

/** Users with everything that decides their calls (left joins: everything but the user may be missing). */
function planSources(db: Knex) {
  return (
    db('users as u')
      .leftJoin('preferences as p', 'p.user_id', 'u.id')
      .leftJoin('call_time_prefs as c', 'c.title', 'p.fajr_call_time_pref')
      .leftJoin('adhaans as a', 'a.title', 'p.fajr_adhaan_id')
      .leftJoin('mosques as m', 'm.id', 'p.mosque_id')
      .leftJoin('published_timetables as pt', 'pt.id', 'p.prayer_timetable_id')
      // The default adhaan in the same round trip (everyone without a chosen one is called with it).
      .leftJoin('adhaans as d', (j) => j.onVal('d.title', '=', 'Default'))
      .select(
        'u.id', 'u.phone_number', 'u.phone_verified_at', 'u.second_phone_number', 'u.second_phone_verified_at', 'u.plan', 'u.is_app_user', 'u.trial_ends_at',
        'p.user_id as has_prefs', 'p.lat', 'p.lng', 'p.tz_name', 'p.prayer_calc_method', 'p.prayer_calc_hlat', 'p.prayer_polar_convention', 'p.mosque_id',
        'p.allow_calls', 'p.allow_repeat_calls', 'p.awake_check', 'p.fajr_adhaan_id', 'a.audio_url', 'c.offset_minutes',
        'm.lat as m_lat', 'm.lng as m_lng', 'm.tz_name as m_tz', 'd.audio_url as default_audio_url',
        'pt.id as pt_id', 'pt.authority as pt_authority', 'pt.city_name as pt_city',
      )
      .limit(1)
  );
}

/** Loads a user's planning inputs; undefined when the account does not exist. */
export async function loadCallPlanSource(db: Knex, userId: string, now: Date): Promise<CallPlanSource | undefined> {
  // Prepared: every dial re-checks this just before its slot.
  const [row] = await planSourceQuery(db, userId);
  return row ? planSourceOf(row, now) : undefined;
}

const planSourceQuery = preparedQuery<[userId: string], PlanSourceRow>((db, userId) => planSources(db).where('u.id', userId));

/**
 * The planning inputs of the user a live session token hash belongs to, with the session's id, in
 * one round trip: what the schedule reads need, asked once instead of session then user.
 */
export async function loadCallPlanSourceBySession(
  db: Knex,
  tokenHash: string,
  now: Date,
): Promise<{ sessionId: string; src: CallPlanSource } | undefined> {
  const [row] = await planSourceBySessionQuery(db, tokenHash, now);
  return row ? { sessionId: row.session_id, src: planSourceOf(row, now) } : undefined;
}

const planSourceBySessionQuery = preparedQuery<[tokenHash: string, now: Date], PlanSourceRow & { session_id: string }>((db, tokenHash, now) =>
  joinLiveSession(planSources(db), tokenHash, now)
    .select('s.id as session_id'),
);

function planSourceOf(row: PlanSourceRow, now: Date): CallPlanSource {
  const entitlements = entitlementsOf({ plan: (row.plan as Plan | null) ?? null, isAppUser: row.is_app_user, trialEndsAt: row.trial_ends_at }, now);
  let base: CallPlanSource['base'] = null;
  let tzName: string | null = null;
  if (row.mosque_id && row.m_tz) {
    base = { kind: 'mosque', mosqueId: row.mosque_id, lat: row.m_lat!, lng: row.m_lng! };
    tzName = row.m_tz;
  } else if (row.lat != null && row.lng != null && row.tz_name) {
    // Call time preferences are a Plus feature: others are called as soon as Fajr starts, whatever is stored.
    const offsetMinutes = entitlements.canChooseCallTime ? (row.offset_minutes ?? 0) : 0;
    base = { kind: 'home', lat: row.lat, lng: row.lng, offsetMinutes };
    tzName = row.tz_name;
  }
  return {
    userId: row.id,
    phoneNumber: row.phone_number,
    phoneVerified: row.phone_verified_at !== null,
    secondPhoneNumber: row.second_phone_verified_at !== null ? row.second_phone_number : null,
    entitlements,
    allowCalls: row.has_prefs ? !!row.allow_calls : false,
    allowRepeatCalls: !!row.allow_repeat_calls,
    awakeCheck: !!row.awake_check,
    // Custom adhaans are a Plus feature too.
    adhaanTitle: entitlements.canChooseAdhaan && row.fajr_adhaan_id ? row.fajr_adhaan_id : 'Default',
    adhaanUrl: entitlements.canChooseAdhaan && row.audio_url ? row.audio_url : (row.default_audio_url ?? DEFAULT_ADHAAN_URL),
    tzName,
    base,
    calcMethod: row.prayer_calc_method ?? 'MuslimWorldLeague',
    highLatRule: row.prayer_calc_hlat ?? 'MiddleOfTheNight',
    polarConvention: row.prayer_polar_convention ?? DEFAULT_POLAR_CONVENTION,
    timetable: base?.kind === 'home' && row.pt_id ? { id: row.pt_id, label: publishedTimetableLabel({ authority: row.pt_authority!, cityName: row.pt_city! }) } : null,
  };
}

/** Where the default adhaan is served should its catalogue row be missing. */
export const DEFAULT_ADHAAN_URL = '/api/media/adhaans/default.wav';

/** The planner's input for local dates [from, from + days): for mosque users and users of a published timetable, with that stretch of it. */
export async function buildCallPlan(db: Knex, src: CallPlanSource, from: string, days: number): Promise<CallPlan | null> {
  if (!src.base || !src.tzName) return null;
  const place = { lat: src.base.lat, lng: src.base.lng, tzName: src.tzName, calcMethod: src.calcMethod, highLatRule: src.highLatRule, polarConvention: src.polarConvention };
  if (src.base.kind === 'home') {
    if (!src.timetable) return { kind: 'home', place, offsetMinutes: src.base.offsetMinutes };
    const table = await publishedDays(db, src.timetable.id, from, addDays(from, days - 1));
    return { kind: 'home', place, offsetMinutes: src.base.offsetMinutes, published: { label: src.timetable.label, days: table } };
  }
  const rows = await mosqueTimetableQuery(db, src.base.mosqueId, from, addDays(from, days - 1));
  const jamaah: Record<string, string> = {};
  for (const r of rows) jamaah[r.local_date] = new Date(r.jamaah_at).toISOString();
  return { kind: 'mosque', mosqueId: src.base.mosqueId, place, jamaah };
}

const mosqueTimetableQuery = preparedQuery<[mosqueId: string, from: string, to: string], { local_date: string; jamaah_at: Date }>((db, mosqueId, from, to) =>
  db('mosque_fajr_times').where({ mosque_id: mosqueId }).whereBetween('local_date', [from, to]).select('local_date', 'jamaah_at'),
);

/** Why a user gets no calls, or 'ready'. */
export type CallEligibility = 'ready' | 'deleted' | 'calls-off' | 'no-place' | 'not-entitled' | 'no-phone' | 'phone-unverified';

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
export async function planNextDay(db: Knex, src: CallPlanSource, now: Date, afterDate: string | null): Promise<PlannedDay | null> {
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
