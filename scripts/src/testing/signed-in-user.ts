// A user written straight to the database for tests about other features than sign-up.
import { randomUUID } from 'node:crypto';
import type { Knex } from '@fajr/activities';
import { createSession } from '@fajr/activities/repositories/sessions.repository';

export interface UserOptions {
  email?: string;
  phoneNumber?: string;
  /** Whether `phoneNumber` was proved by code (default true: only proved numbers are called). */
  phoneVerified?: boolean;
  isAppUser?: boolean;
  plan?: 'BASIC' | 'PLUS' | 'PREMIUM' | null;
  trialEndsAt?: Date | null;
  /** Columns of the preferences row (on top of the catalogue defaults); false: no row. Default: the harness's `userPreferences`. */
  preferences?: Record<string, unknown> | false;
}

/**
 * The API harness's user: inserts a user (a web user in a 14-day trial unless told otherwise), its preferences row on the
 * catalogue's default method and high-latitude rule, and a live session.
 */
export async function insertSignedInUser(
  db: Knex,
  u: UserOptions,
  defaultPreferences: Record<string, unknown> | false,
): Promise<{ id: string; token: string; email: string }> {
  const email = u.email ?? `user-${randomUUID().slice(0, 12)}@example.com`;
  const [row] = await db('users')
    .insert({
      email,
      phone_number: u.phoneNumber ?? null,
      phone_verified_at: u.phoneNumber && u.phoneVerified !== false ? new Date() : null,
      password_hash: 'not-a-real-hash',
      is_app_user: u.isAppUser ?? false,
      signup_source: u.isAppUser ? 'app' : 'web',
      trial_ends_at:
        u.trialEndsAt !== undefined ? u.trialEndsAt : u.isAppUser ? null : new Date(Date.now() + 14 * 24 * 3600_000),
      plan: u.plan ?? null,
    })
    .returning('id');
  const preferences = u.preferences ?? defaultPreferences;
  if (preferences !== false) {
    const [method] = await db('prayer_calc_methods').where({ is_default: true }).pluck('name');
    const [hlat] = await db('prayer_calc_high_lats').where({ is_default: true }).pluck('name');
    await db('preferences').insert({
      user_id: row.id,
      prayer_calc_method: method,
      prayer_calc_hlat: hlat,
      ...preferences,
    });
  }
  const { token } = await createSession(db, row.id);
  return { id: row.id, token, email };
}
