import type { Knex } from './db';

/**
 * An account's interface language (users.language, issue 45): the language of the API's messages to
 * it and of the texts and e-mails it is sent. Null when there is no such user.
 */
export async function findUserLanguage(db: Knex, userId: string): Promise<string | null> {
  const row = await db('users').where({ id: userId }).first<{ language: string } | undefined>('language');
  return row?.language ?? null;
}

/** The language a Fajr friend is texted in: the one their inviter chose for them, else the inviter's. */
export async function findFriendLanguage(db: Knex, friendId: string): Promise<string | null> {
  const row = await db('fajr_friends as f')
    .join('users as u', 'u.id', 'f.inviter_id')
    .where('f.id', friendId)
    .first<{ language: string | null } | undefined>(db.raw('coalesce(f.language, u.language) as language'));
  return row?.language ?? null;
}

/** Keeps an account's interface language; false when there is no such user. */
export async function setUserLanguage(db: Knex, userId: string, language: string, now: Date): Promise<boolean> {
  return (await db('users').where({ id: userId }).update({ language, updated_at: now })) > 0;
}
