import type { Knex } from 'knex';
import { addDays, localDateOf } from '../domain/time/zone-clock';
import { mosqueJamaahAhead } from './jamaah-rules.repository';

/** Days before a mosque's own times run out when it counts as running out (admins reminded, morning report). */
export const RUN_OUT_WARNING_DAYS = 14;

/** A mosque whose times have run out or run out within RUN_OUT_WARNING_DAYS. */
export interface StaleMosque {
  id: string;
  name: string;
  cityName: string;
  tzName: string;
  /** The last date its times reach. */
  coveredUntil: string;
  /** True when that date is already past in the mosque's zone. */
  ranOut: boolean;
  admins: number;
  members: number;
  /** When its admins were reminded for this run-out date (null: not yet). */
  remindedAt: Date | null;
}

/**
 * Listed mosques whose Fajr jama'ah times run out within RUN_OUT_WARNING_DAYS or already have: a
 * mosque kept by rules by what its rules reach (an open-ended rule never runs out), an operator's
 * imported timetable by its last stored day. Oldest run-out first.
 */
export async function staleMosques(db: Knex, now: Date): Promise<StaleMosque[]> {
  const ruled: { id: string }[] = await db('mosque_jamaah_rules').distinct('mosque_id as id');
  const ruledIds = new Set(ruled.map((r) => r.id));
  const found: { id: string; coveredUntil: string; today: string }[] = [];
  for (const { id } of ruled) {
    const ahead = await mosqueJamaahAhead(db, id, now);
    if (!ahead?.coveredUntil) continue;
    found.push({ id, coveredUntil: ahead.coveredUntil, today: ahead.days[0]!.date });
  }
  // Imported timetables (no rules): their last stored day, for the listed mosques members can pick.
  const imported: { id: string; tz: string; last: string }[] = await db('mosques as m')
    .join('mosque_fajr_times as t', 't.mosque_id', 'm.id')
    .where('m.is_active', true)
    .groupBy('m.id', 'm.tz_name')
    .select('m.id', 'm.tz_name as tz', db.raw("to_char(max(t.local_date), 'YYYY-MM-DD') as last"));
  for (const r of imported)
    if (!ruledIds.has(r.id)) found.push({ id: r.id, coveredUntil: r.last, today: localDateOf(now, r.tz) });
  const stale = found.filter((f) => f.coveredUntil < addDays(f.today, RUN_OUT_WARNING_DAYS));
  if (!stale.length) return [];
  const ids = stale.map((s) => s.id);
  const rows: { id: string; name: string; city_name: string; tz_name: string }[] = await db('mosques')
    .whereIn('id', ids)
    .select('id', 'name', 'city_name', 'tz_name');
  const count = async (table: string, column: string) =>
    new Map(
      (
        (await db(table).whereIn(column, ids).groupBy(column).select(`${column} as id`).count({ n: '*' })) as {
          id: string;
          n: string;
        }[]
      ).map((r) => [r.id, Number(r.n)]),
    );
  const admins = await count('mosque_admins', 'mosque_id');
  const members = await count('preferences', 'mosque_id');
  const reminders: { mosque_id: string; covered_until: string; sent_at: Date }[] = await db('mosque_runout_reminders')
    .whereIn('mosque_id', ids)
    .select('mosque_id', db.raw("to_char(covered_until, 'YYYY-MM-DD') as covered_until"), 'sent_at');
  const byId = new Map(rows.map((r) => [r.id, r]));
  return stale
    .map((s) => {
      const m = byId.get(s.id)!;
      return {
        id: s.id,
        name: m.name,
        cityName: m.city_name,
        tzName: m.tz_name,
        coveredUntil: s.coveredUntil,
        ranOut: s.coveredUntil < s.today,
        admins: admins.get(s.id) ?? 0,
        members: members.get(s.id) ?? 0,
        remindedAt: reminders.find((r) => r.mosque_id === s.id && r.covered_until === s.coveredUntil)?.sent_at ?? null,
      };
    })
    .sort((a, b) => a.coveredUntil.localeCompare(b.coveredUntil) || a.name.localeCompare(b.name));
}

/**
 * Claims the reminder of a mosque's run-out date: true the first time (the caller sends it), false
 * when it was already sent. Insert first, so two runs never both send.
 */
export async function claimRunOutReminder(db: Knex, mosqueId: string, coveredUntil: string, now: Date) {
  const rows = await db('mosque_runout_reminders')
    .insert({ mosque_id: mosqueId, covered_until: coveredUntil, sent_at: now })
    .onConflict(['mosque_id', 'covered_until'])
    .ignore()
    .returning('mosque_id');
  return rows.length > 0;
}

/** Records how many admins a reminder reached; with none, forgets it so a later run tries again. */
export async function settleRunOutReminder(db: Knex, mosqueId: string, coveredUntil: string, recipients: number) {
  const q = db('mosque_runout_reminders').where({ mosque_id: mosqueId, covered_until: coveredUntil });
  if (recipients > 0) await q.update({ recipients });
  else await q.delete();
}
