// npm run ops -- timetable …: authorities' published timetables, offered to users of their city instead of a method.
import { searchCities } from '@fajr/activities/domain/cities';
import { localDates } from '@fajr/activities/domain/planning';
import { resolveZone } from '@fajr/activities/domain/timezones';
import {
  parsePublishedTimetableCsv,
  parseYearlessTimetableCsv,
  type YearlessLaying,
} from '@fajr/activities/domain/timetable-csv';
import {
  importPublishedTimetable,
  listPublishedTimetables,
  publishedTimetableLabel,
} from '@fajr/activities/repositories/published-timetables.repository';
import { badRows, country, mosqueOptions, number, parse, readCsv, text, warnIfZoneFar, zone } from '../options';
import { OpsError, printTable, type OpsIo, type ReadFile } from '../output';
import type { OpsCommand } from './command';
import { timetableUpdateCommands } from './timetable-updates';

/** The place a timetable is for: given coordinates, else the cities list's city of that exact name in that country. */
function timetablePlace(
  io: OpsIo,
  values: { country?: string; city?: string; lat?: string; lng?: string; tz?: string },
) {
  const countryCode = country(values.country)!;
  const cityName = text('city', values.city, 100)!;
  const lat = number('lat', values.lat, -90, 90);
  const lng = number('lng', values.lng, -180, 180);
  const tz = zone(values.tz);
  if ((lat === undefined) !== (lng === undefined))
    throw new OpsError('Give --lat and --lng together (or neither: the place then comes from the cities list)', 2);
  if (lat !== undefined && lng !== undefined) {
    if (tz) warnIfZoneFar(io, lat, lng, tz);
    return { countryCode, cityName, lat, lng, tzName: tz ?? resolveZone(lat, lng) };
  }
  // Users pick their city from the same list, so the table is offered under exactly this name.
  const city = searchCities(cityName, countryCode, 20).find((c) => c.name.toLowerCase() === cityName.toLowerCase());
  if (!city)
    throw new OpsError(
      `No city "${cityName}" in ${countryCode} in the cities list; give its exact name as users see it, or --lat and --lng`,
    );
  return { countryCode, cityName: city.name, lat: city.lat, lng: city.lng, tzName: tz ?? city.tzName };
}

async function timetableImport(io: OpsIo, args: string[], read: ReadFile) {
  const { country, city, lat, lng, tz } = mosqueOptions;
  const { values, positionals } = parse(args, {
    authority: { type: 'string' },
    source: { type: 'string' },
    years: { type: 'string' },
    'standard-time': { type: 'boolean' },
    country,
    city,
    lat,
    lng,
    tz,
  });
  const usage =
    'Usage: timetable import --authority <name> --country <CC> --city <city> [--lat ..] [--lng ..] [--tz ..] [--source ..] [--years <from>-<to> [--standard-time]] <file.csv>';
  if (positionals.length !== 1) throw new OpsError(usage, 2);
  const missing = (['authority', 'country', 'city'] as const).filter((k) => values[k] === undefined);
  if (missing.length) throw new OpsError(`Missing ${missing.map((k) => `--${k}`).join(', ')}\n${usage}`, 2);
  const authority = text('authority', values.authority, 200)!;
  const source = text('source', values.source, 1000) ?? null;
  const place = timetablePlace(io, values);
  const file = positionals[0]!;
  const laying = yearlessLaying(values.years, values['standard-time']);
  const csv = await readCsv(read, file);
  const parsed = laying
    ? parseYearlessTimetableCsv(csv, place.tzName, laying)
    : parsePublishedTimetableCsv(csv, place.tzName);
  if (!parsed.ok) throw badRows(file, parsed.errors);
  const { timetable, created, inserted, updated } = await importPublishedTimetable(
    io.db,
    { authority, ...place, source },
    parsed.rows,
  );
  const dates = parsed.rows.map((r) => r.localDate).sort();
  io.out(
    `${created ? 'Created' : 'Updated'} timetable ${timetable.id} (${publishedTimetableLabel(timetable)}, ${timetable.countryCode}, ${timetable.tzName}): ` +
      `${parsed.rows.length} day(s) from ${dates[0]} to ${dates[dates.length - 1]}, ${inserted} new, ${updated} replaced` +
      (laying ? unlaid(laying, new Set(dates)) : ''),
  );
}

