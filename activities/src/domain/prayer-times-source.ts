import { authorityOf } from './planning/authorities';
import { jakimZoneAt, jakimZoneLabel } from './planning/jakim-zones';
import { localDateOf } from './time/zone-clock';

/**
 * Where a user's Fajr times come from, for the settings' source line (API `prayerTimesSource`):
 * - `timetable`: a published table, exactly ("JAKIM zone PLS01 (Perlis)", "Islamiska förbundet —
 *   published timetable for Göteborg"); `timetableRanOut` once today is past its last date, when the
 *   method gives the times and `message` says so;
 * - `zone`: JAKIM's method at the zone's reference point ("JAKIM zone PLS01 (Perlis)"), for a year no
 *   shipped table covers;
 * - `method`: the method at the user's own city; `mosque`: the mosque's jama'ah; null without a place.
 */
export interface PrayerTimesSource {
  kind: 'timetable' | 'zone' | 'method' | 'mosque';
  label: string;
  /** The authority's zone (JAKIM e-Solat code) the times are for; null where there is none. */
  zoneCode: string | null;
  /** The last date of the published table (kind `timetable`); null otherwise. */
  timetableLastDate: string | null;
  timetableRanOut: boolean;
  /** Set when the table ran out: what the user is told, in English (the web shows it from its catalogue). */
  message: string | null;
}

/** What the source line needs from a stored profile. */
export interface SourceInputs {
  country_code: string | null;
  lat: number | null;
  lng: number | null;
  tz_name: string | null;
  prayer_calc_method: string;
  mosque_id: string | null;
  mosque_name: string | null;
  timetable_label: string | null;
  timetable_last_date: string | null;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "31 December 2026" (English, as the message is; other languages format the date themselves). */
function dayInWords(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
}

/** The English sentence a user whose table ran out is told. */
export function timetableRanOutMessage(label: string, lastDate: string, methodLabel: string): string {
  return `${label} has no times after ${dayInWords(lastDate)}: your Fajr is calculated with ${methodLabel} until the next table is installed`;
}

/** The source of a user's Fajr times; null when they have no place yet. */
export function prayerTimesSourceOf(p: SourceInputs, now: Date): PrayerTimesSource | null {
  if (p.mosque_id) {
    const label = p.mosque_name ?? 'Your mosque';
    return { kind: 'mosque', label, zoneCode: null, timetableLastDate: null, timetableRanOut: false, message: null };
  }
  if (p.lat === null || p.lng === null) return null;
  const zone = p.prayer_calc_method === 'Jakim' ? jakimZoneAt(p.country_code, p.lat, p.lng) : null;
  const methodLabel = authorityOf(p.prayer_calc_method)?.label ?? p.prayer_calc_method;
  if (p.timetable_label) {
    const last = p.timetable_last_date;
    const ranOut = last === null || localDateOf(now, p.tz_name ?? 'UTC') > last;
    return {
      kind: 'timetable',
      label: p.timetable_label,
      zoneCode: zone?.code ?? null,
      timetableLastDate: last,
      timetableRanOut: ranOut,
      message: ranOut && last ? timetableRanOutMessage(p.timetable_label, last, methodLabel) : null,
    };
  }
  if (zone)
    return {
      kind: 'zone',
      label: jakimZoneLabel(zone),
      zoneCode: zone.code,
      timetableLastDate: null,
      timetableRanOut: false,
      message: null,
    };
  return {
    kind: 'method',
    label: methodLabel,
    zoneCode: null,
    timetableLastDate: null,
    timetableRanOut: false,
    message: null,
  };
}
