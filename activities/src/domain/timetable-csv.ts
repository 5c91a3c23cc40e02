import { DateTime } from 'luxon';

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
    const day = DateTime.fromISO(date, { zone: tzName });
    if (!DATE.test(date) || !day.isValid) {
      errors.push({ line, message: `"${date}" is not a date (YYYY-MM-DD)` });
      return;
    }
    const m = TIME.exec(time);
    const hour = m ? Number(m[1]) : NaN;
    const minute = m ? Number(m[2]) : NaN;
    if (!m || hour > 23 || minute > 59) {
      errors.push({ line, message: `"${time}" is not a time (HH:MM, 00:00 to 23:59)` });
      return;
    }
    const at = day.set({ hour, minute });
    // A local time skipped by a daylight-saving change has no instant; luxon would silently move it.
    if (at.hour !== hour || at.minute !== minute) {
      errors.push({ line, message: `${date} ${time} does not exist in ${tzName} (daylight-saving change)` });
      return;
    }
    const earlier = seen.get(date);
    if (earlier !== undefined) {
      errors.push({ line, message: `${date} is listed twice (also on line ${earlier})` });
      return;
    }
    seen.set(date, line);
    rows.push({ localDate: date, jamaahAt: at.toISO({ suppressMilliseconds: true })! });
  });
  if (errors.length) return { ok: false, errors };
  if (!rows.length) return { ok: false, errors: [{ line: 1, message: 'the file has no rows' }] };
  return { ok: true, rows };
}
