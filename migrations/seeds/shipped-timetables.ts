import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { JAKIM_ZONES } from './jakim-zones';

/**
 * Published tables the product ships (sources and licences: docs/SOURCES.md), one file per authority
 * and year. `days` holds per date from `firstDate` 8 digits, Fajr HHMM then sunrise HHMM, in the
 * table's local wall-clock time; Postgres resolves them in the zone, right across the clock change.
 */
interface ShippedFile {
  authority: string;
  countryCode: string;
  tzName: string;
  firstDate: string;
  source: string;
  tables: { zone?: string; city?: string; lat?: number; lng?: number; days: string }[];
}

export const SHIPPED_TIMETABLE_FILES = ['jakim-2026.json', 'islamiska-forbundet-2026.json'];

const DATA = path.join(__dirname, 'data');

/** A zone's table is named by its code (city_name), placed at the zone's reference point. */
function placeOf(file: ShippedFile, t: ShippedFile['tables'][number]) {
  if (t.zone) {
    const zone = JAKIM_ZONES.find((z) => z.code === t.zone);
    if (!zone) throw new Error(`Shipped table for unknown zone ${t.zone}`);
    return { city_name: zone.code, zone_code: zone.code, lat: zone.lat, lng: zone.lng };
  }
  return { city_name: t.city!, zone_code: null, lat: t.lat!, lng: t.lng! };
}

/**
 * Installs the shipped tables and their days; idempotent and cheap when already installed (a table
 * holding every date of its file is skipped). Days already present are never overwritten: a year an
 * operator imported or the upkeep activated stays as it is.
 */
export async function seedShippedTimetables(knex: Knex, files = SHIPPED_TIMETABLE_FILES): Promise<void> {
  for (const name of files) {
    const file = JSON.parse(await readFile(path.join(DATA, name), 'utf8')) as ShippedFile;
    for (const t of file.tables) await seedTable(knex, file, t);
  }
}

async function seedTable(knex: Knex, file: ShippedFile, t: ShippedFile['tables'][number]): Promise<void> {
  const place = placeOf(file, t);
  const count = t.days.length / 8;
  await knex.transaction(async (trx) => {
    const { rows } = await trx.raw<{ rows: { id: string }[] }>(
      `insert into published_timetables (authority, country_code, city_name, lat, lng, tz_name, source, zone_code, shipped)
       values (?, ?, ?, ?, ?, ?, ?, ?, true)
       on conflict (lower(authority), country_code, lower(city_name))
       do update set zone_code = excluded.zone_code, shipped = true
       returning id`,
      [
        file.authority,
        file.countryCode,
        place.city_name,
        place.lat,
        place.lng,
        file.tzName,
        file.source,
        place.zone_code,
      ],
    );
    const id = rows[0]!.id;
    const last = new Date(Date.parse(`${file.firstDate}T00:00:00Z`) + (count - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const [counted] = await trx('published_timetable_days')
      .where({ timetable_id: id })
      .whereBetween('local_date', [file.firstDate, last])
      .count({ n: '*' });
    if (Number(counted?.n ?? 0) >= count) return;
    const fajr: string[] = [];
    const sunrise: string[] = [];
    for (let i = 0; i < count; i++) {
      const d = t.days.slice(i * 8, i * 8 + 8);
      fajr.push(`${d.slice(0, 2)}:${d.slice(2, 4)}`);
      sunrise.push(`${d.slice(4, 6)}:${d.slice(6, 8)}`);
    }
    await trx.raw(
      `insert into published_timetable_days (timetable_id, local_date, fajr_at, sunrise_at)
       select ?, d.local_date, (d.local_date + f.t::time) at time zone ?, (d.local_date + s.t::time) at time zone ?
         from unnest(?::text[]) with ordinality as f(t, i)
         join unnest(?::text[]) with ordinality as s(t, i) on s.i = f.i
         cross join lateral (select (?::date + (f.i - 1)::int) as local_date) d
       on conflict (timetable_id, local_date) do nothing`,
      [id, file.tzName, file.tzName, fajr, sunrise, file.firstDate],
    );
  });
}
