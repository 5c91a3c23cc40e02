// npm run ops -- mosque …: the mosques offered to users and their Fajr jamaah timetables.
import type { Knex } from 'knex';
import { resolveZone, sameWallClock } from '@fajr/activities/domain/timezones';
import { parseTimetableCsv } from '@fajr/activities/domain/timetable-csv';
import {
  findMosques,
  insertMosque,
  listMosques,
  updateMosque,
  upsertMosqueTimetable,
  type Mosque,
  type MosqueFields,
} from '@fajr/activities/repositories/mosques.repository';
import { active, badRows, country, mosqueOptions, number, parse, readCsv, text, warnIfZoneFar, zone } from '../options';
import { OpsError, printTable, type OpsIo, type ReadFile } from '../output';
import type { OpsCommand } from './command';

/** The one mosque an id or exact name (case-insensitive) names; ambiguity is an error listing the candidates. */
export async function oneMosque(db: Knex, idOrName: string | undefined): Promise<Mosque> {
  if (!idOrName) throw new OpsError('Name the mosque by its id or name', 2);
  const found = await findMosques(db, idOrName);
  if (!found.length) throw new OpsError(`No mosque "${idOrName}" (see \`npm run ops -- mosque list --all\`)`);
  if (found.length > 1) {
    throw new OpsError(
      `"${idOrName}" names ${found.length} mosques; use an id:\n${found.map((m) => `  ${m.id}  ${m.name}, ${m.cityName}`).join('\n')}`,
    );
  }
  return found[0]!;
}

async function mosqueAdd(io: OpsIo, args: string[]) {
  const { values, positionals } = parse(args, mosqueOptions);
  if (positionals.length) throw new OpsError(`Unexpected argument: ${positionals[0]}`, 2);
  const missing = (['name', 'address', 'city', 'country', 'lat', 'lng'] as const).filter(
    (k) => values[k] === undefined,
  );
  if (missing.length) throw new OpsError(`Missing ${missing.map((k) => `--${k}`).join(', ')}`, 2);
  const lat = number('lat', values.lat, -90, 90)!;
  const lng = number('lng', values.lng, -180, 180)!;
  const tz = zone(values.tz);
  if (tz) warnIfZoneFar(io, lat, lng, tz);
  const fields: MosqueFields = {
    name: text('name', values.name, 200)!,
    address: text('address', values.address)!,
    cityName: text('city', values.city, 100)!,
    countryCode: country(values.country)!,
    lat,
    lng,
    tzName: tz ?? resolveZone(lat, lng),
    isActive: values.active === undefined ? true : active(values.active),
  };
  const duplicate = await io
    .db('mosques')
    .whereRaw('lower(name) = lower(?) and lower(city_name) = lower(?)', [fields.name, fields.cityName])
    .first('id');
  if (duplicate)
    throw new OpsError(
      `A mosque named "${fields.name}" in ${fields.cityName} exists already: ${duplicate.id} (use \`mosque update\`)`,
    );
  const m = await insertMosque(io.db, fields);
  io.out(`Added mosque ${m.id}: ${m.name}, ${m.cityName} ${m.countryCode} (${m.tzName})`);
  io.out(`Next: npm run ops -- mosque import-timetable ${m.id} <file.csv>`);
}

