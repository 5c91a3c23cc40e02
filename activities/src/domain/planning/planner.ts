import { fajrAndSunrise, fajrAndSunriseOrConvention } from './sun';
import { paramsFor, type MethodParams } from './method-params';
import { POLAR_CONVENTIONS } from './rules';
import { addDays, isValidZone, localDateOf, localDates, toIso } from '../time/zone-clock';
import {
  PlanningError,
  type CallPlan,
  type CallTimeBase,
  type Place,
  type PlannedDay,
  type PublishedTimes,
} from './types';
import { jamaahChangeOn } from './jamaah-change';

/**
 * Fajr call planning: pure functions shared by the worker (what to dial, when) and the API (the
 * schedule a user sees). Every instant is an ISO string with offset; every date is a local date
 * in the plan's IANA zone.
 */

/** Mosque users are called this long before the jamaah (SPEC section 9), whatever their call time preference. */
export const MOSQUE_CALL_LEAD_MINUTES = 30;
/** A mosque whose usual gap after calculated Fajr is not known: its stated fallback jama'ah is this long after it. */
export const MOSQUE_FALLBACK_GAP_MINUTES = 20;

/**
 * When a home user's call is placed: `offsetMinutes` after the start of Fajr, or after sunrise (negative:
 * before it) for a preference counted from sunrise (issue 47 point 2), but never before Fajr starts (a
 * short Fajr near the equator, or an hour before sunrise in a northern summer, calls at Fajr). A date
 * with no sunrise (the sun does not rise, and no polar-day rule gives one) calls at Fajr too.
 */
export function callInstant(fajr: Date, sunrise: Date | null, offsetMinutes: number, relativeTo: CallTimeBase): Date {
  if (relativeTo === 'fajr') return new Date(fajr.getTime() + offsetMinutes * 60_000);
  if (!sunrise) return fajr;
  return new Date(Math.max(fajr.getTime(), sunrise.getTime() + offsetMinutes * 60_000));
}

/** The zone in which a plan's local dates are counted. */
export function zoneOf(plan: CallPlan): string {
  return plan.place.tzName;
}

/** The schedule for `days` local dates from `from` (inclusive): one entry per date, saying whether and when to call. */
export function planDays(plan: CallPlan, from: string, days: number): PlannedDay[] {
  const zone = zoneOf(plan);
  if (!isValidZone(zone)) throw new PlanningError(`Unknown time zone: ${zone}`);
  const params = paramsFor(plan.place);
  return localDates(from, days).map((date) => planDay(plan, date, zone, params));
}

/**
 * Planned days by everything that decides them. Users of one city share its coordinates (they come
 * from the city index) and usually its defaults, so a day is computed once per city and setting
 * instead of once per user and request (a 7-day schedule read spent a fifth of its CPU here);
 * bounded, and simply emptied when full. Entries are frozen: callers share them.
 */
const dayCache = new Map<string, PlannedDay>();
const DAY_CACHE_MAX = 50_000;

function planDay(plan: CallPlan, date: string, zone: string, params: MethodParams): PlannedDay {
  const { lat, lng, calcMethod, highLatRule } = plan.place;
  const published = plan.kind === 'home' && plan.published ? plan.published : null;
  const row = published?.days[date];
  const variant =
    plan.kind === 'mosque'
      ? `m${plan.jamaah[date] ?? `-${plan.fallbackGapMinutes ?? ''}`}|${plan.jamaah[addDays(date, 1)] ?? '-'}|${plan.leadMinutes ?? MOSQUE_CALL_LEAD_MINUTES}`
      : published
        ? `p${plan.offsetMinutes}${sunriseMark(plan)}|${published.label}|${row ? `${row.fajrAt}|${row.sunriseAt}` : '-'}`
        : `h${plan.offsetMinutes}${sunriseMark(plan)}`;
  const key = `${lat},${lng},${calcMethod},${highLatRule},${params.polar?.name ?? 'None'},${zone},${variant},${date}`;
  let day = dayCache.get(key);
  if (!day) {
    day = Object.freeze(computeDay(plan, date, zone, params));
    if (dayCache.size >= DAY_CACHE_MAX) dayCache.clear();
    dayCache.set(key, day);
  }
  return day;
}

/** In a day's cache key: a preference counted from sunrise is another day than the same minutes after Fajr. */
const sunriseMark = (plan: Extract<CallPlan, { kind: 'home' }>) => (plan.relativeTo === 'sunrise' ? 's' : '');

/** A home plan's call time preference, counted from Fajr unless it says sunrise. */
function callTimeOf(plan: Extract<CallPlan, { kind: 'home' }>): { offsetMinutes: number; relativeTo: CallTimeBase } {
  return { offsetMinutes: plan.offsetMinutes, relativeTo: plan.relativeTo ?? 'fajr' };
}

/** A date with no call, and why in words. */
function noCall(
  date: string,
  status: Exclude<PlannedDay['status'], 'call'>,
  sunriseAt: string | null,
  note: string,
  extra: Partial<PlannedDay> = {},
): PlannedDay {
  return { date, status, fajrAt: null, sunriseAt, callAt: null, note, ...extra };
}

