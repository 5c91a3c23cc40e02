import type { Knex } from 'knex';
import {
  coveredUntil,
  jamaahDays,
  type DatedRule,
  type JamaahDay,
  type JamaahRule,
} from '../domain/mosques/jamaah-rules';
import type { Place } from '../domain/planning/types';
import { isRamadan } from '../domain/time/hijri';
import { localDateOf } from '../domain/time/zone-clock';

/** How far ahead a mosque's rules are written into mosque_fajr_times (the planner's input). */
export const JAMAAH_HORIZON_DAYS = 400;

interface RuleRow {
  effective_from: string;
  ramadan: boolean;
  kind: JamaahRule['kind'];
  fixed_time: string | null;
  minutes: number | null;
}

const toRule = (r: RuleRow): DatedRule => ({
  from: r.effective_from,
  ramadan: r.ramadan,
  rule:
    r.kind === 'fixed'
      ? { kind: 'fixed', time: r.fixed_time! }
      : r.kind === 'calendar'
        ? { kind: 'calendar' }
        : { kind: r.kind, minutes: r.minutes! },
});

export async function mosqueRules(db: Knex, mosqueId: string): Promise<DatedRule[]> {
  const rows = await db('mosque_jamaah_rules')
    .where({ mosque_id: mosqueId })
    .orderBy(['effective_from', 'ramadan'])
    .select(
      db.raw("to_char(effective_from, 'YYYY-MM-DD') as effective_from"),
      'ramadan',
      'kind',
      'fixed_time',
      'minutes',
    );
  return (rows as RuleRow[]).map(toRule);
}

/** Saves a rule from its date (replacing one that starts the same date, for the same season). */
export async function saveMosqueRule(db: Knex, mosqueId: string, r: DatedRule, now: Date): Promise<void> {
  const { rule } = r;
  await db('mosque_jamaah_rules')
    .insert({
      mosque_id: mosqueId,
      effective_from: r.from,
      ramadan: r.ramadan,
      kind: rule.kind,
      fixed_time: rule.kind === 'fixed' ? rule.time : null,
      minutes: rule.kind === 'after-fajr' || rule.kind === 'before-sunrise' ? rule.minutes : null,
      created_at: now,
    })
    .onConflict(['mosque_id', 'effective_from', 'ramadan'])
    .merge(['kind', 'fixed_time', 'minutes', 'created_at']);
}

export async function deleteMosqueRule(db: Knex, mosqueId: string, from: string, ramadan: boolean): Promise<boolean> {
  return (await db('mosque_jamaah_rules').where({ mosque_id: mosqueId, effective_from: from, ramadan }).delete()) > 0;
}

export async function mosqueCalendar(db: Knex, mosqueId: string, from: string): Promise<Record<string, string>> {
  const rows: { d: string; at: Date }[] = await db('mosque_calendar_days')
    .where({ mosque_id: mosqueId })
    .andWhere('local_date', '>=', from)
    .select(db.raw("to_char(local_date, 'YYYY-MM-DD') as d"), 'jamaah_at as at');
  return Object.fromEntries(rows.map((r) => [r.d, r.at.toISOString()]));
}

/** Writes uploaded calendar days (replacing the same dates), all or nothing. */
export async function saveCalendarDays(
  db: Knex,
  mosqueId: string,
  days: { localDate: string; jamaahAt: string; fajrAt: string | null }[],
): Promise<void> {
  await db.transaction(async (trx) => {
    for (let i = 0; i < days.length; i += 500) {
      await trx('mosque_calendar_days')
        .insert(
          days.slice(i, i + 500).map((d) => ({
            mosque_id: mosqueId,
            local_date: d.localDate,
            jamaah_at: d.jamaahAt,
            fajr_at: d.fajrAt,
          })),
        )
        .onConflict(['mosque_id', 'local_date'])
        .merge(['jamaah_at', 'fajr_at']);
    }
  });
}

/** A mosque's place for its sun: its coordinates, zone and the method it computes Fajr with. */
export async function mosquePlace(db: Knex, mosqueId: string): Promise<Place | null> {
  const m = await db('mosques')
    .where({ id: mosqueId })
    .first('lat', 'lng', 'tz_name', 'prayer_calc_method', 'prayer_calc_hlat');
  return m
    ? { lat: m.lat, lng: m.lng, tzName: m.tz_name, calcMethod: m.prayer_calc_method, highLatRule: m.prayer_calc_hlat }
    : null;
}

/** The mosque's jama'ah for the coming `days` by its rules, and the date its own times reach (null: open-ended). */
export async function mosqueJamaahAhead(
  db: Knex,
  mosqueId: string,
  now: Date,
  days = JAMAAH_HORIZON_DAYS,
): Promise<{ days: JamaahDay[]; coveredUntil: string | null; hasRules: boolean } | null> {
  const place = await mosquePlace(db, mosqueId);
  if (!place) return null;
  const today = localDateOf(now, place.tzName);
  const rules = await mosqueRules(db, mosqueId);
  const ahead = jamaahDays(place, rules, await mosqueCalendar(db, mosqueId, today), today, days, (d) => isRamadan(d));
  return { days: ahead, coveredUntil: coveredUntil(ahead), hasRules: rules.length > 0 };
}

/**
 * Writes the mosque's rules into mosque_fajr_times from today to the horizon: each date with a time gets
 * it, a date without one loses any old row (so the schedule says the times ran out, never a stale guess).
 * A mosque without rules (an operator's imported timetable) is left as it is. Returns the changed dates.
 */
export async function writeMosqueTimes(db: Knex, mosqueId: string, now: Date): Promise<string[]> {
  const ahead = await mosqueJamaahAhead(db, mosqueId, now);
  if (!ahead?.hasRules) return [];
  return db.transaction(async (trx) => {
    const before: { d: string; at: Date }[] = await trx('mosque_fajr_times')
      .where({ mosque_id: mosqueId })
      .andWhere('local_date', '>=', ahead.days[0]!.date)
      .select(trx.raw("to_char(local_date, 'YYYY-MM-DD') as d"), 'jamaah_at as at');
    const old = new Map(before.map((r) => [r.d, r.at.getTime()]));
    const changed = ahead.days
      .filter((d) => (d.jamaahAt ? Date.parse(d.jamaahAt) : undefined) !== old.get(d.date))
      .map((d) => d.date);
    const withTime = ahead.days.filter((d) => d.jamaahAt !== null && changed.includes(d.date));
    const without = ahead.days.filter((d) => d.jamaahAt === null && old.has(d.date)).map((d) => d.date);
    if (without.length)
      await trx('mosque_fajr_times').where({ mosque_id: mosqueId }).whereIn('local_date', without).delete();
    for (let i = 0; i < withTime.length; i += 500) {
      await trx('mosque_fajr_times')
        .insert(
          withTime.slice(i, i + 500).map((d) => ({ mosque_id: mosqueId, local_date: d.date, jamaah_at: d.jamaahAt })),
        )
        .onConflict(['mosque_id', 'local_date'])
        .merge(['jamaah_at']);
    }
    await trx('mosques').where({ id: mosqueId }).update({ is_active: true, updated_at: now });
    return changed;
  });
}
