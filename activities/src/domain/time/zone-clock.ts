import { zoneFor } from '../timezones';
import { PlanningError } from '../planning/types';

/**
 * Local dates and zone offsets without a DateTime per instant: a cache of each zone's offset by UTC
 * week, ISO formatting in a zone, and calendar arithmetic on 'YYYY-MM-DD' dates.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 3600_000;

const WEEK_MS = 7 * DAY_MS;
type WeekOffsets = { offset: number } | { before: number; after: number; at: number };
// Zone offsets by UTC week: each asks the zone (Intl through luxon's IANAZone.offset, ~15 µs, which was 60 % of a
// 365-day schedule) at most at the week's two ends, plus a binary search to the minute in the rare
// week holding a transition. Assumes at most one transition per zone per week, true of every zone.
const weekOffsets = new Map<string, WeekOffsets>();

export function offsetAt(zone: string, ms: number): number {
  const week = Math.floor(ms / WEEK_MS);
  const key = `${zone}|${week}`;
  let entry = weekOffsets.get(key);
  if (!entry) {
    const tz = zoneFor(zone);
    const start = week * WEEK_MS;
    const end = start + WEEK_MS;
    const before = tz.offset(start);
    const after = tz.offset(end);
    if (before === after) {
      entry = { offset: before };
    } else {
      let lo = start;
      let hi = end;
      // Invariant: offset(lo) = before, offset(hi) = after; transitions fall on whole minutes.
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (tz.offset(mid) === before) lo = mid;
        else hi = mid;
      }
      entry = { before, after, at: hi };
    }
    if (weekOffsets.size > 50_000) weekOffsets.clear();
    weekOffsets.set(key, entry);
  }
  return 'offset' in entry ? entry.offset : ms < entry.at ? entry.before : entry.after;
}

// Formatting with the week's cached offset is far cheaper than a luxon DateTime per instant; a
// 365-day schedule formats ~1,000 instants.
export function toIso(d: Date, zone: string): string {
  const ms = d.getTime();
  const offset = offsetAt(zone, ms);
  // Seconds precision as timetables have; milliseconds only when an instant carries them.
  const local = new Date(ms + offset * MINUTE_MS).toISOString().slice(0, ms % 1000 === 0 ? 19 : 23);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * Epoch ms of a 'YYYY-MM-DD' calendar date's UTC midnight; NaN unless it is a real date. Plain Date
 * arithmetic: luxon's parsing and formatting were a twentieth of the API's CPU on the schedule read.
 */
export function utcMidnightOf(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return NaN;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Rejects 2026-02-30 (Date.UTC rolls it over) and years below 100 (Date.UTC maps them to 19xx).
  return isoDateOf(ms) === date ? ms : NaN;
}

/** The last date with a four-digit year ('YYYY-MM-DD' has no room for more). */
const LAST_DATE_MS = Date.UTC(9999, 11, 31);

export function isoDateOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Local dates `from`, `from`+1, … (`days` of them) as 'YYYY-MM-DD'. */
export function localDates(from: string, days: number): string[] {
  const start = utcMidnightOf(from);
  if (Number.isNaN(start)) throw new PlanningError(`Invalid date: ${from}`);
  if (start + (days - 1) * DAY_MS > LAST_DATE_MS) throw new PlanningError('Dates after 9999-12-31 cannot be planned');
  const out: string[] = [];
  // Calendar arithmetic on UTC midnights: no zone, no DST, so every step is exactly one date.
  for (let i = 0; i < days; i += 1) out.push(isoDateOf(start + i * DAY_MS));
  return out;
}

// zoneFor caches its zone per name (luxon's isValidZone built an Intl.DateTimeFormat on every call:
// 2 % of the API's CPU under load).
export function isValidZone(zone: string): boolean {
  return zoneFor(zone).isValid;
}

/** The local date of an instant in a zone. */
export function localDateOf(instant: Date, zone: string): string {
  if (!isValidZone(zone)) throw new PlanningError(`Unknown time zone: ${zone}`);
  const ms = instant.getTime();
  return isoDateOf(ms + offsetAt(zone, ms) * MINUTE_MS);
}

/** The local date `n` days after `date`. */
export function addDays(date: string, n: number): string {
  const start = utcMidnightOf(date);
  if (Number.isNaN(start)) throw new PlanningError(`Invalid date: ${date}`);
  return isoDateOf(start + n * DAY_MS);
}
