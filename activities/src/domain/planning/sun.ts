import { CalculationParameters, Coordinates, PrayerTimes } from 'adhan';
import { addDays, DAY_MS, isoDateOf, MINUTE_MS, offsetAt, utcMidnightOf } from '../time/zone-clock';
import { type MinuteRounding } from './authorities';
import { paramsFor, type MethodParams } from './method-params';
import type { PolarConventionUsed } from './rules';
import { type Place } from './types';

/**
 * The day's sun: Fajr and sunrise for a local date at a place, as the authority's published timetable
 * gives them (its year, its day count, its rounding), and on dates the sun gives none, the place's
 * polar convention.
 */

function validInstant(d: Date): boolean {
  return d instanceof Date && !Number.isNaN(d.getTime());
}

/** A published timetable's minute: nearest, the next whole minute (as adhan's and MUIS's "up"), or the minute begun. */
function toMinute(ms: number, how: MinuteRounding): number {
  if (how === 'up') return Math.floor(ms / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  if (how === 'down') return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
  return Math.round(ms / MINUTE_MS) * MINUTE_MS;
}

/** Fajr and sunrise for one local date at a place; null where the sun gives none (polar day/night). */
export function fajrAndSunrise(
  place: Place,
  localDate: string,
  params: MethodParams = paramsFor(place),
): { fajr: Date | null; sunrise: Date | null } {
  const { fajr, sunrise } = computeFajrAndSunrise(place, localDate, params.adhan, params);
  return { fajr: fajr === null ? null : new Date(fajr), sunrise: sunrise === null ? null : new Date(sunrise) };
}

/**
 * As fajrAndSunrise, but on a date the method gives no Fajr or no sunrise, the times of the place's
 * polar convention, named in `convention` (never silently: the schedule says which rule gave them).
 */
export function fajrAndSunriseOrConvention(
  place: Place,
  localDate: string,
  params: MethodParams,
): { fajr: Date | null; sunrise: Date | null; convention?: PolarConventionUsed } {
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
function ownResolution(
  place: Place,
  localDate: string,
  params: MethodParams,
  convention: PolarConventionUsed,
): { fajr: number; sunrise: number } | null {
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

function computeFajrAndSunrise(
  place: Place,
  localDate: string,
  adhanParams: CalculationParameters,
  params: MethodParams,
): { fajr: number | null; sunrise: number | null } {
  const month = Number(localDate.slice(5, 7));
  const exact =
    params.sunYear !== null
      ? perpetualSunOn(place, localDate, adhanParams, params.sunYear)
      : params.nextDaysSunInMonths.includes(month)
        ? sunMovedOn(place, addDays(localDate, 1), localDate, adhanParams)
        : sunOn(place, localDate, adhanParams);
  const sunriseShift = params.sunriseShiftInMonths.months.includes(month) ? params.sunriseShiftInMonths.ms : 0;
  // Rounded to the minute as the authority's published timetable rounds it (adhan rounds nothing here).
  const sunrise = exact.sunrise === null ? null : toMinute(exact.sunrise + sunriseShift, params.rounding.sunrise);
  let fajr = exact.fajr === null ? null : toMinute(exact.fajr, params.rounding.fajr);
  // No Fajr from the sun but a sunrise: a white night, where an authority with its own rule prints Fajr a fixed interval before its sunrise.
  if (fajr === null && sunrise !== null && params.fajrBeforeSunriseMs !== null)
    fajr = sunrise - params.fajrBeforeSunriseMs;
  // With no sunrise the night has no end, so a "Fajr" derived from it is not real. Nor is one at or after
  // the sunrise shown: on the shortest nights by a high-latitude rule (a seventh of a 20-minute night is
  // 3 minutes) an authority's early sunrise (the League's 4 minutes) leaves no time for Fajr that date.
  return { fajr: sunrise !== null && fajr !== null && fajr < sunrise ? fajr : null, sunrise };
}

/** adhan's Fajr and sunrise (epoch ms, unrounded) for a local date; null where the sun gives none. */
function sunOn(
  place: Place,
  localDate: string,
  adhanParams: CalculationParameters,
): { fajr: number | null; sunrise: number | null } {
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
  const noonLocalMinutes =
    noonUtcMinutes + offsetAt(place.tzName, utcMidnightOf(localDate) + noonUtcMinutes * MINUTE_MS);
  return addDays(localDate, -Math.floor(noonLocalMinutes / 1440));
}

/** adhan's times for the `source` date's sun, moved to `localDate` by whole days (24 h each, so the zone's clock change applies as on any date). */
function sunMovedOn(
  place: Place,
  source: string,
  localDate: string,
  adhanParams: CalculationParameters,
): { fajr: number | null; sunrise: number | null } {
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
function perpetualSunOn(
  place: Place,
  localDate: string,
  adhanParams: CalculationParameters,
  sunYear: number,
): { fajr: number | null; sunrise: number | null } {
  const moved = (monthDay: string) => sunMovedOn(place, `${sunYear}-${monthDay}`, localDate, adhanParams);
  const monthDay = localDate.slice(5);
  // utcMidnightOf is NaN for a date that does not exist: 29 February outside leap years.
  if (monthDay !== '02-29' || !Number.isNaN(utcMidnightOf(`${sunYear}-02-29`))) return moved(monthDay);
  const [before, after] = [moved('02-28'), moved('03-01')];
  const half = (a: number | null, b: number | null) => (a === null || b === null ? null : (a + b) / 2);
  return { fajr: half(before.fajr, after.fajr), sunrise: half(before.sunrise, after.sunrise) };
}
