import type { CalculationParameters } from 'adhan';
import { MINUTE_MS } from '../time/zone-clock';
import { adhanParamsOf, authorityOf, roundingOf, type MinuteRounding } from './authorities';
import {
  HIGH_LAT_RULES,
  isKnownHighLatRule,
  isKnownPolarConvention,
  POLAR_CONVENTIONS,
  type PolarConventionUsed,
} from './rules';
import { PlanningError, type Place } from './types';

/** adhan's parameters plus how the authority rounds Fajr and sunrise to the minute. */
export interface MethodParams {
  adhan: CalculationParameters;
  rounding: { fajr: MinuteRounding; sunrise: MinuteRounding };
  /**
   * The place's polar convention, for dates the method gives no time; null = None. `adhan` is the
   * method resolved by adhan's convention, null for NearestDaysBlended (the planner's own).
   */
  polar: { name: PolarConventionUsed; adhan: CalculationParameters | null } | null;
  /** The year whose sun a perpetual table follows (Authority.sunOfYear); null: each date's own year. */
  sunYear: number | null;
  /** Months whose dates take the next date's sun, as the authority's calculation does (Authority.nextDaysSunInMonths). */
  nextDaysSunInMonths: readonly number[];
  /** Milliseconds added to sunrise (before rounding) in these months, from Authority.sunriseAdjustmentInMonths (none: no months). */
  sunriseShiftInMonths: { months: readonly number[]; ms: number };
  /** Authority.fajrBeforeSunriseWithoutTwilightMinutes in ms: Fajr before the rounded sunrise on nights the sun gives none; null: no such rule. */
  fajrBeforeSunriseMs: number | null;
}

export function paramsFor(place: Place): MethodParams {
  const authority = authorityOf(place.calcMethod);
  if (!authority) throw new PlanningError(`Unknown calculation method: ${place.calcMethod}`);
  if (!isKnownHighLatRule(place.highLatRule))
    throw new PlanningError(`Unknown high-latitude rule: ${place.highLatRule}`);
  const convention = place.polarConvention ?? 'None';
  if (!isKnownPolarConvention(convention)) throw new PlanningError(`Unknown polar convention: ${convention}`);
  const adhan = adhanParamsOf(authority);
  adhan.highLatitudeRule = HIGH_LAT_RULES[place.highLatRule];
  let polar: MethodParams['polar'] = null;
  const resolution = POLAR_CONVENTIONS[convention].adhan;
  if (convention === 'NearestDaysBlended') {
    polar = { name: convention, adhan: null };
  } else if (convention !== 'None' && resolution) {
    const resolved = adhanParamsOf(authority);
    resolved.highLatitudeRule = adhan.highLatitudeRule;
    resolved.polarCircleResolution = resolution;
    polar = { name: convention, adhan: resolved };
  }
  const inMonths = authority.sunriseAdjustmentInMonths;
  // adhan already applies adjustments.sunrise; in those months the difference is added on top.
  const sunriseShiftInMonths = inMonths
    ? { months: inMonths.months, ms: (inMonths.minutes - (authority.adjustments?.sunrise ?? 0)) * MINUTE_MS }
    : { months: [], ms: 0 };
  const whiteNights = authority.fajrBeforeSunriseWithoutTwilightMinutes;
  return {
    adhan,
    rounding: roundingOf(authority),
    polar,
    sunYear: authority.sunOfYear ?? null,
    nextDaysSunInMonths: authority.nextDaysSunInMonths ?? [],
    sunriseShiftInMonths,
    fajrBeforeSunriseMs: whiteNights === undefined ? null : whiteNights * MINUTE_MS,
  };
}
