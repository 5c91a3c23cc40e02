import { HighLatitudeRule, PolarCircleResolution } from 'adhan';
import { authorityOf } from './authorities';

/** The rule tables a place names: its high-latitude rule and its polar convention. */

export type HighLatRuleName = keyof typeof HIGH_LAT_RULES;

export const HIGH_LAT_RULES = {
  MiddleOfTheNight: HighLatitudeRule.MiddleOfTheNight,
  SeventhOfTheNight: HighLatitudeRule.SeventhOfTheNight,
  TwilightAngle: HighLatitudeRule.TwilightAngle,
} as const;

/**
 * What to do on a date when the chosen method gives no Fajr or no sunrise (the sun does not rise or
 * set there that day): the conventions communities above the polar circles use, or none (no call).
 * Stored per user (`preferences.prayer_polar_convention`); docs/PRAYER-TIMES.md "Polar days".
 */
export const POLAR_CONVENTIONS = {
  /**
   * The default: the nearest dates before and after on which the sun rises and sets here, the time
   * moving evenly (in equal daily steps) from the one to the other, so it never jumps; see
   * docs/PRAYER-TIMES.md "Polar days" for the rule and the measured day-to-day steps.
   */
  NearestDaysBlended: {
    adhan: null,
    label: 'the nearest dates on which the sun rises and sets here, moving evenly from one to the other',
  },
  /** adhan's AqrabBalad: the times of the nearest latitude (same longitude, 0.5° steps) where the sun rises and sets that day. */
  AqrabBalad: { adhan: PolarCircleResolution.AqrabBalad, label: 'the nearest latitude where the sun rises and sets' },
  /** adhan's AqrabYaum: the times of the nearest date on which the sun rises and sets at this place. */
  AqrabYaum: { adhan: PolarCircleResolution.AqrabYaum, label: 'the nearest date on which the sun rises and sets here' },
  /** No convention: no Fajr, so no call, on such dates (status `no-fajr`). */
  None: { adhan: null, label: 'none (no call on such days)' },
} as const;
export type PolarConventionName = keyof typeof POLAR_CONVENTIONS;
/** A convention that gives a time (every one but None). */
export type PolarConventionUsed = Exclude<PolarConventionName, 'None'>;
/** What a user gets unless they choose otherwise: it always gives a time, so nobody silently loses calls, and it never jumps. */
export const DEFAULT_POLAR_CONVENTION: PolarConventionName = 'NearestDaysBlended';

/** True when the names are ones the planner knows (the catalogue's). */
export function isKnownCalcMethod(name: string): boolean {
  return authorityOf(name) !== undefined;
}
export function isKnownHighLatRule(name: string): name is HighLatRuleName {
  return Object.prototype.hasOwnProperty.call(HIGH_LAT_RULES, name);
}
export function isKnownPolarConvention(name: string): name is PolarConventionName {
  return Object.prototype.hasOwnProperty.call(POLAR_CONVENTIONS, name);
}
