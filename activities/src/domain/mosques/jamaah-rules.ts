import { fajrAndSunrise } from '../planning/sun';
import type { Place } from '../planning/types';
import { addDays, localDates, toIso } from '../time/zone-clock';
import { localInstant } from '../timetable-csv';

/**
 * How a mosque writes its Fajr jama'ah (issue 46): rules, each effective from a date until the next one's.
 * A fixed time; N minutes after Fajr begins (with the mosque's method); N minutes before sunrise; or the
 * days of an uploaded calendar. A Ramadan rule, when there is one, wins inside Ramadan.
 */
export type JamaahRule =
  | { kind: 'fixed'; time: string }
  | { kind: 'after-fajr'; minutes: number }
  | { kind: 'before-sunrise'; minutes: number }
  | { kind: 'calendar' };

export interface DatedRule {
  /** The first local date the rule applies to. */
  from: string;
  rule: JamaahRule;
  /** Applies only on the dates of Ramadan (and then wins over the year's rule). */
  ramadan: boolean;
}

/** What a day's jama'ah is, and what gave it. */
export type JamaahDay =
  | { date: string; jamaahAt: string; source: JamaahRule['kind'] }
  | { date: string; jamaahAt: null; source: 'calendar' | 'none'; why: 'not-in-calendar' | 'no-rule' | 'no-sun' };

export const MINUTES_RANGE = { min: 0, max: 180 } as const;

/** Why a rule cannot be kept, in the admin's terms; null when it is sound. */
export function ruleProblem(rule: JamaahRule): string | null {
  if (rule.kind === 'fixed') return /^([01]\d|2[0-3]):[0-5]\d$/.test(rule.time) ? null : 'time must be HH:MM';
  if (rule.kind === 'after-fajr' || rule.kind === 'before-sunrise') {
    const { min, max } = MINUTES_RANGE;
    return Number.isInteger(rule.minutes) && rule.minutes >= min && rule.minutes <= max
      ? null
      : `minutes must be a whole number from ${min} to ${max}`;
  }
  return null;
}

/** The rule in force on `date`: the latest-starting one at or before it (Ramadan's first inside Ramadan). */
export function ruleOn(rules: readonly DatedRule[], date: string, inRamadan: boolean): DatedRule | null {
  const started = rules.filter((r) => r.from <= date).sort((a, b) => (a.from < b.from ? 1 : -1));
  return (inRamadan ? started.find((r) => r.ramadan) : undefined) ?? started.find((r) => !r.ramadan) ?? null;
}

/**
 * A mosque's jama'ah for each of `days` dates from `from`: by the rule in force, against the day's sun at
 * the mosque (its method); `calendar` gives the uploaded days, `ramadan(date)` says which dates are Ramadan.
 */
export function jamaahDays(
  place: Place,
  rules: readonly DatedRule[],
  calendar: Readonly<Record<string, string>>,
  from: string,
  days: number,
  ramadan: (date: string) => boolean = () => false,
): JamaahDay[] {
  return localDates(from, days).map((date) => {
    const inForce = ruleOn(rules, date, ramadan(date));
    if (!inForce) return { date, jamaahAt: null, source: 'none', why: 'no-rule' };
    const { rule } = inForce;
    if (rule.kind === 'calendar') {
      const at = calendar[date];
      return at
        ? { date, jamaahAt: at, source: 'calendar' }
        : { date, jamaahAt: null, source: 'calendar', why: 'not-in-calendar' };
    }
    if (rule.kind === 'fixed') {
      // A time a daylight-saving change skips that night: the clocks' next hour, as a person would read it.
      const at = localInstant(date, rule.time, place.tzName);
      const [h, m] = rule.time.split(':');
      const later = localInstant(date, `${String(Number(h) + 1).padStart(2, '0')}:${m}`, place.tzName);
      const iso = 'iso' in at ? at.iso : 'iso' in later ? later.iso : null;
      if (!iso) return { date, jamaahAt: null, source: 'none', why: 'no-rule' };
      return { date, jamaahAt: iso, source: 'fixed' };
    }
    const { fajr, sunrise } = fajrAndSunrise(place, date);
    const base = rule.kind === 'after-fajr' ? fajr : sunrise;
    if (!base) return { date, jamaahAt: null, source: 'none', why: 'no-sun' };
    const sign = rule.kind === 'after-fajr' ? 1 : -1;
    return {
      date,
      jamaahAt: toIso(new Date(base.getTime() + sign * rule.minutes * 60_000), place.tzName),
      source: rule.kind,
    };
  });
}

/**
 * Why a jama'ah time cannot be the day's, or null: it must fall between Fajr's start and sunrise at the
 * mosque (a time before Fajr begins, or after sunrise, is a mistake in the table or the rule).
 */
export function impossibleTime(place: Place, date: string, jamaahAt: string): string | null {
  const { fajr, sunrise } = fajrAndSunrise(place, date);
  const at = Date.parse(jamaahAt);
  const hhmm = (d: Date) => toIso(d, place.tzName).slice(11, 16);
  if (fajr && at < fajr.getTime()) return `before Fajr begins (${hhmm(fajr)})`;
  if (sunrise && at >= sunrise.getTime()) return `at or after sunrise (${hhmm(sunrise)})`;
  return null;
}

/**
 * The last date the mosque's own times reach within `days` (jamaahDays over a horizon): the day before the
 * first date with no time after the first that has one (times that start later, e.g. a calendar from next
 * month, count from their start; a day whose sun gives none does not count); null when they never end.
 * With no time at all, the day before the first date.
 */
export function coveredUntil(days: readonly JamaahDay[]): string | null {
  const missing = (d: JamaahDay) => d.jamaahAt === null && d.why !== 'no-sun';
  const start = days.findIndex((d) => d.jamaahAt !== null);
  if (start < 0) return days.length ? addDays(days[0]!.date, -1) : null;
  const gap = days.slice(start).find(missing);
  return gap ? addDays(gap.date, -1) : null;
}

/** The first date with a time, when it is not the first date (the times start later), else null. */
export function startsOn(days: readonly JamaahDay[]): string | null {
  const first = days.find((d) => d.jamaahAt !== null);
  return first && first !== days[0] ? first.date : null;
}
