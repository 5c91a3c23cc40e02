// A published timetable for Stockholm (Islamiska förbundet's), imported straight into a test database.
import type { Knex } from '@fajr/activities';
import { parsePublishedTimetableCsv } from '@fajr/activities/domain/timetable-csv';
import { importPublishedTimetable } from '@fajr/activities/repositories/published-timetables.repository';

/** Stockholm as Islamiska förbundet's published table covers it. */
export const STOCKHOLM_TIMETABLE_PLACE = {
  authority: 'Islamiska förbundet',
  countryCode: 'SE',
  cityName: 'Stockholm',
  lat: 59.32938,
  lng: 18.06871,
  tzName: 'Europe/Stockholm',
  source: 'https://www.islamiskaforbundet.se/bonetider/',
};

/** Parses `csv` (date,fajr,sunrise in Stockholm's local time) and imports it; throws if it does not parse. */
export async function importStockholmTimetable(
  db: Knex,
  csv: string,
): Promise<Awaited<ReturnType<typeof importPublishedTimetable>>> {
  const parsed = parsePublishedTimetableCsv(csv, STOCKHOLM_TIMETABLE_PLACE.tzName);
  if (!parsed.ok) throw new Error('the timetable fixture does not parse');
  return importPublishedTimetable(db, STOCKHOLM_TIMETABLE_PLACE, parsed.rows);
}
