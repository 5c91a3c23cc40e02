import { CalculationMethod, Coordinates, PrayerTimes } from 'adhan';
import { hijriOf } from './time/hijri';
import { addDays } from './time/zone-clock';

/**
 * Tahajjud calls (issue 47 point 4, docs/CALLS.md "Tahajjud calls"): a Premium user's call in the last
 * third of the night before a day's Fajr. The night is the user's own: from the previous evening's
 * sunset at their place to that day's Fajr; its last third starts two thirds of the way through.
 */

/** Where in the last third: its start, its middle, or `minutes` before Fajr. */
export const TAHAJJUD_POINTS = ['start', 'middle', 'before_fajr'] as const;
export type TahajjudPoint = (typeof TAHAJJUD_POINTS)[number];

/** Which nights: every night, the nights before Monday and Thursday (the Sunnah fasts), Ramadan's last ten. */
export const TAHAJJUD_NIGHTS = ['every', 'mon_thu', 'ramadan_last10'] as const;
export type TahajjudNights = (typeof TAHAJJUD_NIGHTS)[number];

/** Minutes before Fajr (point before_fajr): from 30 (the call must stay clear of the Fajr call) to 3 hours. */
export const TAHAJJUD_MINUTES = { min: 30, max: 180, default: 60 } as const;

/** The tahajjud call never comes within this many minutes of the day's Fajr call (issue 47 point 4). */
export const TAHAJJUD_CLEAR_OF_FAJR_CALL_MINUTES = 30;

const MIN = 60_000;

export interface TahajjudPrefs {
  point: TahajjudPoint;
  /** Used by before_fajr only. */
  minutes: number;
  nights: TahajjudNights;
  /** The user's Hijri day adjustment (users.hijri_offset, −2…+2): moon-sighting communities start Ramadan apart. */
  hijriOffset: number;
}

export type TahajjudSkip = 'not-chosen-night' | 'no-night' | 'too-close-to-fajr-call';

export type TahajjudDecision =
  { status: 'call'; callAt: Date; sunsetAt: Date; lastThirdAt: Date } | { status: 'skip'; reason: TahajjudSkip };

/**
 * Whether the night before `callDate`'s Fajr is one the user chose. Mondays and Thursdays: the night
 * whose Fajr falls on a Monday or a Thursday (the night before the fast, whose suhoor it is). Ramadan's
 * last ten nights: an Islamic night belongs to the day after it, so the nights whose Fajr is on Ramadan
 * 21 to 30 (Umm al-Qura, moved by the user's Hijri offset).
 */
export function isChosenNight(nights: TahajjudNights, callDate: string, hijriOffset = 0): boolean {
  if (nights === 'every') return true;
  if (nights === 'mon_thu') {
    const weekday = new Date(`${callDate}T12:00:00Z`).getUTCDay();
    return weekday === 1 || weekday === 4;
  }
  const h = hijriOf(callDate, hijriOffset);
  return h.month === 9 && h.day >= 21;
}

/**
 * The sunset that begins the night before `callDate`'s Fajr: the previous local date's, at the place.
 * Null where the sun does not set that date (the midnight sun): then there is no night to divide.
 * Sunset does not depend on the calculation method (the sun's upper limb at the horizon).
 */
export function sunsetBefore(place: { lat: number; lng: number }, callDate: string): Date | null {
  const [y, m, d] = addDays(callDate, -1).split('-').map(Number) as [number, number, number];
  // adhan reads the calendar date from the Date's local fields, as the planner's sun does (sun.ts).
  const times = new PrayerTimes(
    new Coordinates(place.lat, place.lng),
    new Date(y, m - 1, d, 12),
    CalculationMethod.MuslimWorldLeague(),
  );
  return Number.isNaN(times.sunset.getTime()) ? null : times.sunset;
}

/**
 * When the tahajjud call comes on one night, from its sunset, the day's Fajr and the day's Fajr call:
 * at the start of the last third, its middle, or `minutes` before Fajr (never before the last third
 * begins: a longer N than the third is the third's start). Skipped when the night has no sunset or no
 * length (high latitudes in summer), or when the instant is within 30 minutes of the Fajr call (a short
 * night, or a call set early before Fajr): the morning's call matters more than a doubled wake-up.
 */
export function tahajjudInstant(input: {
  sunsetAt: Date | null;
  fajrAt: Date;
  fajrCallAt: Date;
  point: TahajjudPoint;
  minutes: number;
}): TahajjudDecision {
  const { sunsetAt, fajrAt, fajrCallAt } = input;
  if (!sunsetAt || fajrAt.getTime() <= sunsetAt.getTime()) return { status: 'skip', reason: 'no-night' };
  const night = fajrAt.getTime() - sunsetAt.getTime();
  const lastThird = sunsetAt.getTime() + (2 * night) / 3;
  const at =
    input.point === 'start'
      ? lastThird
      : input.point === 'middle'
        ? lastThird + night / 6
        : Math.max(lastThird, fajrAt.getTime() - input.minutes * MIN);
  // Whole minutes, like every call instant (the pacer's slots and the schedule read minutes), rounded
  // up so the start of the third is never called a few seconds before it.
  const callAt = Math.ceil(at / MIN) * MIN;
  if (callAt > fajrCallAt.getTime() - TAHAJJUD_CLEAR_OF_FAJR_CALL_MINUTES * MIN)
    return { status: 'skip', reason: 'too-close-to-fajr-call' };
  return { status: 'call', callAt: new Date(callAt), sunsetAt, lastThirdAt: new Date(lastThird) };
}

/** The whole decision for the night before `callDate`: a chosen night, then its instant. */
export function planTahajjud(input: {
  place: { lat: number; lng: number };
  callDate: string;
  fajrAt: Date;
  fajrCallAt: Date;
  prefs: TahajjudPrefs;
}): TahajjudDecision {
  const { prefs } = input;
  if (!isChosenNight(prefs.nights, input.callDate, prefs.hijriOffset))
    return { status: 'skip', reason: 'not-chosen-night' };
  return tahajjudInstant({
    sunsetAt: sunsetBefore(input.place, input.callDate),
    fajrAt: input.fajrAt,
    fajrCallAt: input.fajrCallAt,
    point: prefs.point,
    minutes: prefs.minutes,
  });
}
