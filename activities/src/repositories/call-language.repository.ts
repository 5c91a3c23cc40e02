import type { Knex } from './db';
import { callLanguageOf, type CallLanguage } from '../domain/call-speech';

/**
 * Keeps the language an account's calls speak (users.call_language; null: the interface language).
 * False when there is no such user. The next call placed reads it (the dial re-loads its user).
 */
export async function setUserCallLanguage(
  db: Knex,
  userId: string,
  callLanguage: CallLanguage | null,
  now: Date,
): Promise<boolean> {
  return (await db('users').where({ id: userId }).update({ call_language: callLanguage, updated_at: now })) > 0;
}

/** The language a user's calls speak now (the call language, else the interface language; English for no such user). */
export async function findCallLanguage(db: Knex, userId: string): Promise<CallLanguage> {
  const row = await db('users').where({ id: userId }).first('language', 'call_language');
  return callLanguageOf(row?.call_language, row?.language);
}
