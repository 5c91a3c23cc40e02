import type { Knex } from 'knex';
import type { TahajjudNights, TahajjudPoint, TahajjudPrefs } from '../domain/tahajjud-call';

/**
 * A user's tahajjud choices (issue 47 point 4) with their Hijri offset (Ramadan's last ten nights move
 * with it), or null when the switch is off or the user has no preferences. Read on its own, only for
 * users who may have the call, so the call-plan source every chain loads stays as it is.
 */
export async function findTahajjudPrefs(db: Knex, userId: string): Promise<TahajjudPrefs | null> {
  const row = (await db('preferences as p')
    .join('users as u', 'u.id', 'p.user_id')
    .select('p.tahajjud_call', 'p.tahajjud_point', 'p.tahajjud_minutes', 'p.tahajjud_nights', 'u.hijri_offset')
    .where('p.user_id', userId)
    .first()) as
    | {
        tahajjud_call: boolean;
        tahajjud_point: TahajjudPoint;
        tahajjud_minutes: number;
        tahajjud_nights: TahajjudNights;
        hijri_offset: number | null;
      }
    | undefined;
  if (!row?.tahajjud_call) return null;
  return {
    point: row.tahajjud_point,
    minutes: row.tahajjud_minutes,
    nights: row.tahajjud_nights,
    hijriOffset: row.hijri_offset ?? 0,
  };
}
