import type { Knex } from 'knex';
import { isUuid } from '../domain/uuid';
import type { PublishedDay } from '../domain/timetable-csv';
import { jakimZoneAt, publishedTableLabel } from '../domain/planning/jakim-zones';

/** An authority's published timetable for one place (docs/PRAYER-TIMES.md "Published timetables"). */
export interface PublishedTimetable {
  id: string;
  authority: string;
  countryCode: string;
  cityName: string;
  lat: number;
  lng: number;
  tzName: string;
  source: string | null;
  /** The authority's zone the table serves (JAKIM: 'PLS01'); null for a city's table. */
  zoneCode?: string | null;
}

export type PublishedTimetablePlace = Omit<PublishedTimetable, 'id'>;

const select = [
  'id',
  'authority',
  'country_code as countryCode',
  'city_name as cityName',
  'lat',
  'lng',
  'tz_name as tzName',
  'source',
  'zone_code as zoneCode',
];

/**
 * The label users see: the authority and the place ("Islamiska förbundet — published timetable for
 * Stockholm"), or the zone a zone's table serves ("JAKIM zone PLS01 (Perlis)").
 */
export function publishedTimetableLabel(
  t: Pick<PublishedTimetable, 'authority' | 'cityName'> & { zoneCode?: string | null },
): string {
  return publishedTableLabel(t);
}

/**
 * Creates the timetable of (authority, country, city) or updates its place and source, then writes
 * its days (replacing dates already present), all in one transaction.
 */
export async function importPublishedTimetable(
  db: Knex,
  place: PublishedTimetablePlace,
  days: PublishedDay[],
  now = new Date(),
): Promise<{ timetable: PublishedTimetable; created: boolean; inserted: number; updated: number }> {
  return db.transaction(async (trx) => {
    const existing: PublishedTimetable | undefined = await trx('published_timetables')
      .select(select)
      .whereRaw('lower(authority) = lower(?) and country_code = ? and lower(city_name) = lower(?)', [
        place.authority,
        place.countryCode,
        place.cityName,
      ])
      .forUpdate()
      .first();
    const row = {
      authority: place.authority,
      country_code: place.countryCode,
      city_name: place.cityName,
      lat: place.lat,
      lng: place.lng,
      tz_name: place.tzName,
      source: place.source,
      updated_at: now,
    };
    const [timetable] = existing
      ? await trx('published_timetables').where({ id: existing.id }).update(row).returning(select)
      : await trx('published_timetables').insert(row).returning(select);
    let inserted = 0;
    let updated = 0;
    for (let i = 0; i < days.length; i += 500) {
      const chunk = days.slice(i, i + 500).map((d) => ({
        timetable_id: timetable.id,
        local_date: d.localDate,
        fajr_at: d.fajrAt,
        sunrise_at: d.sunriseAt,
      }));
      // xmax = 0 only for freshly inserted rows: tells inserts from updates in one statement.
      const result = await trx('published_timetable_days')
        .insert(chunk)
        .onConflict(['timetable_id', 'local_date'])
        .merge(['fajr_at', 'sunrise_at'])
        .returning(trx.raw('(xmax = 0) as inserted'));
      for (const r of result as { inserted: boolean }[]) {
        if (r.inserted) inserted++;
        else updated++;
      }
    }
    return { timetable, created: !existing, inserted, updated };
  });
}

/** Every published timetable with how many days it has and its first and last date. */
export async function listPublishedTimetables(
  db: Knex,
): Promise<(PublishedTimetable & { days: number; firstDate: string | null; lastDate: string | null })[]> {
  return db('published_timetables as t')
    .select(select.map((c) => `t.${c}`))
    .select(
      db.raw('count(d.local_date)::int as days'),
      db.raw('min(d.local_date)::text as "firstDate"'),
      db.raw('max(d.local_date)::text as "lastDate"'),
    )
    .leftJoin('published_timetable_days as d', 'd.timetable_id', 't.id')
    .groupBy('t.id')
    .orderBy([{ column: 't.country_code' }, { column: 't.city_name' }, { column: 't.authority' }]);
}

/** One published timetable by id; undefined when there is none. */
export async function findPublishedTimetable(db: Knex, id: string): Promise<PublishedTimetable | undefined> {
  if (!isUuid(id)) return undefined;
  return db('published_timetables').select(select).where({ id }).first();
}

/**
 * Whether a timetable is offered to users of this city: a zone's table to every city of the zone (by
 * the city's point), a city's table to cities of that name in that country (case-insensitive).
 */
export function timetableIsFor(
  t: Pick<PublishedTimetable, 'countryCode' | 'cityName'> & { zoneCode?: string | null },
  countryCode: string | null,
  cityName: string | null,
  point?: { lat: number | null; lng: number | null },
): boolean {
  if (!countryCode || !cityName || t.countryCode !== countryCode.toUpperCase()) return false;
  if (t.zoneCode) return !!point && jakimZoneAt(countryCode, point.lat, point.lng)?.code === t.zoneCode;
  return t.cityName.toLowerCase() === cityName.trim().toLowerCase();
}

/**
 * The shipped table a new user at this place starts with, as the place's method is its default: the
 * JAKIM zone's table for a Malaysian city, Islamiska förbundet's table of that city in Sweden. None elsewhere.
 */
export async function defaultTimetableFor(
  db: Knex,
  place: { countryCode: string | null; cityName: string | null; lat: number | null; lng: number | null },
): Promise<PublishedTimetable | undefined> {
  if (!place.countryCode || !place.cityName) return undefined;
  const code = place.countryCode.toUpperCase();
  const zone = jakimZoneAt(code, place.lat, place.lng);
  const q = db('published_timetables').select(select).where({ country_code: code, shipped: true });
  if (zone) return q.where({ zone_code: zone.code }).first();
  return q.whereNull('zone_code').whereRaw('lower(city_name) = lower(?)', [place.cityName.trim()]).first();
}

/** A timetable's days in [from, to], as instants by local date. */
export async function publishedDays(
  db: Knex,
  timetableId: string,
  from: string,
  to: string,
): Promise<Record<string, { fajrAt: string; sunriseAt: string | null }>> {
  const rows: { local_date: string; fajr_at: Date; sunrise_at: Date | null }[] = await db('published_timetable_days')
    .where({ timetable_id: timetableId })
    .whereBetween('local_date', [from, to])
    .select('local_date', 'fajr_at', 'sunrise_at');
  const days: Record<string, { fajrAt: string; sunriseAt: string | null }> = {};
  for (const r of rows)
    days[r.local_date] = {
      fajrAt: new Date(r.fajr_at).toISOString(),
      sunriseAt: r.sunrise_at ? new Date(r.sunrise_at).toISOString() : null,
    };
  return days;
}
