import { DateTime } from 'luxon';
import { zoneFor } from './timezones';

/** One day of a mosque's Fajr jamaah timetable, resolved to an instant in the mosque's zone. */
export interface TimetableRow {
  /** Local date in the mosque's zone, YYYY-MM-DD. */
  localDate: string;
  /** The jamaah instant, ISO with offset. */
  jamaahAt: string;
}

export interface TimetableError {
  /** 1-based line number in the file. */
  line: number;
  message: string;
}

export type TimetableParse = { ok: true; rows: TimetableRow[] } | { ok: false; errors: TimetableError[] };

const HEADER = 'date,jamaah_time';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

/**
 * Parses a timetable CSV (`date,jamaah_time`, local dates and HH:MM in the mosque's zone) into
 * instants. Every bad row is reported with its line number; any error means no rows at all, so an
 * import is all or nothing.
 */
export function parseTimetableCsv(text: string, tzName: string): TimetableParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const errors: TimetableError[] = [];
  const rows: TimetableRow[] = [];
  const seen = new Map<string, number>();
  const header = (lines[0] ?? '')
    .trim()
    .toLowerCase()
    .replace(/\s*,\s*/g, ',');
  if (header !== HEADER) {
    return {
      ok: false,
      errors: [{ line: 1, message: `the header must be "${HEADER}", found "${(lines[0] ?? '').trim()}"` }],
    };
  }
  lines.slice(1).forEach((raw, i) => {
    const line = i + 2;
    const text = raw.trim();
    if (!text) return; // blank lines (a trailing newline) are not rows
    const cells = text.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (cells.length !== 2) {
      errors.push({ line, message: `expected 2 columns (date,jamaah_time), found ${cells.length}` });
      return;
    }
    const [date, time] = cells as [string, string];
    const at = localInstant(date, time, tzName);
    if ('error' in at) {
      errors.push({ line, message: at.error });
      return;
    }
    const earlier = seen.get(date);
    if (earlier !== undefined) {
      errors.push({ line, message: `${date} is listed twice (also on line ${earlier})` });
      return;
    }
    seen.set(date, line);
    rows.push({ localDate: date, jamaahAt: at.iso });
  });
  if (errors.length) return { ok: false, errors };
  if (!rows.length) return { ok: false, errors: [{ line: 1, message: 'the file has no rows' }] };
  return { ok: true, rows };
}

/** HH:MM (24-hour) as hour and minute, or why it is not a time. */
function clockOf(time: string): { hour: number; minute: number } | { error: string } {
  const m = TIME.exec(time);
  const hour = m ? Number(m[1]) : NaN;
  const minute = m ? Number(m[2]) : NaN;
  if (!m || hour > 23 || minute > 59) return { error: `"${time}" is not a time (HH:MM, 00:00 to 23:59)` };
  return { hour, minute };
}

/** A local date and HH:MM in a zone as an ISO instant, or why it is not one (bad date, bad time, skipped by DST). */
export function localInstant(date: string, time: string, tzName: string): { iso: string } | { error: string } {
  const day = DateTime.fromISO(date, { zone: zoneFor(tzName) });
  if (!DATE.test(date) || !day.isValid) return { error: `"${date}" is not a date (YYYY-MM-DD)` };
  const clock = clockOf(time);
  if ('error' in clock) return clock;
  const { hour, minute } = clock;
  const at = day.set({ hour, minute });
  // A local time skipped by a daylight-saving change has no instant; luxon would silently move it.
  if (at.hour !== hour || at.minute !== minute)
    return { error: `${date} ${time} does not exist in ${tzName} (daylight-saving change)` };
  return { iso: at.toISO({ suppressMilliseconds: true })! };
}

/** One date of an authority's published timetable: Fajr and (when the table has it) sunrise as instants. */
export interface PublishedDay {
  localDate: string;
  fajrAt: string;
  sunriseAt: string | null;
}

export type PublishedTimetableParse = { ok: true; rows: PublishedDay[] } | { ok: false; errors: TimetableError[] };

