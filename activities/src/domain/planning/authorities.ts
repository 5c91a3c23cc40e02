import { CalculationMethod, CalculationParameters, Rounding } from 'adhan';
import {
  CALC_METHODS,
  type CalcMethod,
  type MinuteRounding,
  type PrayerTime,
} from '@fajr/migrations/prayer-calc-methods';

/**
 * The calculation methods the product offers, as the planner reads them: the catalogue's entries
 * (migrations/seeds/prayer-calc-methods.ts, their one home, also seeded into prayer_calc_methods) and the
 * adhan parameters each turns into.
 */

export type { MinuteRounding };

/** A method of the catalogue, its preset one of adhan's (the compiler checks every entry's). */
export interface Authority extends CalcMethod {
  preset?: keyof typeof CalculationMethod;
}

const NEAREST = { fajr: 'nearest', sunrise: 'nearest' } as const;

/** Order: the twelve methods offered before (their ids unchanged), then the rest of Aladhan's list, then variants. */
export const AUTHORITIES: readonly Authority[] = CALC_METHODS;

const byId = new Map(AUTHORITIES.map((a) => [a.id, a]));

export function authorityOf(id: string): Authority | undefined {
  return byId.get(id);
}

/**
 * adhan moves a Fajr (and Isha) the sun gives, or fills one it does not give, with the high-latitude
 * rule's share of the night; an infinite share moves none and fills none, so Fajr is the sun's own time
 * or missing (for `fajrBeforeSunriseWithoutTwilightMinutes`, whose rule the planner applies).
 */
class SunOnlyParameters extends CalculationParameters {
  override nightPortions(): { fajr: number; isha: number } {
    return { fajr: Infinity, isha: Infinity };
  }
}

/** The adhan parameters of an authority; the planner applies `rounding` itself (adhan rounds nothing here). */
export function adhanParamsOf(a: Authority): CalculationParameters {
  const Custom = a.fajrBeforeSunriseWithoutTwilightMinutes === undefined ? CalculationParameters : SunOnlyParameters;
  const params = a.preset
    ? CalculationMethod[a.preset]()
    : new Custom('Other', a.fajrAngle, a.ishaAngle ?? 0, a.ishaIntervalMinutes ?? 0, a.maghribAngle ?? 0);
  params.fajrAngle = a.fajrAngle;
  if (a.ishaAngle !== undefined) params.ishaAngle = a.ishaAngle;
  if (a.ishaIntervalMinutes !== undefined) params.ishaInterval = a.ishaIntervalMinutes;
  if (a.maghribAngle !== undefined) params.maghribAngle = a.maghribAngle;
  // methodAdjustments are the authority's own minutes (the preset's plus ours); `adjustments` stay the user's.
  params.methodAdjustments = { ...params.methodAdjustments };
  for (const [time, minutes] of Object.entries(a.adjustments ?? {}) as [PrayerTime, number][])
    params.methodAdjustments[time] += minutes;
  params.rounding = Rounding.None;
  return params;
}

export function roundingOf(a: Authority): { fajr: MinuteRounding; sunrise: MinuteRounding } {
  return a.rounding ?? NEAREST;
}