function computeDay(plan: CallPlan, date: string, zone: string, params: MethodParams): PlannedDay {
  if (plan.kind === 'home' && plan.published)
    return publishedDay(plan.published, plan.place, callTimeOf(plan), date, zone, params);
  if (plan.kind === 'home') {
    const { fajr, sunrise, convention } = fajrAndSunriseOrConvention(plan.place, date, params);
    const sunriseAt = sunrise ? toIso(sunrise, zone) : null;
    if (!fajr) {
      return noCall(
        date,
        'no-fajr',
        sunriseAt,
        'No Fajr time on this date at this latitude (the sun does not set or rise)',
      );
    }
    const call = callInstant(fajr, sunrise, plan.offsetMinutes, plan.relativeTo ?? 'fajr');
    const day: PlannedDay = { date, status: 'call', fajrAt: toIso(fajr, zone), sunriseAt, callAt: toIso(call, zone) };
    if (!convention) return day;
    return {
      ...day,
      convention,
      note: `The sun does not rise or set here on this date: Fajr and sunrise by your polar-day rule, ${POLAR_CONVENTIONS[convention].label}`,
    };
  }
  // A mosque's jamaah is its own timetable's; its sunrise is shown only where the sun really rises.
  const { sunrise } = fajrAndSunrise(plan.place, date, params);
  const sunriseAt = sunrise ? toIso(sunrise, zone) : null;
  const lead = (plan.leadMinutes ?? MOSQUE_CALL_LEAD_MINUTES) * 60_000;
  const jamaah = plan.jamaah[date];
  if (!jamaah) return mosqueFallbackDay(plan, date, zone, params, sunriseAt, lead);
  const jamaahAt = new Date(jamaah);
  const call = new Date(jamaahAt.getTime() - lead);
  const day: PlannedDay = { date, status: 'call', fajrAt: toIso(jamaahAt, zone), sunriseAt, callAt: toIso(call, zone) };
  // Tomorrow's own jama'ah moves by 5 minutes or more: today's call and schedule day say so (issue 46 point 4).
  const change = jamaahChangeOn(plan.jamaah, date, zone);
  return change
    ? { ...day, jamaahChange: { date: change.date, jamaahAt: toIso(new Date(change.jamaahAt), zone) } }
    : day;
}

/**
 * A mosque user's date past the mosque's own times: called by the mosque's stated fallback (its usual gap
 * after the calculated Fajr), and the schedule says so; with no fallback known, no call, and it says why.
 */
function mosqueFallbackDay(
  plan: Extract<CallPlan, { kind: 'mosque' }>,
  date: string,
  zone: string,
  params: MethodParams,
  sunriseAt: string | null,
  leadMs: number,
): PlannedDay {
  const { fajr } = fajrAndSunrise(plan.place, date, params);
  if (plan.fallbackGapMinutes === undefined || !fajr) {
    return noCall(date, 'no-timetable', sunriseAt, "The mosque's timetable has no Fajr jamaah time for this date");
  }
  const gap = plan.fallbackGapMinutes;
  const estimate = new Date(fajr.getTime() + gap * 60_000);
  // Never before Fajr begins: a long lead on a short gap calls at Fajr.
  const call = new Date(Math.max(fajr.getTime(), estimate.getTime() - leadMs));
  return {
    date,
    status: 'call',
    fajrAt: toIso(estimate, zone),
    sunriseAt,
    callAt: toIso(call, zone),
    mosqueFallback: { gapMinutes: gap },
    note: `The mosque's own times do not reach this date: the jamaah is taken as ${gap} minutes after the calculated Fajr (its usual gap)`,
  };
}

/**
 * A day of a published timetable: its Fajr exactly (plus the user's call time preference); its
 * sunrise, or the method's where the table lists none. A date the table lacks (it ran out, or an
 * operator has not imported it yet) falls back to the method at the same place, and says so: a user
 * is never left without a call because a table ended.
 */
function publishedDay(
  published: PublishedTimes,
  place: Place,
  callTime: { offsetMinutes: number; relativeTo: CallTimeBase },
  date: string,
  zone: string,
  params: MethodParams,
): PlannedDay {
  const row = published.days[date];
  if (!row) {
    const { fajr, sunrise } = fajrAndSunriseOrConvention(place, date, params);
    const note = `${published.label} has no time for this date: Fajr is calculated with your method instead`;
    const sunriseAt = sunrise ? toIso(sunrise, zone) : null;
    if (!fajr) {
      return noCall(
        date,
        'no-fajr',
        sunriseAt,
        `${published.label} has no time for this date, and the method gives no Fajr here on it`,
        { timetableFallback: published.label },
      );
    }
    const call = callInstant(fajr, sunrise, callTime.offsetMinutes, callTime.relativeTo);
    return {
      date,
      status: 'call',
      fajrAt: toIso(fajr, zone),
      sunriseAt,
      callAt: toIso(call, zone),
      timetableFallback: published.label,
      note,
    };
  }
  const fajr = new Date(row.fajrAt);
  const sunrise = row.sunriseAt ? new Date(row.sunriseAt) : fajrAndSunrise(place, date, params).sunrise;
  const call = callInstant(fajr, sunrise, callTime.offsetMinutes, callTime.relativeTo);
  return {
    date,
    status: 'call',
    fajrAt: toIso(fajr, zone),
    sunriseAt: sunrise ? toIso(sunrise, zone) : null,
    callAt: toIso(call, zone),
    timetable: published.label,
  };
}

/**
 * The next day to call: the first date after `afterDate` (or any date when null) whose call instant
 * is after `now`; looks ahead `horizonDays`. Null when none in the horizon (polar day, empty timetable).
 */
export function nextCall(plan: CallPlan, now: Date, afterDate: string | null, horizonDays = 60): PlannedDay | null {
  const zone = zoneOf(plan);
  // Start a day before today's local date: a call just after midnight in a zone ahead may still be due.
  let from = addDays(localDateOf(now, zone), -1);
  if (afterDate && afterDate >= from) from = addDays(afterDate, 1);
  for (const day of planDays(plan, from, horizonDays)) {
    if (day.status === 'call' && new Date(day.callAt!).getTime() > now.getTime()) return day;
  }
  return null;
}
