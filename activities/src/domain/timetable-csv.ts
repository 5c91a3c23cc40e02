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
  const header = (lines[0] ?? '').trim().toLowerCase().replace(/\s*,\s*/g, ',');
  if (header !== HEADER) {
    return { ok: false, errors: [{ line: 1, message: `the header must be "${HEADER}", found "${(lines[0] ?? '').trim()}"` }] };
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

/** A local date and HH:MM in a zone as an ISO instant, or why it is not one (bad date, bad time, skipped by DST). */
function localInstant(date: string, time: string, tzName: string): { iso: string } | { error: string } {
  const day = DateTime.fromISO(date, { zone: zoneFor(tzName) });
  if (!DATE.test(date) || !day.isValid) return { error: `"${date}" is not a date (YYYY-MM-DD)` };
  const m = TIME.exec(time);
  const hour = m ? Number(m[1]) : NaN;
  const minute = m ? Number(m[2]) : NaN;
  if (!m || hour > 23 || minute > 59) return { error: `"${time}" is not a time (HH:MM, 00:00 to 23:59)` };
  const at = day.set({ hour, minute });
  // A local time skipped by a daylight-saving change has no instant; luxon would silently move it.
  if (at.hour !== hour || at.minute !== minute) return { error: `${date} ${time} does not exist in ${tzName} (daylight-saving change)` };
  return { iso: at.toISO({ suppressMilliseconds: true })! };
}

/** One date of an authority's published timetable: Fajr and (when the table has it) sunrise as instants. */
export interface PublishedDay {
  localDate: string;
  fajrAt: string;
  sunriseAt: string | null;
}

export type PublishedTimetableParse = { ok: true; rows: PublishedDay[] } | { ok: false; errors: TimetableError[] };

/**
 * Parses an authority's published timetable: a CSV whose header names a `date` and a `fajr` column
 * and may name `sunrise` (other columns, e.g. dhuhr to isha, are ignored), local dates and HH:MM in
 * the place's zone. As with mosque timetables, any bad row means no rows at all.
 */
export function parsePublishedTimetableCsv(text: string, tzName: string): PublishedTimetableParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((c) => c.trim().toLowerCase().replace(/^"(.*)"$/, '$1'));
  const col = { date: header.indexOf('date'), fajr: header.indexOf('fajr'), sunrise: header.indexOf('sunrise') };
  if (col.date < 0 || col.fajr < 0) {
    return { ok: false, errors: [{ line: 1, message: `the header must name a "date" and a "fajr" column (and may name "sunrise"), found "${(lines[0] ?? '').trim()}"` }] };
  }
  const errors: TimetableError[] = [];
  const rows: PublishedDay[] = [];
  const seen = new Map<string, number>();
  lines.slice(1).forEach((raw, i) => {
    const line = i + 2;
    if (!raw.trim()) return;
    const cells = raw.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (cells.length !== header.length) {
      errors.push({ line, message: `expected ${header.length} columns as in the header, found ${cells.length}` });
      return;
    }
    const date = cells[col.date]!;
    const fajr = localInstant(date, cells[col.fajr]!, tzName);
    if ('error' in fajr) {
      errors.push({ line, message: fajr.error });
      return;
    }
    const sunriseText = col.sunrise >= 0 ? cells[col.sunrise]! : '';
    const sunrise = sunriseText ? localInstant(date, sunriseText, tzName) : null;
    if (sunrise && 'error' in sunrise) {
      errors.push({ line, message: `sunrise: ${sunrise.error}` });
      return;
    }
    if (sunrise && Date.parse(sunrise.iso) <= Date.parse(fajr.iso)) {
      errors.push({ line, message: `Fajr (${cells[col.fajr]}) must be before sunrise (${sunriseText})` });
      return;
    }
    const earlier = seen.get(date);
    if (earlier !== undefined) {
      errors.push({ line, message: `${date} is listed twice (also on line ${earlier})` });
      return;
    }
    seen.set(date, line);
    rows.push({ localDate: date, fajrAt: fajr.iso, sunriseAt: sunrise ? sunrise.iso : null });
  });
  if (errors.length) return { ok: false, errors };
  if (!rows.length) return { ok: false, errors: [{ line: 1, message: 'the file has no rows' }] };
  return { ok: true, rows };
}