/** The dates of a yearless table's years it has no row for (a 29 February, a day left out): its users get no call on them. */
function unlaid(laying: YearlessLaying, laid: Set<string>): string {
  const from = `${laying.fromYear}-01-01`;
  const days = (Date.UTC(laying.toYear + 1, 0, 1) - Date.UTC(laying.fromYear, 0, 1)) / 86_400_000;
  const missing = localDates(from, days).filter((d) => !laid.has(d));
  const standard = laying.standardTime ? ' (standard time, summer time added)' : '';
  if (!missing.length)
    return `; the yearless table laid on every date of ${laying.fromYear}–${laying.toYear}${standard}`;
  return `; the yearless table laid on ${laying.fromYear}–${laying.toYear}${standard}, not on ${missing.length} date(s) it has no row for: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`;
}

/** --years <from>-<to> (or one year) and --standard-time: how a yearless table is laid on years; none for a dated table. */
function yearlessLaying(years: string | undefined, standardTime: boolean | undefined): YearlessLaying | undefined {
  if (years === undefined) {
    if (standardTime) throw new OpsError('--standard-time is for a yearless table: give --years too', 2);
    return undefined;
  }
  const m = /^\s*(\d{4})\s*(?:-\s*(\d{4}))?\s*$/.exec(years);
  const [fromYear, toYear] = m ? [Number(m[1]), Number(m[2] ?? m[1])] : [NaN, NaN];
  if (!m || fromYear < 1970 || toYear < fromYear || toYear - fromYear >= 30) {
    throw new OpsError(`--years must be a year or <from>-<to>, at most 30 years from 1970 on, got "${years}"`, 2);
  }
  return { fromYear, toYear, standardTime: standardTime ?? false };
}

async function timetableList(io: OpsIo, args: string[]) {
  parse(args, {});
  const rows = await listPublishedTimetables(io.db);
  printTable(
    io,
    rows.map((t) => ({
      id: t.id,
      authority: t.authority,
      city: t.cityName,
      country: t.countryCode,
      tz: t.tzName,
      days: t.days,
      from: t.firstDate ?? '',
      until: t.lastDate ?? '',
    })),
    'No published timetables.',
  );
}

/** The timetable commands, in the order the usage lists them. */
export const timetableCommands: OpsCommand[] = [
  {
    name: 'timetable list',
    usage: ['timetable list'],
    help: [
      "Authorities' published timetables (offered to users of their city instead of a method), with their coverage.",
    ],
    run: timetableList,
  },
  {
    name: 'timetable import',
    usage: [
      'timetable import --authority <name> --country <CC> --city <city> [--lat <deg> --lng <deg>] [--tz <IANA zone>] [--source <url, date>]',
    ],
    help: [
      '             [--years <from>-<to> [--standard-time]] <file.csv>',
      "Imports an authority's published timetable for a place (for authorities that publish tables, not",
      'a method: Islamiska förbundet, many northern cities). The CSV\'s header names "date" and "fajr"',
      'and may name "sunrise" (other columns are ignored); local dates YYYY-MM-DD and times HH:MM in the',
      "place's zone. It is offered to users whose city has that name in that country; the place comes",
      'from the cities list unless --lat and --lng are given. Existing days are replaced; any bad row',
      'aborts the whole import. On dates it does not list its users are called by the method (and told).',
      'A yearless (perpetual) table has dates MM-DD and is laid on each of --years (at most 30; 29',
      'February on leap years only). Where the zone changes its clock its times must be in standard',
      "time (--standard-time: each date's summer time is added), as such tables are printed.",
    ],
    run: timetableImport,
  },
  ...timetableUpdateCommands,
];
