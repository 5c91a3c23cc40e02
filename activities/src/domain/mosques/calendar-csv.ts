import { DateTime } from 'luxon';
import type { Place } from '../planning/types';
import { zoneFor } from '../timezones';
import { impossibleTime } from './jamaah-rules';

/**
 * A calendar a mosque uploads (issue 46): `date,jamaah` or `date,fajr,jamaah` (Fajr begins as the mosque
 * prints it), HH:MM in the mosque's zone; or the common monthly layout typed in winter time all year, to
 * which the product adds summer time. Validated whole: every bad row is named, and any error means none.
 */
export interface CalendarDay {
  localDate: string;
  jamaahAt: string;
  fajrAt: string | null;
}
export type CalendarParse =
  { ok: true; days: CalendarDay[] } | { ok: false; errors: { line: number; message: string }[] };

export const CALENDAR_MAX_ROWS = 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const HEADERS: Record<string, string> = {
  jamaah_time: 'jamaah',
  jamaah: 'jamaah',
  fajr: 'fajr',
  fajr_begins: 'fajr',
  date: 'date',
};

/** The instant of HH:MM on a date: in the zone's clock, or (winter time) at the zone's standard offset all year. */
function instant(date: string, time: string, zone: string, winterTime: boolean): string | null {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const tz = zoneFor(zone);
  if (!winterTime) {
    const at = DateTime.fromISO(date, { zone: tz }).set({ hour: h, minute: m });
    return at.isValid && at.hour === h && at.minute === m ? at.toISO({ suppressMilliseconds: true }) : null;
  }
  const year = Number(date.slice(0, 4));
  const standard = Math.min(tz.offset(Date.UTC(year, 0, 1)), tz.offset(Date.UTC(year, 6, 1)));
  const utc = Date.parse(`${date}T${time.padStart(5, '0')}:00Z`) - standard * 60_000;
  return DateTime.fromMillis(utc, { zone: tz }).toISO({ suppressMilliseconds: true });
}

export function parseCalendarCsv(text: string, place: Place, winterTime = false): CalendarParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const columns = (lines[0] ?? '').split(',').map((c) => HEADERS[c.trim().toLowerCase()] ?? '?');
  if (columns[0] !== 'date' || !columns.includes('jamaah') || columns.includes('?') || columns.length > 3)
    return { ok: false, errors: [{ line: 1, message: 'the header must be "date,jamaah" or "date,fajr,jamaah"' }] };
  const rows = lines
    .slice(1)
    .map((raw, i) => ({ line: i + 2, text: raw.trim() }))
    .filter((r) => r.text);
  if (rows.length > CALENDAR_MAX_ROWS)
    return { ok: false, errors: [{ line: 1, message: `at most ${CALENDAR_MAX_ROWS} rows (found ${rows.length})` }] };
  if (!rows.length) return { ok: false, errors: [{ line: 1, message: 'the file has no rows' }] };
  const errors: { line: number; message: string }[] = [];
  const days: CalendarDay[] = [];
  const seen = new Set<string>();
  for (const { line, text: row } of rows) {
    const cells = row.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    const bad = (message: string) => errors.push({ line, message });
    // A cell a spreadsheet would run (=, +, -, @): refused, never stored to be opened by someone later.
    if (cells.some((c) => /^[=+\-@]/.test(c))) {
      bad('a cell starts with =, +, - or @ (a spreadsheet formula)');
      continue;
    }
    if (cells.length !== columns.length) {
      bad(`expected ${columns.length} columns, found ${cells.length}`);
      continue;
    }
    const cell = (name: string) => cells[columns.indexOf(name)]!;
    const date = cell('date');
    if (!DATE.test(date) || !DateTime.fromISO(date).isValid) {
      bad(`"${date}" is not a date (YYYY-MM-DD)`);
      continue;
    }
    if (seen.has(date)) {
      bad(`${date} is listed twice`);
      continue;
    }
    seen.add(date);
    const times = columns.filter((c) => c !== 'date').map((c) => [c, cell(c)] as const);
    const wrong = times.find(([, t]) => !TIME.test(t));
    if (wrong) {
      bad(`"${wrong[1]}" is not a time (HH:MM)`);
      continue;
    }
    const jamaahAt = instant(date, cell('jamaah'), place.tzName, winterTime);
    const fajrAt = columns.includes('fajr') ? instant(date, cell('fajr'), place.tzName, winterTime) : null;
    if (!jamaahAt) {
      bad(`${date} ${cell('jamaah')} does not exist in ${place.tzName} (daylight-saving change)`);
      continue;
    }
    const impossible = impossibleTime(place, date, jamaahAt);
    if (impossible) {
      bad(`the jama'ah ${cell('jamaah')} is ${impossible}`);
      continue;
    }
    days.push({ localDate: date, jamaahAt, fajrAt });
  }
  return errors.length
    ? { ok: false, errors }
    : { ok: true, days: days.sort((a, b) => (a.localDate < b.localDate ? -1 : 1)) };
}
