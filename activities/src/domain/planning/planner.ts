import { CalculationParameters, Coordinates, HighLatitudeRule, PolarCircleResolution, PrayerTimes } from 'adhan';
import { zoneFor } from '../timezones';
import { adhanParamsOf, authorityOf, roundingOf, type MinuteRounding } from './authorities';

/**
 * Fajr call planning: pure functions shared by the worker (what to dial, when) and the API (the
 * schedule a user sees). Every instant is an ISO string with offset; every date is a local date
 * in the plan's IANA zone.
 */

export type HighLatRuleName = keyof typeof HIGH_LAT_RULES;

const HIGH_LAT_RULES = {
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
  NearestDaysBlended: { adhan: null, label: 'the nearest dates on which the sun rises and sets here, moving evenly from one to the other' },
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

/** Mosque users are called this long before the jamaah (SPEC section 9), whatever their call time preference. */
export const MOSQUE_CALL_LEAD_MINUTES = 30;

export interface Place {
  lat: number;
  lng: number;
  tzName: string;
  calcMethod: string;
  highLatRule: string;
  /** Used only on dates the method gives no time; absent = None (no call on such dates). */
  polarConvention?: string;
}

/** What the planner needs for one user: praying at home (Fajr + offset) or at a mosque (jamaah − 30 min). */
export type CallPlan =
  | {
      kind: 'home';
      place: Place;
      offsetMinutes: number;
      /**
       * A published timetable the user chose instead of the method: its Fajr is used exactly, and a
       * date missing from it has no call (status no-timetable), never a computed time.
       */
      published?: PublishedTimes;
    }
  | {
      kind: 'mosque';
      mosqueId: string;
      /** The mosque's coordinates, zone and the user's method: used for the sunrise shown beside the jamaah. */
      place: Place;
      /** Jamaah instants by local date (ISO); dates missing here have no timetable entry. */
      jamaah: Record<string, string>;
    };

/** An authority's published timetable for a place: its label for the schedule, and its days in the planned stretch. */
export interface PublishedTimes {
  /** "Islamiska förbundet — published timetable for Stockholm". */
  label: string;
  /** Fajr and sunrise instants (ISO) by local date; dates missing here are not in the table. */
  days: Record<string, { fajrAt: string; sunriseAt: string | null }>;
}

export type DayStatus = 'call' | 'no-fajr' | 'no-timetable';

/** One local date of a user's schedule. */
export interface PlannedDay {
  date: string;
  status: DayStatus;
  /** Fajr start (home) or the jamaah (mosque); null when there is none. */
  fajrAt: string | null;
  sunriseAt: string | null;
  /** When the call is placed; null when no call is placed that day (and `status` says why). */
  callAt: string | null;
  /** Why no call, in words, when status is not 'call'; on a convention's day, which convention gave the time. */
  note?: string;
  /** Set when the chosen method gives no time on this date and the user's polar convention gave this one. */
  convention?: PolarConventionUsed;
  /** Set when the times are a published timetable's (the user chose it instead of a method): its label. */
  timetable?: string;
}

export class PlanningError extends Error {
  override name = 'PlanningError';
}

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

function paramsFor(place: Place): MethodParams {
  const authority = authorityOf(place.calcMethod);
  if (!authority) throw new PlanningError(`Unknown calculation method: ${place.calcMethod}`);
  if (!isKnownHighLatRule(place.highLatRule)) throw new PlanningError(`Unknown high-latitude rule: ${place.highLatRule}`);
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
  const sunriseShiftInMonths = inMonths ? { months: inMonths.months, ms: (inMonths.minutes - (authority.adjustments?.sunrise ?? 0)) * MINUTE_MS } : { months: [], ms: 0 };
  const whiteNights = authority.fajrBeforeSunriseWithoutTwilightMinutes;
  return {
    adhan, rounding: roundingOf(authority), polar, sunYear: authority.sunOfYear ?? null, nextDaysSunInMonths: authority.nextDaysSunInMonths ?? [], sunriseShiftInMonths,
    fajrBeforeSunriseMs: whiteNights === undefined ? null : whiteNights * MINUTE_MS,
  };
}

function validInstant(d: Date): boolean {
  return d instanceof Date && !Number.isNaN(d.getTime());
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 3600_000;

/** A published timetable's minute: nearest, the next whole minute (as adhan's and MUIS's "up"), or the minute begun. */
function toMinute(ms: number, how: MinuteRounding): number {
  if (how === 'up') return Math.floor(ms / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  if (how === 'down') return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
  return Math.round(ms / MINUTE_MS) * MINUTE_MS;
}

const WEEK_MS = 7 * DAY_MS;
type WeekOffsets = { offset: number } | { before: number; after: number; at: number };
// Zone offsets by UTC week: each asks the zone (Intl through luxon's IANAZone.offset, ~15 µs, which was 60 % of a
// 365-day schedule) at most at the week's two ends, plus a binary search to the minute in the rare
// week holding a transition. Assumes at most one transition per zone per week, true of every zone.
const weekOffsets = new Map<string, WeekOffsets>();

function offsetAt(zone: string, ms: number): number {
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
function toIso(d: Date, zone: string): string {
  const ms = d.getTime();
  const offset = offsetAt(zone, ms);
  // Seconds precision as timetables have; milliseconds only when an instant carries them.
  const local = new Date(ms + offset * MINUTE_MS).toISOString().slice(0, ms % 1000 === 0 ? 19 : 23);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Fajr and sunrise for one local date at a place; null where the sun gives none (polar day/night). */
export function fajrAndSunrise(place: Place, localDate: string, params: MethodParams = paramsFor(place)): { fajr: Date | null; sunrise: Date | null } {
  const { fajr, sunrise } = computeFajrAndSunrise(place, localDate, params.adhan, params);
  return { fajr: fajr === null ? null : new Date(fajr), sunrise: sunrise === null ? null : new Date(sunrise) };
}

/**
 * As fajrAndSunrise, but on a date the method gives no Fajr or no sunrise, the times of the place's
 * polar convention, named in `convention` (never silently: the schedule says which rule gave them).
 */
function fajrAndSunriseOrConvention(place: Place, localDate: string, params: MethodParams): { fajr: Date | null; sunrise: Date | null; convention?: PolarConventionUsed } {
  const real = computeFajrAndSunrise(place, localDate, params.adhan, params);
  const asDates = (t: { fajr: number | null; sunrise: number | null }) => ({
    fajr: t.fajr === null ? null : new Date(t.fajr),
    sunrise: t.sunrise === null ? null : new Date(t.sunrise),
  });
  if (!params.polar || Math.abs(place.lat) < POLAR_CONVENTION_FROM_LATITUDE) return asDates(real);
  if (!params.polar.adhan) {
    if (real.fajr !== null && real.sunrise !== null && methodTimes(place, localDate, params)) return asDates(real);
    const blended = blendedTimes(place, localDate, params);
    return blended ? { ...asDates(blended), convention: params.polar.name } : asDates(real);
  }
  // adhan resolves exactly the dates whose sun does not rise or set, today or tomorrow (its night
  // runs to tomorrow's sunrise); elsewhere both answers are the same.
  const resolved = computeFajrAndSunrise(place, localDate, params.polar.adhan, params);
  if (resolved.fajr === null || resolved.sunrise === null) {
    // Where adhan's resolution (or the date itself) has a sun that rises and sets but a night too short
    // for the authority's early sunrise (computeFajrAndSunrise: no Fajr), adhan resolves nothing more;
    // the convention is applied here, as it reads.
    const own = ownResolution(place, localDate, params, params.polar.name);
    return own ? { ...asDates(own), convention: params.polar.name } : asDates(real);
  }
  if (resolved.fajr === real.fajr && resolved.sunrise === real.sunrise) return asDates(real);
  return { ...asDates(resolved), convention: params.polar.name };
}

/** How far (days) to look for a date the method gives times on: beyond the longest polar day or night below the poles (Longyearbyen's is ~125 days). */
const BLEND_SEARCH_DAYS = 200;

interface Edge {
  /** Days since the epoch of the local date. */
  day: number;
  /** Fajr and sunrise as minutes from that date's UTC midnight (negative before it). */
  fajr: number;
  sunrise: number;
}
/** The real dates on either side of a polar run, by place, method and date: found once per run (consecutive dates share them). */
const blendEdges = new Map<string, { before: Edge; after: Edge } | null>();

/**
 * The method's own times on a date, or null when it gives none: no Fajr or sunrise that date, or no
 * sunrise the next (the night adhan divides runs to it; without it adhan's Fajr is not a real one).
 */
function methodTimes(place: Place, date: string, params: MethodParams): { fajr: number; sunrise: number } | null {
  const t = computeFajrAndSunrise(place, date, params.adhan, params);
  if (t.fajr === null || t.sunrise === null) return null;
  if (computeFajrAndSunrise(place, addDays(date, 1), params.adhan, params).sunrise === null) return null;
  return { fajr: t.fajr, sunrise: t.sunrise };
}

function edgeAt(place: Place, day: number, params: MethodParams): Edge | null {
  const t = methodTimes(place, isoDateOf(day * DAY_MS), params);
  if (!t) return null;
  return { day, fajr: (t.fajr - day * DAY_MS) / MINUTE_MS, sunrise: (t.sunrise - day * DAY_MS) / MINUTE_MS };
}

/**
 * NearestDaysBlended on a date the method gives no time: the last date before and the first after on
 * which it does, and between them each day's Fajr and sunrise moved by an equal step (linear in the
 * instant's minutes from the date's UTC midnight, so a DST change moves the clock as on any other
 * day). Null when no such dates are near (at the poles).
 */
function blendedTimes(place: Place, localDate: string, params: MethodParams): { fajr: number; sunrise: number } | null {
  const today = Math.round(utcMidnightOf(localDate) / DAY_MS);
  const edges = edgesAround(place, today, params);
  if (!edges) return null;
  const { before, after } = edges;
  const f = (today - before.day) / (after.day - before.day);
  const at = (a: number, b: number) => today * DAY_MS + Math.round(a + (b - a) * f) * MINUTE_MS;
  return { fajr: at(before.fajr, after.fajr), sunrise: at(before.sunrise, after.sunrise) };
}

/**
 * AqrabBalad or AqrabYaum on a date adhan cannot resolve because its sun does rise and set (a night too
 * short for the authority's early sunrise): the times at the nearest latitude toward the equator
 * (adhan's 0.5° steps) or of the nearest date on which the method gives them, as adhan reads each rule.
 */
function ownResolution(place: Place, localDate: string, params: MethodParams, convention: PolarConventionUsed): { fajr: number; sunrise: number } | null {
  if (convention === 'AqrabBalad') {
    // Down to 45° at most (60° N has 5-hour nights even at midsummer); Svalbard at midsummer finds one 26 steps down, at 65.2°.
    for (let step = 1; Math.abs(place.lat) - 0.5 * step >= 45; step += 1) {
      const t = methodTimes({ ...place, lat: place.lat - Math.sign(place.lat) * 0.5 * step }, localDate, params);
      if (t) return t;
    }
    return null;
  }
  const today = Math.round(utcMidnightOf(localDate) / DAY_MS);
  const edges = edgesAround(place, today, params);
  if (!edges) return null;
  // The nearer of the two dates (the earlier on a tie), its times moved to this date.
  const near = today - edges.before.day <= edges.after.day - today ? edges.before : edges.after;
  return { fajr: today * DAY_MS + near.fajr * MINUTE_MS, sunrise: today * DAY_MS + near.sunrise * MINUTE_MS };
}

/** The last date before and the first after `today` (days since the epoch) on which the method gives times; null at the poles. */
function edgesAround(place: Place, today: number, params: MethodParams): { before: Edge; after: Edge } | null {
  const prefix = `${place.lat},${place.lng},${place.calcMethod},${place.highLatRule}|`;
  let edges = blendEdges.get(prefix + today);
  if (edges === undefined) {
    let before: Edge | null = null;
    let after: Edge | null = null;
    for (let i = 1; i <= BLEND_SEARCH_DAYS && !before; i += 1) before = edgeAt(place, today - i, params);
    for (let i = 1; i <= BLEND_SEARCH_DAYS && !after; i += 1) after = edgeAt(place, today + i, params);
    edges = before && after ? { before, after } : null;
    if (blendEdges.size > 50_000) blendEdges.clear();
    // Every date between the two edges has no time of its own, so they share these edges.
    const from = before ? before.day + 1 : today;
    const to = after ? after.day - 1 : today;
    for (let d = from; d <= to; d += 1) blendEdges.set(prefix + d, edges);
  }
  return edges;
}

/** Below this latitude the sun rises and sets every day (the polar circle less refraction is ~65.7°), so no convention can apply. */
const POLAR_CONVENTION_FROM_LATITUDE = 60;

function computeFajrAndSunrise(place: Place, localDate: string, adhanParams: CalculationParameters, params: MethodParams): { fajr: number | null; sunrise: number | null } {
  const month = Number(localDate.slice(5, 7));
  const exact = params.sunYear !== null
    ? perpetualSunOn(place, localDate, adhanParams, params.sunYear)
    : params.nextDaysSunInMonths.includes(month)
      ? sunMovedOn(place, addDays(localDate, 1), localDate, adhanParams)
      : sunOn(place, localDate, adhanParams);
  const sunriseShift = params.sunriseShiftInMonths.months.includes(month) ? params.sunriseShiftInMonths.ms : 0;
  // Rounded to the minute as the authority's published timetable rounds it (adhan rounds nothing here).
  const sunrise = exact.sunrise === null ? null : toMinute(exact.sunrise + sunriseShift, params.rounding.sunrise);
  let fajr = exact.fajr === null ? null : toMinute(exact.fajr, params.rounding.fajr);
  // No Fajr from the sun but a sunrise: a white night, where an authority with its own rule prints Fajr a fixed interval before its sunrise.
  if (fajr === null && sunrise !== null && params.fajrBeforeSunriseMs !== null) fajr = sunrise - params.fajrBeforeSunriseMs;
  // With no sunrise the night has no end, so a "Fajr" derived from it is not real. Nor is one at or after
  // the sunrise shown: on the shortest nights by a high-latitude rule (a seventh of a 20-minute night is
  // 3 minutes) an authority's early sunrise (the League's 4 minutes) leaves no time for Fajr that date.
  return { fajr: sunrise !== null && fajr !== null && fajr < sunrise ? fajr : null, sunrise };
}

/** adhan's Fajr and sunrise (epoch ms, unrounded) for a local date; null where the sun gives none. */
function sunOn(place: Place, localDate: string, adhanParams: CalculationParameters): { fajr: number | null; sunrise: number | null } {
  const [y, m, d] = adhanDateOf(place, localDate).split('-').map(Number) as [number, number, number];
  // adhan reads the calendar date with getFullYear/getMonth/getDate (the process's local fields), so
  // the Date is built from local fields: the same y/m/d whatever the process time zone is.
  const times = new PrayerTimes(new Coordinates(place.lat, place.lng), new Date(y, m - 1, d, 12), adhanParams);
  return {
    fajr: validInstant(times.fajr) ? times.fajr.getTime() : null,
    sunrise: validInstant(times.sunrise) ? times.sunrise.getTime() : null,
  };
}

/**
 * The date to give adhan for a local date. adhan takes a UTC day and puts its solar noon at 12 h −
 * longitude / 15 within that day (wrapped into 0–24 h). Where a zone's offset is more than 12 h from
 * its longitude's (Tonga, Samoa and Kiribati's Line Islands keep western longitudes on the east's
 * date; −180° wraps to +180°), that noon is on the next or previous local date, and each Fajr was
 * labelled a day early: the date moves back by that day.
 */
function adhanDateOf(place: Place, localDate: string): string {
  const noonUtcMinutes = ((((12 - place.lng / 15) % 24) + 24) % 24) * 60;
  const noonLocalMinutes = noonUtcMinutes + offsetAt(place.tzName, utcMidnightOf(localDate) + noonUtcMinutes * MINUTE_MS);
  return addDays(localDate, -Math.floor(noonLocalMinutes / 1440));
}

/** adhan's times for the `source` date's sun, moved to `localDate` by whole days (24 h each, so the zone's clock change applies as on any date). */
function sunMovedOn(place: Place, source: string, localDate: string, adhanParams: CalculationParameters): { fajr: number | null; sunrise: number | null } {
  const t = sunOn(place, source, adhanParams);
  const by = utcMidnightOf(localDate) - utcMidnightOf(source);
  return { fajr: t.fajr === null ? null : t.fajr + by, sunrise: t.sunrise === null ? null : t.sunrise + by };
}

/**
 * A perpetual table's times (the same every year): the date's month and day in the table's year, moved
 * to the date by whole days, so the clock the table keeps in standard time is kept and the zone's
 * daylight saving applies as on any date. 29 February, when the table's year has none, lies halfway
 * between its 28 February and 1 March (a perpetual table has a row for it).
 */
function perpetualSunOn(place: Place, localDate: string, adhanParams: CalculationParameters, sunYear: number): { fajr: number | null; sunrise: number | null } {
  const moved = (monthDay: string) => sunMovedOn(place, `${sunYear}-${monthDay}`, localDate, adhanParams);
  const monthDay = localDate.slice(5);
  // utcMidnightOf is NaN for a date that does not exist: 29 February outside leap years.
  if (monthDay !== '02-29' || !Number.isNaN(utcMidnightOf(`${sunYear}-02-29`))) return moved(monthDay);
  const [before, after] = [moved('02-28'), moved('03-01')];
  const half = (a: number | null, b: number | null) => (a === null || b === null ? null : (a + b) / 2);
  return { fajr: half(before.fajr, after.fajr), sunrise: half(before.sunrise, after.sunrise) };
}

/** The zone in which a plan's local dates are counted. */
export function zoneOf(plan: CallPlan): string {
  return plan.place.tzName;
}

/**
 * Epoch ms of a 'YYYY-MM-DD' calendar date's UTC midnight; NaN unless it is a real date. Plain Date
 * arithmetic: luxon's parsing and formatting were a twentieth of the API's CPU on the schedule read.
 */
function utcMidnightOf(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return NaN;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Rejects 2026-02-30 (Date.UTC rolls it over) and years below 100 (Date.UTC maps them to 19xx).
  return isoDateOf(ms) === date ? ms : NaN;
}

/** The last date with a four-digit year ('YYYY-MM-DD' has no room for more). */
const LAST_DATE_MS = Date.UTC(9999, 11, 31);

function isoDateOf(ms: number): string {
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
function isValidZone(zone: string): boolean {
  return zoneFor(zone).isValid;
}

/** The schedule for `days` local dates from `from` (inclusive): one entry per date, saying whether and when to call. */
export function planDays(plan: CallPlan, from: string, days: number): PlannedDay[] {
  const zone = zoneOf(plan);
  if (!isValidZone(zone)) throw new PlanningError(`Unknown time zone: ${zone}`);
  const params = paramsFor(plan.place);
  return localDates(from, days).map((date) => planDay(plan, date, zone, params));
}

/**
 * Planned days by everything that decides them. Users of one city share its coordinates (they come
 * from the city index) and usually its defaults, so a day is computed once per city and setting
 * instead of once per user and request (a 7-day schedule read spent a fifth of its CPU here);
 * bounded, and simply emptied when full. Entries are frozen: callers share them.
 */
const dayCache = new Map<string, PlannedDay>();
const DAY_CACHE_MAX = 50_000;

function planDay(plan: CallPlan, date: string, zone: string, params: MethodParams): PlannedDay {
  const { lat, lng, calcMethod, highLatRule } = plan.place;
  const published = plan.kind === 'home' && plan.published ? plan.published : null;
  const row = published?.days[date];
  const variant =
    plan.kind === 'mosque' ? `m${plan.jamaah[date] ?? '-'}` : published ? `p${plan.offsetMinutes}|${published.label}|${row ? `${row.fajrAt}|${row.sunriseAt}` : '-'}` : `h${plan.offsetMinutes}`;
  const key = `${lat},${lng},${calcMethod},${highLatRule},${params.polar?.name ?? 'None'},${zone},${variant},${date}`;
  let day = dayCache.get(key);
  if (!day) {
    day = Object.freeze(computeDay(plan, date, zone, params));
    if (dayCache.size >= DAY_CACHE_MAX) dayCache.clear();
    dayCache.set(key, day);
  }
  return day;
}

function computeDay(plan: CallPlan, date: string, zone: string, params: MethodParams): PlannedDay {
  if (plan.kind === 'home' && plan.published) return publishedDay(plan.published, plan.place, plan.offsetMinutes, date, zone, params);
  if (plan.kind === 'home') {
    const { fajr, sunrise, convention } = fajrAndSunriseOrConvention(plan.place, date, params);
    const sunriseAt = sunrise ? toIso(sunrise, zone) : null;
    if (!fajr) {
      return { date, status: 'no-fajr', fajrAt: null, sunriseAt, callAt: null, note: 'No Fajr time on this date at this latitude (the sun does not set or rise)' };
    }
    const call = new Date(fajr.getTime() + plan.offsetMinutes * 60_000);
    const day: PlannedDay = { date, status: 'call', fajrAt: toIso(fajr, zone), sunriseAt, callAt: toIso(call, zone) };
    if (!convention) return day;
    return { ...day, convention, note: `The sun does not rise or set here on this date: Fajr and sunrise by your polar-day rule, ${POLAR_CONVENTIONS[convention].label}` };
  }
  // A mosque's jamaah is its own timetable's; its sunrise is shown only where the sun really rises.
  const { sunrise } = fajrAndSunrise(plan.place, date, params);
  const sunriseAt = sunrise ? toIso(sunrise, zone) : null;
  const jamaah = plan.jamaah[date];
  if (!jamaah) {
    return { date, status: 'no-timetable', fajrAt: null, sunriseAt, callAt: null, note: "The mosque's timetable has no Fajr jamaah time for this date" };
  }
  const jamaahAt = new Date(jamaah);
  const call = new Date(jamaahAt.getTime() - MOSQUE_CALL_LEAD_MINUTES * 60_000);
  return { date, status: 'call', fajrAt: toIso(jamaahAt, zone), sunriseAt, callAt: toIso(call, zone) };
}

/**
 * A day of a published timetable: its Fajr exactly (plus the user's call time preference); its
 * sunrise, or the method's where the table lists none. A date the table lacks has no call and says so.
 */
function publishedDay(published: PublishedTimes, place: Place, offsetMinutes: number, date: string, zone: string, params: MethodParams): PlannedDay {
  const row = published.days[date];
  if (!row) {
    return { date, status: 'no-timetable', fajrAt: null, sunriseAt: null, callAt: null, timetable: published.label, note: `${published.label} has no Fajr time for this date, so no call is planned` };
  }
  const fajr = new Date(row.fajrAt);
  const sunrise = row.sunriseAt ? new Date(row.sunriseAt) : fajrAndSunrise(place, date, params).sunrise;
  const call = new Date(fajr.getTime() + offsetMinutes * 60_000);
  return { date, status: 'call', fajrAt: toIso(fajr, zone), sunriseAt: sunrise ? toIso(sunrise, zone) : null, callAt: toIso(call, zone), timetable: published.label };
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

/**
 * The next day to call: the first date after `afterDate` (or any date when null) whose call instant
 * is after `now`; looks ahead `horizonDays`. Null when none in the horizon (polar day, empty timetable).
 */
export function nextCall(plan: CallPlan, now: Date, afterDate: string | null, horizonDays = 60): PlannedDay | null {
  const zone = zoneOf(plan);
  // Start a day before today's local date: a call just after midnight in a zone ahead may still be due.
  let from = addDays(localDateOf(now, zone), -1);
  if (afterDate && afterDate >= from) from = addDays(afterDate, 1);
  for (const day of planDays(plan, from, horizonDays)) {
    if (day.status === 'call' && new Date(day.callAt!).getTime() > now.getTime()) return day;
  }
  return null;
}
