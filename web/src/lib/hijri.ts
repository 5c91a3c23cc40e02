import { i18n } from '../i18n/i18n';
import { formatNumber } from './numbers';

/** The adjustments a person can make to the Umm al-Qura date (moon-sighting communities start months a day or two apart). */
export const HIJRI_OFFSETS = [-2, -1, 0, 1, 2] as const;
export type HijriOffset = (typeof HIJRI_OFFSETS)[number];

/** A Hijri calendar date: month 1 is Muharram, 9 Ramadan, 12 Dhu al-Hijjah. */
export interface HijriDate {
  year: number;
  month: number;
  day: number;
}

/** Where the Umm al-Qura arithmetic comes from: the runtime's Intl, or the library's tables. */
export type HijriEngine = 'intl' | 'table';

const UMALQURA = 'islamic-umalqura';

/**
 * Whether this runtime's Intl knows the Umm al-Qura calendar. Some Android webviews ship a cut ICU
 * that quietly answers in the Gregorian (or the civil Islamic) calendar instead: resolvedOptions says so.
 */
export function intlHasUmalqura(): boolean {
  try {
    return new Intl.DateTimeFormat('en', { calendar: UMALQURA }).resolvedOptions().calendar === UMALQURA;
  } catch {
    return false;
  }
}

/** The Gregorian calendar date 'YYYY-MM-DD' moved by `days`, at noon UTC (never shifted a day by a zone). */
const noonShifted = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000);

function viaIntl(day: Date): HijriDate {
  const parts = new Intl.DateTimeFormat('en-u-nu-latn', {
    calendar: UMALQURA,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(day);
  const num = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: num('year'), month: num('month'), day: num('day') };
}

type Tables = typeof import('@tabby_ai/hijri-converter');
let tables: Tables | null = null;

/** Loads the library's tables, a chunk of their own: most runtimes never need them (bench:web). */
export async function loadHijriTables(): Promise<void> {
  tables ??= await import('@tabby_ai/hijri-converter');
}

/** Before the first render (main.tsx): the tables where Intl lacks the calendar, nothing elsewhere. */
export function prepareHijri(): Promise<void> {
  return intlHasUmalqura() ? Promise.resolve() : loadHijriTables().catch(() => undefined);
}

function viaTable(day: Date): HijriDate {
  // Not loaded (the chunk failed): no Hijri date is shown, never a wrong one.
  if (!tables) throw new Error('The Hijri tables are not loaded');
  return tables.gregorianToHijri({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() });
}

/**
 * The Umm al-Qura date of a Gregorian calendar date 'YYYY-MM-DD', moved by the person's adjustment
 * (−2…+2 days: +1 shows the date a day later than Umm al-Qura does). From Intl where the runtime has the
 * calendar, else from @tabby_ai/hijri-converter's tables (docs/DECISIONS.md); null outside both's range.
 */
export function hijriDate(date: string, offset = 0, engine: HijriEngine = intlHasUmalqura() ? 'intl' : 'table') {
  const day = noonShifted(date, clampOffset(offset));
  try {
    const h = engine === 'intl' ? viaIntl(day) : viaTable(day);
    return Number.isFinite(h.year) && Number.isFinite(h.month) && Number.isFinite(h.day) ? h : null;
  } catch {
    // The tables cover 1343–1500 AH (1924–2077): a date beyond them shows no Hijri date, never an error.
    return null;
  }
}

/**
 * A Gregorian calendar date's Hijri date as the shown language writes it: '12 Jumada II 1448 AH',
 * '١٢ جمادى الآخرة ١٤٤٨ هـ', '১২ জমাদিউস সানি ১৪৪৮ হিজরি'; the short form without the era ('12 Jumada II
 * 1448') where room is scarce. The month names and the form are the catalogue's (the same whichever
 * engine counted the days); null when the date is out of range.
 */
export function formatHijri(
  date: string,
  offset = 0,
  { engine, short = false }: { engine?: HijriEngine; short?: boolean } = {},
): string | null {
  const h = hijriDate(date, offset, engine);
  if (!h) return null;
  return i18n.t(short ? 'hijri.dateShort' : 'hijri.date', {
    ns: 'schedule',
    day: formatNumber(h.day),
    month: i18n.t(`hijri.months.m${h.month}`, { ns: 'schedule' }),
    year: formatNumber(h.year),
  });
}

/** An adjustment kept within −2…+2 (an old or edited value never moves the date further). */
export function clampOffset(offset: number | null | undefined): HijriOffset {
  const n = Math.round(Number(offset ?? 0));
  return (Number.isFinite(n) ? Math.max(-2, Math.min(2, n)) : 0) as HijriOffset;
}
