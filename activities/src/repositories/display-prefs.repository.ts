import type { Knex } from './db';

/**
 * Keeps the days an account's Hijri date is moved from Umm al-Qura's (users.hijri_offset, −2…+2; the
 * column's check refuses anything else). False when there is no such user.
 */
export async function setUserHijriOffset(db: Knex, userId: string, hijriOffset: number, now: Date): Promise<boolean> {
  return (await db('users').where({ id: userId }).update({ hijri_offset: hijriOffset, updated_at: now })) > 0;
}
