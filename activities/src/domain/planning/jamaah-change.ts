import { addDays, offsetAt } from '../time/zone-clock';

/**
 * Issue 46 point 4: members are told the day before when their mosque's jama'ah moves. A change is
 * worth telling when tomorrow's jama'ah, read on the clock in the mosque's zone, is this many minutes
 * or more from today's (a fixed 06:00 across a daylight-saving change is no change: the clock stays).
 */
export const JAMAAH_CHANGE_MINUTES = 5;

/** The notice a day carries: from `date` (tomorrow) the mosque's own jama'ah is at `jamaahAt`. */
export interface JamaahChange {
  date: string;
  jamaahAt: string;
}

/** Minutes since local midnight of an instant in a zone. */
function clockMinutes(iso: string, zone: string): number {
  const ms = Date.parse(iso);
  const local = ms + offsetAt(zone, ms) * 60_000;
  return Math.floor((((local / 60_000) % 1440) + 1440) % 1440);
}

/**
 * The change to tell on `date`: tomorrow's own jama'ah when it is JAMAAH_CHANGE_MINUTES or more from
 * today's on the local clock; null when either day lacks the mosque's own time (a stated fallback is
 * no time of the mosque's to announce; the schedule says so in its own words) or the times are close.
 */
export function jamaahChangeOn(jamaah: Record<string, string>, date: string, zone: string): JamaahChange | null {
  const today = jamaah[date];
  const next = addDays(date, 1);
  const tomorrow = jamaah[next];
  if (!today || !tomorrow) return null;
  const diff = Math.abs(clockMinutes(tomorrow, zone) - clockMinutes(today, zone));
  // Across midnight (never for Fajr, but a clock is circular): the shorter way round.
  return Math.min(diff, 1440 - diff) >= JAMAAH_CHANGE_MINUTES ? { date: next, jamaahAt: tomorrow } : null;
}
