import type { Knex } from 'knex';
import type { PublishedDay } from '../domain/timetable-csv';
import type { UpkeepProblem } from '../domain/timetable-upkeep';
import { publishedTableLabel } from '../domain/planning/jakim-zones';

/** A table the product ships (published_timetables.shipped) with its last date and how many users it serves. */
export interface ShippedTimetable {
  id: string;
  label: string;
  authority: string;
  countryCode: string;
  zoneCode: string | null;
  lat: number;
  lng: number;
  tzName: string;
  lastDate: string | null;
  users: number;
}

/** Every shipped table, with its last date and its users (home users who chose it). */
export async function listShippedTimetables(db: Knex): Promise<ShippedTimetable[]> {
  const { rows } = await db.raw<{ rows: (Omit<ShippedTimetable, 'label'> & { cityName: string })[] }>(
    `select t.id, t.authority, t.country_code as "countryCode", t.city_name as "cityName", t.zone_code as "zoneCode",
            t.lat, t.lng, t.tz_name as "tzName",
            (select max(d.local_date)::text from published_timetable_days d where d.timetable_id = t.id) as "lastDate",
            (select count(*)::int from preferences p where p.prayer_timetable_id = t.id and p.mosque_id is null) as users
       from published_timetables t where t.shipped order by t.country_code, t.city_name`,
  );
  return rows.map(({ cityName, ...t }) => ({ ...t, label: publishedTableLabel({ ...t, cityName }) }));
}

/** A fetched year of a shipped table: activated (its days written) or held for an operator. */
export interface TimetableUpdate {
  id: string;
  timetableId: string;
  year: number;
  status: 'activated' | 'held';
  problems: UpkeepProblem[];
  source: string;
  fetchedAt: string;
}

/** Whether a year of a table was already fetched (held or activated): the monthly check asks only once. */
export async function findTimetableUpdate(
  db: Knex,
  timetableId: string,
  year: number,
): Promise<TimetableUpdate | undefined> {
  const row = await db('published_timetable_updates')
    .where({ timetable_id: timetableId, year })
    .first('id', 'timetable_id as timetableId', 'year', 'status', 'problems', 'source', 'fetched_at as fetchedAt');
  return row ? { ...row, fetchedAt: new Date(row.fetchedAt).toISOString() } : undefined;
}

async function writeDays(trx: Knex, timetableId: string, days: PublishedDay[]): Promise<void> {
  for (let i = 0; i < days.length; i += 500) {
    const chunk = days.slice(i, i + 500).map((d) => ({
      timetable_id: timetableId,
      local_date: d.localDate,
      fajr_at: d.fajrAt,
      sunrise_at: d.sunriseAt,
    }));
    await trx('published_timetable_days')
      .insert(chunk)
      .onConflict(['timetable_id', 'local_date'])
      .merge(['fajr_at', 'sunrise_at']);
  }
}

/**
 * Records a fetched year: with no problems its days are written at once (activated); otherwise it is
 * held, its days kept beside it until an operator approves (`timetable approve`). One row per table and year.
 */
export async function recordTimetableUpdate(
  db: Knex,
  u: { timetableId: string; year: number; days: PublishedDay[]; problems: UpkeepProblem[]; source: string; now: Date },
): Promise<TimetableUpdate['status']> {
  const status = u.problems.length === 0 ? 'activated' : 'held';
  await db.transaction(async (trx) => {
    await trx('published_timetable_updates')
      .insert({
        timetable_id: u.timetableId,
        year: u.year,
        status,
        days: JSON.stringify(u.days),
        problems: JSON.stringify(u.problems),
        source: u.source,
        fetched_at: u.now,
        decided_at: status === 'activated' ? u.now : null,
      })
      .onConflict(['timetable_id', 'year'])
      .merge();
    if (status === 'activated') await writeDays(trx, u.timetableId, u.days);
  });
  return status;
}

/** Held years, newest first, with their table's label: what an operator has to look at. */
export async function listHeldUpdates(db: Knex): Promise<(TimetableUpdate & { label: string })[]> {
  const rows = await db('published_timetable_updates as u')
    .join('published_timetables as t', 't.id', 'u.timetable_id')
    .where('u.status', 'held')
    .orderBy('u.fetched_at', 'desc')
    .select(
      'u.id',
      'u.timetable_id as timetableId',
      'u.year',
      'u.status',
      'u.problems',
      'u.source',
      'u.fetched_at as fetchedAt',
      't.authority',
      't.city_name as cityName',
      't.zone_code as zoneCode',
    );
  return rows.map(({ authority, cityName, zoneCode, ...u }) => ({
    ...u,
    fetchedAt: new Date(u.fetchedAt).toISOString(),
    label: publishedTableLabel({ authority, cityName, zoneCode }),
  }));
}

/** An operator approves a held year: its days are written and it is marked activated. False when no such held year. */
export async function approveTimetableUpdate(db: Knex, id: string, now: Date): Promise<boolean> {
  return db.transaction(async (trx) => {
    const row = await trx('published_timetable_updates').where({ id, status: 'held' }).forUpdate().first();
    if (!row) return false;
    await writeDays(trx, row.timetable_id, row.days as PublishedDay[]);
    await trx('published_timetable_updates').where({ id }).update({ status: 'activated', decided_at: now });
    return true;
  });
}

/** Shipped tables within `withinDays` of their last date (or with none), with days left: the metric and the morning report. */
export async function shippedTimetablesRunningOut(
  db: Knex,
  today: string,
  withinDays: number,
): Promise<(ShippedTimetable & { daysLeft: number })[]> {
  const all = await listShippedTimetables(db);
  return all
    .map((t) => ({
      ...t,
      daysLeft: t.lastDate
        ? Math.round((Date.parse(`${t.lastDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000)
        : 0,
    }))
    .filter((t) => t.daysLeft <= withinDays);
}