async function mosqueUpdate(io: OpsIo, args: string[]) {
  const { values, positionals } = parse(args, mosqueOptions);
  if (positionals.length !== 1)
    throw new OpsError('Usage: mosque update <mosque-id-or-name> [--name ..] [--lat ..] …', 2);
  const mosque = await oneMosque(io.db, positionals[0]);
  const changes: Partial<MosqueFields> = {
    name: text('name', values.name, 200),
    address: text('address', values.address),
    cityName: text('city', values.city, 100),
    countryCode: country(values.country),
    lat: number('lat', values.lat, -90, 90),
    lng: number('lng', values.lng, -180, 180),
    tzName: zone(values.tz),
    isActive: values.active === undefined ? undefined : active(values.active),
  };
  const lat = changes.lat ?? mosque.lat;
  const lng = changes.lng ?? mosque.lng;
  if (!changes.tzName && (changes.lat !== undefined || changes.lng !== undefined))
    changes.tzName = resolveZone(lat, lng, mosque.tzName);
  if (changes.tzName && values.tz) warnIfZoneFar(io, lat, lng, changes.tzName);
  if (Object.values(changes).every((v) => v === undefined))
    throw new OpsError('Nothing to change: give at least one option', 2);
  const updated = await io.db.transaction(async (trx) => {
    const row = await updateMosque(trx, mosque.id, changes);
    if (changes.tzName && changes.tzName !== mosque.tzName) {
      // The timetable holds local times: keep them, and recompute their instants in the new zone
      // (with the server's zone data, not Postgres's AT TIME ZONE, whose data is older: Casablanca).
      const days: { local_date: string; jamaah_at: Date }[] = await trx('mosque_fajr_times')
        .where({ mosque_id: mosque.id })
        .select('local_date', 'jamaah_at');
      const from = mosque.tzName;
      const to = changes.tzName;
      await upsertMosqueTimetable(
        trx,
        mosque.id,
        days.map((d) => ({ localDate: d.local_date, jamaahAt: sameWallClock(d.jamaah_at, from, to) })),
      );
    }
    return row;
  });
  io.out(
    `Updated mosque ${updated!.id}: ${updated!.name}, ${updated!.cityName} ${updated!.countryCode} (${updated!.tzName})${updated!.isActive ? '' : ' [inactive]'}`,
  );
}

async function mosqueList(io: OpsIo, args: string[]) {
  const { values } = parse(args, { all: { type: 'boolean' } });
  const rows = (await listMosques(io.db)).filter((m) => values.all || m.isActive);
  printTable(
    io,
    rows.map((m) => ({
      id: m.id,
      name: m.name,
      city: m.cityName,
      country: m.countryCode,
      tz: m.tzName,
      active: m.isActive ? 'yes' : 'no',
      days: m.timetableDays,
      until: m.lastDate ?? '',
    })),
    'No mosques.',
  );
}

async function mosqueImport(io: OpsIo, args: string[], read: ReadFile) {
  const { positionals } = parse(args, {});
  if (positionals.length !== 2) throw new OpsError('Usage: mosque import-timetable <mosque-id-or-name> <file.csv>', 2);
  const mosque = await oneMosque(io.db, positionals[0]);
  const parsed = parseTimetableCsv(await readCsv(read, positionals[1]!), mosque.tzName);
  if (!parsed.ok) throw badRows(positionals[1]!, parsed.errors);
  const { inserted, updated } = await upsertMosqueTimetable(io.db, mosque.id, parsed.rows);
  const dates = parsed.rows.map((r) => r.localDate).sort();
  io.out(
    `Imported ${parsed.rows.length} day(s) for ${mosque.name} (${dates[0]} to ${dates[dates.length - 1]}, ${mosque.tzName}): ${inserted} new, ${updated} replaced`,
  );
}

/** The mosque commands, in the order the usage lists them. */
export const mosqueCommands: OpsCommand[] = [
  {
    name: 'mosque list',
    usage: ['mosque list [--all]'],
    help: ['Mosques offered to users (--all: inactive ones too), with their timetable coverage.'],
    run: mosqueList,
  },
  {
    name: 'mosque add',
    usage: [
      'mosque add --name <name> --address <address> --city <city> --country <CC> --lat <deg> --lng <deg> [--tz <IANA zone>]',
    ],
    help: ['Adds a mosque. The time zone is derived from the coordinates when --tz is omitted.'],
    run: mosqueAdd,
  },
  {
    name: 'mosque update',
    usage: [
      'mosque update <mosque-id-or-name> [--name ..] [--address ..] [--city ..] [--country CC] [--lat ..] [--lng ..] [--tz ..] [--active true|false]',
    ],
    help: [
      'Changes a mosque. New coordinates without --tz re-derive the zone; a new zone keeps the',
      "timetable's local times (its instants are recomputed in the new zone).",
    ],
    run: mosqueUpdate,
  },
  {
    name: 'mosque import-timetable',
    usage: ['mosque import-timetable <mosque-id-or-name> <file.csv>'],
    help: [
      'Imports Fajr jamaah times: a CSV with the header "date,jamaah_time", local dates YYYY-MM-DD and',
      "times HH:MM in the mosque's zone. Existing days are replaced. Any bad row aborts the whole import.",
    ],
    run: mosqueImport,
  },
];
