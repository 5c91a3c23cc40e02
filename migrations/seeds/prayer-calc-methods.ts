/**
 * The catalogue of calculation methods: one entry per authority Muslims follow (every method Aladhan offers, plus
 * variants its users ask for), each with the parameters that reproduce the authority's published timetable. `id` is
 * the value stored in preferences.prayer_calc_method; ids already stored are never renamed. docs/PRAYER-TIMES.md
 * says how each was checked.
 *
 * This is the catalogue's one home, and plain data: the planner reads it through
 * activities/src/domain/planning/authorities.ts (which checks each preset against adhan's), and seeds/catalogue.ts
 * generates the prayer_calc_methods rows from it. It lives here, not in activities, because migrations import knex
 * only (DESIGN.md) while activities may import this package; docs/DECISIONS.md.
 */

import { ALADHAN_OTHERS } from './prayer-calc-methods/aladhan-others';
import { FIRST_TWELVE } from './prayer-calc-methods/first-twelve';
import { NATIONAL_AUTHORITIES } from './prayer-calc-methods/national-authorities';
import { VARIANTS } from './prayer-calc-methods/variants';

export type { CalcMethod, MinuteRounding, PrayerTime } from './prayer-calc-methods/method';

/** The method a place gets when its country has none of its own, and the seeded default. */
export const DEFAULT_CALC_METHOD = 'MuslimWorldLeague';

/**
 * Order: the twelve methods offered before (their ids unchanged), then the rest of Aladhan's list, then national
 * authorities Aladhan does not offer, then variants. One file per group (prayer-calc-methods/).
 */
export const CALC_METHODS = [...FIRST_TWELVE, ...ALADHAN_OTHERS, ...NATIONAL_AUTHORITIES, ...VARIANTS] as const;
