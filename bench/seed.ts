import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { hashToken } from '@fajr/activities/repositories/sessions.repository';
import { MOSQUE_CALL_LEAD_MINUTES } from '@fajr/activities/domain/planning';

/** Seeding shared by the benchmarks and the fault tests (no side effects on import). */

export interface SeededUser {
  id: string;
  token: string;
  phone: string;
}

/**
 * Inserts users directly (as the API's sign-up would leave them: trial running, phone verified),
 * each with a preferences row from `prefs(i)` and a live session; in batches for 10,000 users.
 */
export async function seedUsers(
  db: Knex,
  n: number,
  prefs: (i: number) => Record<string, unknown>,
  opts: {
    plan?: 'BASIC' | 'PLUS' | 'PREMIUM' | null;
    withSessions?: boolean;
    prefix?: string;
    phoneBase?: number;
  } = {},
): Promise<SeededUser[]> {
  const [method] = await db('prayer_calc_methods').where({ is_default: true }).pluck('name');
  const [hlat] = await db('prayer_calc_high_lats').where({ is_default: true }).pluck('name');
  const prefix = opts.prefix ?? 'bench';
  const out: SeededUser[] = [];
  for (let start = 0; start < n; start += 500) {
    const batch = Array.from({ length: Math.min(500, n - start) }, (_, k) => start + k);
    const rows = await db('users')
      .insert(
        batch.map((i) => ({
          email: `${prefix}-${i}-${randomUUID().slice(0, 6)}@example.com`,
          phone_number: `+4477${String((opts.phoneBase ?? 0) + i).padStart(8, '0')}`,
          phone_verified_at: new Date(),
          password_hash: 'not-a-real-hash',
          is_app_user: false,
          signup_source: 'web',
          trial_ends_at: opts.plan ? null : new Date(Date.now() + 14 * 24 * 3600_000),
          plan: opts.plan ?? null,
        })),
      )
      .returning(['id', 'phone_number']);
    await db('preferences').insert(
      rows.map((r: { id: string }, k: number) => ({
        user_id: r.id,
        prayer_calc_method: method,
        prayer_calc_hlat: hlat,
        ...prefs(batch[k]!),
      })),
    );
    const tokens = rows.map(() => `${randomUUID()}${randomUUID()}`.replace(/-/g, ''));
    if (opts.withSessions !== false) {
      const expires = new Date(Date.now() + 30 * 24 * 3600_000);
      await db('sessions').insert(
        rows.map((r: { id: string }, k: number) => ({
          user_id: r.id,
          token_hash: hashToken(tokens[k]!),
          expires_at: expires,
        })),
      );
    }
    rows.forEach((r: { id: string; phone_number: string }, k: number) =>
      out.push({ id: r.id, token: tokens[k]!, phone: r.phone_number }),
    );
  }
  return out;
}

/**
 * A mosque in London (Europe/London) whose timetable puts its users' call at `callAt` (the jamaah
 * is MOSQUE_CALL_LEAD_MINUTES later), on `callAt`'s local date and optionally more days after it.
 */
export async function seedMosqueAt(db: Knex, callAt: Date, extraDays = 0): Promise<string> {
  const [mosque] = await db('mosques')
    .insert({
      name: `Test mosque ${randomUUID().slice(0, 8)}`,
      address: 'Test Road',
      country_code: 'GB',
      city_name: 'London',
      lat: 51.5,
      lng: -0.12,
      tz_name: 'Europe/London',
    })
    .returning('id');
  const rows = [];
  for (let d = 0; d <= extraDays; d += 1) {
    const jamaah = new Date(callAt.getTime() + MOSQUE_CALL_LEAD_MINUTES * 60_000 + d * 86_400_000);
    const localDate = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(callAt.getTime() + d * 86_400_000));
    rows.push({ mosque_id: mosque.id, local_date: localDate, jamaah_at: jamaah });
  }
  await db('mosque_fajr_times').insert(rows);
  return mosque.id;
}

/** Preferences of a user who prays at a mosque (calls on). */
export const atMosque = (mosqueId: string) => ({
  mosque_id: mosqueId,
  allow_calls: true,
  city_name: 'London',
  country_code: 'GB',
  country_name: 'United Kingdom',
  lat: 51.5,
  lng: -0.12,
  tz_name: 'Europe/London',
});
