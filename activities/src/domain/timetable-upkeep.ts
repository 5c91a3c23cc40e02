import { planDays } from './planning/planner';
import type { Place } from './planning/types';
import { localDates } from './time/zone-clock';
import { localInstant, type PublishedDay } from './timetable-csv';

/** Operators are told this many days before a shipped table's last date (morning report, metric, alert). */
export const RUNNING_OUT_DAYS = 60;

/** A fetched day further than this from the method's time is held for an operator, never used unchecked. */
export const MAX_MINUTES_FROM_METHOD = 3;

/** Days from `today` to a table's last date (0 = its last day is today; negative = ran out). */
export function daysLeft(lastDate: string, today: string): number {
  return Math.round((Date.parse(`${lastDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Whether a table needs its next year now: within RUNNING_OUT_DAYS of its last date, or already past it. */
export function runningOut(lastDate: string | null, today: string): boolean {
  return lastDate === null || daysLeft(lastDate, today) <= RUNNING_OUT_DAYS;
}

/** A local "HH:MM" on a date in the table's zone, as an instant (ISO); null where the clock skips it. */
function instantOf(date: string, hhmm: string, tz: string): string | null {
  const at = localInstant(date, hhmm, tz);
  return 'iso' in at ? at.iso : null;
}

export interface UpkeepProblem {
  date: string;
  published: string;
  method: string | null;
  minutes: number | null;
}

/**
 * A fetched year checked against the method at the table's place: each date must be present once, in
 * order, and its Fajr within MAX_MINUTES_FROM_METHOD of the method's. Returns the days as instants and
 * every problem (an empty list: it may be activated).
 */
export function validateFetchedYear(
  rows: { localDate: string; fajr: string; sunrise: string }[],
  year: number,
  place: Place,
): { days: PublishedDay[]; problems: UpkeepProblem[] } {
  const problems: UpkeepProblem[] = [];
  const expected = localDates(`${year}-01-01`, daysLeft(`${year}-12-31`, `${year}-01-01`) + 1);
  const byDate = new Map(rows.map((r) => [r.localDate, r]));
  if (byDate.size !== rows.length)
    problems.push({ date: `${year}`, published: 'a date twice', method: null, minutes: null });
  const planned = new Map(
    planDays({ kind: 'home', place, offsetMinutes: 0 }, expected[0]!, expected.length).map((d) => [d.date, d]),
  );
  const days: PublishedDay[] = [];
  for (const date of expected) {
    const r = byDate.get(date);
    if (!r) {
      problems.push({ date, published: 'missing', method: null, minutes: null });
      continue;
    }
    const fajrAt = instantOf(date, r.fajr, place.tzName);
    const sunriseAt = instantOf(date, r.sunrise, place.tzName);
    if (!fajrAt || !sunriseAt) {
      problems.push({ date, published: r.fajr, method: null, minutes: null });
      continue;
    }
    const method = planned.get(date)?.fajrAt ?? null;
    const minutes = method === null ? null : Math.round((Date.parse(fajrAt) - Date.parse(method)) / 60_000);
    if (minutes === null || Math.abs(minutes) > MAX_MINUTES_FROM_METHOD || Date.parse(sunriseAt) <= Date.parse(fajrAt))
      problems.push({ date, published: r.fajr, method: method?.slice(11, 16) ?? null, minutes });
    days.push({ localDate: date, fajrAt, sunriseAt });
  }
  return { days, problems };
}
