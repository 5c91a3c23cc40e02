import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';

export const seedMosques = [
  {
    name: 'East London Mosque',
    address: '82-92 Whitechapel Road, London E1 1JQ, United Kingdom',
    country_code: 'GB',
    city_name: 'London',
    lat: 51.5175,
    lng: -0.0653,
    tz_name: 'Europe/London',
  },
  {
    name: 'Birmingham Central Mosque',
    address: '180 Belgrave Middleway, Birmingham B12 0XS, United Kingdom',
    country_code: 'GB',
    city_name: 'Birmingham',
    lat: 52.4695,
    lng: -1.8906,
    tz_name: 'Europe/London',
  },
  {
    name: 'Islamic Center of America',
    address: '19500 Ford Road, Dearborn, MI 48128, United States',
    country_code: 'US',
    city_name: 'Dearborn',
    lat: 42.3318,
    lng: -83.2337,
    tz_name: 'America/Detroit',
  },
  {
    name: 'Istiqlal Mosque',
    address: 'Jalan Taman Wijaya Kusuma, Pasar Baru, Jakarta 10710, Indonesia',
    country_code: 'ID',
    city_name: 'Jakarta',
    lat: -6.1702,
    lng: 106.831,
    tz_name: 'Asia/Jakarta',
  },
];

// Timetable per mosque and day of the year (MM-DD → local HH:MM), applied to the days around the
// seed run so the timetable never runs out. Local times are resolved to instants by Postgres in
// the mosque's time zone, which is right across daylight-saving changes.
const TIMETABLE_CSV = path.join(__dirname, 'data', 'mosque-fajr-jamaah.csv');

/** Upserts the seed mosques and their Fajr jamaah timetable from 30 days ago to 400 days ahead. */
export async function seedMosqueTimetables(knex: Knex, today = new Date()): Promise<void> {
  await knex('mosques').insert(seedMosques).onConflict(['name', 'city_name']).merge();
  const rows = parseTimetable(await readFile(TIMETABLE_CSV, 'utf8'));
  await knex.transaction(async (trx) => {
    await trx.raw(
      'create temporary table seed_jamaah (mosque_name text, month_day text, local_time time) on commit drop',
    );
    for (let i = 0; i < rows.length; i += 1000) await trx('seed_jamaah').insert(rows.slice(i, i + 1000));
    await trx.raw(
      `insert into mosque_fajr_times (mosque_id, local_date, jamaah_at)
       select m.id, d::date, (d::date + s.local_time) at time zone m.tz_name
       from generate_series(?::date - 30, ?::date + 400, interval '1 day') d
       join seed_jamaah s on s.month_day = to_char(d, 'MM-DD')
       join mosques m on m.name = s.mosque_name
       on conflict (mosque_id, local_date) do nothing`,
      [today.toISOString().slice(0, 10), today.toISOString().slice(0, 10)],
    );
  });
}

function parseTimetable(csv: string): { mosque_name: string; month_day: string; local_time: string }[] {
  const [header, ...lines] = csv.trim().split(/\r?\n/);
  if (header !== 'mosque_name,month_day,jamaah_local_time') throw new Error(`Unexpected timetable header: ${header}`);
  return lines.map((line) => {
    const [mosque_name, month_day, local_time] = line.split(',');
    if (!mosque_name || !month_day || !local_time) throw new Error(`Bad timetable row: ${line}`);
    return { mosque_name, month_day, local_time };
  });
}
