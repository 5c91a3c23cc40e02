/**
 * The last call before sunrise (issue 47 point 1, docs/CALLS.md "The last call before sunrise"): when it
 * comes, from the day's sunrise, the user's minutes and the earliest moment it could be dialled.
 */

/** The call never comes later than this before sunrise: the user still needs the time to pray. */
export const SUNRISE_CALL_LATEST_MINUTES = 5;

const MIN = 60_000;

/**
 * The instant of the last call before sunrise: `minutes` before sunrise, or `earliest` (the morning's
 * other calls are still over only then) when that is later; null when even that would be later than
 * sunrise minus SUNRISE_CALL_LATEST_MINUTES (then there is no call).
 */
export function sunriseCallInstant(sunriseAt: Date, minutes: number, earliest: Date): Date | null {
  const latest = sunriseAt.getTime() - SUNRISE_CALL_LATEST_MINUTES * MIN;
  const at = Math.max(sunriseAt.getTime() - Math.max(minutes, SUNRISE_CALL_LATEST_MINUTES) * MIN, earliest.getTime());
  return at > latest ? null : new Date(at);
}

/** The whole minutes the call says are left, as the call is placed at `at` (rounded: a slot's fraction of a second does not lose a minute). */
export function minutesUntilSunrise(sunriseAt: Date, at: Date): number {
  return Math.max(0, Math.round((sunriseAt.getTime() - at.getTime()) / MIN));
}