interface PublishedCells {
  line: number;
  date: string;
  fajr: string;
  sunrise: string;
}

/**
 * The rows of a published table's CSV (header naming `date` and `fajr`, maybe `sunrise`) as text, and
 * the rows with the wrong number of columns as errors; or why the file is not a table at all.
 */
function publishedCells(
  text: string,
): { ok: true; cells: PublishedCells[]; errors: TimetableError[] } | { ok: false; errors: TimetableError[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((c) =>
    c
      .trim()
      .toLowerCase()
      .replace(/^"(.*)"$/, '$1'),
  );
  const col = { date: header.indexOf('date'), fajr: header.indexOf('fajr'), sunrise: header.indexOf('sunrise') };
  if (col.date < 0 || col.fajr < 0) {
    return {
      ok: false,
      errors: [
        {
          line: 1,
          message: `the header must name a "date" and a "fajr" column (and may name "sunrise"), found "${(lines[0] ?? '').trim()}"`,
        },
      ],
    };
  }
  const errors: TimetableError[] = [];
  const cells: PublishedCells[] = [];
  lines.slice(1).forEach((raw, i) => {
    const line = i + 2;
    if (!raw.trim()) return;
    const row = raw.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (row.length !== header.length)
      errors.push({ line, message: `expected ${header.length} columns as in the header, found ${row.length}` });
    else
      cells.push({
        line,
        date: row[col.date]!,
        fajr: row[col.fajr]!,
        sunrise: col.sunrise >= 0 ? row[col.sunrise]! : '',
      });
  });
  if (!cells.length && !errors.length) return { ok: false, errors: [{ line: 1, message: 'the file has no rows' }] };
  return { ok: true, cells, errors };
}

/** One row's Fajr and sunrise on a local date as instants (by `at`), or why they are not a day of a timetable. */
function publishedDay(
  localDate: string,
  row: PublishedCells,
  at: (date: string, time: string) => { iso: string } | { error: string },
): PublishedDay | { error: string } {
  const fajr = at(localDate, row.fajr);
  if ('error' in fajr) return fajr;
  const sunrise = row.sunrise ? at(localDate, row.sunrise) : null;
  if (sunrise && 'error' in sunrise) return { error: `sunrise: ${sunrise.error}` };
  if (sunrise && Date.parse(sunrise.iso) <= Date.parse(fajr.iso))
    return { error: `Fajr (${row.fajr}) must be before sunrise (${row.sunrise})` };
  return { localDate, fajrAt: fajr.iso, sunriseAt: sunrise ? sunrise.iso : null };
}

/** Each date's first row; a later one is an error naming both lines. */
function firstOfEach(rows: PublishedCells[], errors: TimetableError[]): PublishedCells[] {
  const seen = new Map<string, number>();
  return rows.filter((r) => {
    const earlier = seen.get(r.date);
    if (earlier !== undefined)
      errors.push({ line: r.line, message: `${r.date} is listed twice (also on line ${earlier})` });
    else seen.set(r.date, r.line);
    return earlier === undefined;
  });
}

const MONTH_DAY = /^(\d{2})-(\d{2})$/;

/**
 * Parses an authority's published timetable: a CSV whose header names a `date` and a `fajr` column
 * and may name `sunrise` (other columns, e.g. dhuhr to isha, are ignored), local dates and HH:MM in
 * the place's zone. As with mosque timetables, any bad row means no rows at all.
 */
export function parsePublishedTimetableCsv(text: string, tzName: string): PublishedTimetableParse {
  const read = publishedCells(text);
  if (!read.ok) return read;
  const errors = [...read.errors];
  const rows: PublishedDay[] = [];
  for (const row of firstOfEach(read.cells, errors)) {
    const day = MONTH_DAY.test(row.date)
      ? { error: `"${row.date}" has no year: a yearless table is laid on years (timetable import --years)` }
      : publishedDay(row.date, row, (date, time) => localInstant(date, time, tzName));
    if ('error' in day) errors.push({ line: row.line, message: day.error });
    else rows.push(day);
  }
  if (errors.length) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  return { ok: true, rows };
}

/** How a yearless table (one row per day of the year, dates `MM-DD`) is laid on real years. */
export interface YearlessLaying {
  fromYear: number;
  toYear: number;
  /** The table's times are the zone's standard time (its lowest offset that year); each date's summer time is added. */
  standardTime: boolean;
}

const WEEK_MS = 7 * 24 * 3600_000;

/** The offsets (minutes) a zone keeps in a year, sampled weekly: one unless it changes its clock. */
function offsetsIn(tzName: string, year: number): number[] {
  const zone = zoneFor(tzName);
  const offsets = new Set<number>();
  for (let ms = Date.UTC(year, 0, 1); ms < Date.UTC(year + 1, 0, 1); ms += WEEK_MS) offsets.add(zone.offset(ms));
  return [...offsets];
}

/** A date and HH:MM at the zone's standard offset (minutes) as an ISO instant in the zone. */
function standardInstant(
  date: string,
  time: string,
  tzName: string,
  standardOffset: number,
): { iso: string } | { error: string } {
  const clock = clockOf(time);
  if ('error' in clock) return clock;
  const { hour, minute } = clock;
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const ms = Date.UTC(y, mo - 1, d, hour, minute) - standardOffset * 60_000;
  return { iso: DateTime.fromMillis(ms, { zone: zoneFor(tzName) }).toISO({ suppressMilliseconds: true })! };
}

/**
 * Parses a yearless published timetable (dates `MM-DD`: a perpetual table, the same every year, as
 * the Rijaset's Takvim or ACJU's) and lays it on each year from `fromYear` to `toYear`. 29 February is
 * laid on leap years only, and a leap year whose table has none lacks that date (the planner reports
 * it; nothing is made up). Where the zone changes its clock, the times must be in standard time: a
 * printed yearless table's summer-time rows fall on other dates in other years.
 */
export function parseYearlessTimetableCsv(
  text: string,
  tzName: string,
  laying: YearlessLaying,
): PublishedTimetableParse {
  const read = publishedCells(text);
  if (!read.ok) return read;
  const years = Array.from({ length: laying.toYear - laying.fromYear + 1 }, (_, i) => laying.fromYear + i);
  const offsets = new Map(years.map((y) => [y, offsetsIn(tzName, y)]));
  if (!laying.standardTime && years.some((y) => offsets.get(y)!.length > 1)) {
    return {
      ok: false,
      errors: [
        {
          line: 1,
          message: `${tzName} changes its clock on dates that move from year to year: give the table's times in standard time (--standard-time)`,
        },
      ],
    };
  }
  const errors = [...read.errors];
  const rows = firstOfEach(read.cells, errors).filter((r) => {
    // Valid in a leap year (2000), so 29 February is a row.
    const valid = MONTH_DAY.test(r.date) && DateTime.fromISO(`2000-${r.date}`).isValid;
    if (!valid)
      errors.push({ line: r.line, message: `"${r.date}" is not a day of the year (MM-DD; the table has no year)` });
    return valid;
  });
  // Standard time is the zone's lowest offset that year (summer time adds to it).
  const at = (date: string, time: string) =>
    laying.standardTime
      ? standardInstant(date, time, tzName, Math.min(...offsets.get(Number(date.slice(0, 4)))!))
      : localInstant(date, time, tzName);
  const days: PublishedDay[] = [];
  for (const row of rows) {
    for (const year of years) {
      const date = `${year}-${row.date}`;
      if (!DateTime.fromISO(date).isValid) continue; // 29 February outside leap years
      const day = publishedDay(date, row, at);
      if ('error' in day) {
        errors.push({ line: row.line, message: day.error });
        break;
      }
      days.push(day);
    }
  }
  if (errors.length) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  return { ok: true, rows: days.sort((a, b) => a.localDate.localeCompare(b.localDate)) };
}
