import type { Knex } from 'knex';
import { publishedTimetableLabel } from './published-timetables.repository';

/** How far ahead timetables are checked for missing days (mosques import a month or so at a time). */
export const TIMETABLE_GAP_HORIZON_DAYS = 14;

/**
 * A timetable users are called by (a mosque's jamaah times, or an authority's published table
 * chosen instead of a method) that lacks days in the coming stretch: its users get no call on
 * those days (the planner never makes a time up), so an operator must import the next months.
 */
export interface TimetableGap {
  kind: 'mosque' | 'published';
  id: string;
  /** The mosque's name, or the published table's label as users see it. */
  label: string;
  city: string;
  /** Users with calls on who are called by it. */
  users: number;
  /** Dates of the stretch it lacks, and the first of them. */
  missingDays: number;
  firstMissing: string;
  /** Its last date overall; null when it has none. */
  lastDate: string | null;
}

/**
 * Timetables with users that lack any local date in [from, from + days): mosques (their users) and
 * published tables an operator imported (users at home who chose them; a mosque user is called by the
 * mosque's; shipped tables are watched by the upkeep Schedule instead).
 * Users are counted when their calls are on.
 */
export async function timetableGaps(db: Knex, from: string, days: number): Promise<TimetableGap[]> {
  const { rows } = await db.raw<{ rows: (Omit<TimetableGap, 'label'> & { name: string; authority: string | null })[] }>(
    `with horizon as (
       select g::date as d from generate_series(?::date, ?::date + (? - 1), interval '1 day') g
     ),
     callers as (
       select 'mosque' as kind, p.mosque_id as id, count(*)::int as users
         from preferences p where p.allow_calls and p.mosque_id is not null group by p.mosque_id
       union all
       select 'published', p.prayer_timetable_id, count(*)::int
         from preferences p where p.allow_calls and p.mosque_id is null and p.prayer_timetable_id is not null group by p.prayer_timetable_id
     ),
     timetables as (
       select c.kind, c.id, c.users, m.name, null as authority, m.city_name as city,
              (select array_agg(t.local_date) from mosque_fajr_times t where t.mosque_id = c.id and t.local_date in (select d from horizon)) as have,
              (select max(t.local_date) from mosque_fajr_times t where t.mosque_id = c.id) as last_date
         from callers c join mosques m on m.id = c.id where c.kind = 'mosque'
       union all
       select c.kind, c.id, c.users, pt.city_name, pt.authority, pt.city_name,
              (select array_agg(t.local_date) from published_timetable_days t where t.timetable_id = c.id and t.local_date in (select d from horizon)),
              (select max(t.local_date) from published_timetable_days t where t.timetable_id = c.id)
         -- Shipped tables have their own 60-day notice (FajrShippedTimetableRunningOut, timetable-upkeep).
         from callers c join published_timetables pt on pt.id = c.id where c.kind = 'published' and not pt.shipped
     )
     select t.kind, t.id, t.users, t.name, t.authority, t.city, t.last_date::text as "lastDate",
            count(h.d)::int as "missingDays", min(h.d)::text as "firstMissing"
       from timetables t join horizon h on not (h.d = any(coalesce(t.have, '{}')))
      group by t.kind, t.id, t.users, t.name, t.authority, t.city, t.last_date
      order by min(h.d), t.users desc, t.name`,
    [from, from, days],
  );
  return rows.map(({ name, authority, ...gap }) => ({
    ...gap,
    label: authority === null ? name : publishedTimetableLabel({ authority, cityName: name }),
  }));
}
