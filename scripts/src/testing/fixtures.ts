// Shared test data: the London user, activity deps on a test database, users inserted straight into it.
import { randomUUID } from 'node:crypto';
import { freshPhone } from './phones';
import { createLogger, createProviders, parseConfig, sharedConfigSchema, type Deps, type Knex } from '@fajr/activities';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';

/** Activity deps on a test database with the local providers (nothing paid is reached). */
export function testDeps(db: Knex, databaseUrl: string, env: Record<string, string> = {}): Deps {
  const config = parseConfig(sharedConfigSchema, {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const logger = createLogger('test', 'silent');
  return { config, db, logger, providers: createProviders(config, db, logger), now: () => new Date() };
}

/**
 * The beforeAll/afterAll of an activities test file: a fresh database, and `testDeps` on it with `env`.
 * The fields are set once beforeAll has run.
 */
export function useTestDeps(env: Record<string, string> = {}): { db: TestDatabase; deps: Deps } {
  const t = {} as { db: TestDatabase; deps: Deps };
  beforeAll(async () => {
    t.db = await createTestDatabase();
    t.deps = testDeps(t.db.knex, t.db.url, env);
  });
  afterAll(async () => {
    await t.db?.drop();
  });
  return t;
}

export interface TestUser {
  plan?: 'BASIC' | 'PLUS' | 'PREMIUM' | null;
  isAppUser?: boolean;
  trialEndsAt?: Date | null;
  phoneNumber?: string;
  /** Whether the number was proved by code (default true: only proved numbers are called). */
  phoneVerified?: boolean;
  prefs?: Record<string, unknown>;
}

let seq = 0;
/** Inserts a user and their preferences straight into the database (sign-up is another feature). */
export async function insertUser(db: Knex, u: TestUser = {}): Promise<string> {
  seq += 1;
  const [row] = await db('users')
    .insert({
      email: `calls-${randomUUID().slice(0, 8)}-${seq}@example.com`,
      // A GB mobile range libphonenumber knows (the phone policy refuses Ofcom's unassignable 07700 900 drama range).
      phone_number: u.phoneNumber ?? freshPhone('+4474009'),
      phone_verified_at: u.phoneVerified === false ? null : new Date(),
      password_hash: 'not-a-real-hash',
      is_app_user: u.isAppUser ?? false,
      trial_ends_at: u.trialEndsAt ?? null,
      plan: u.plan === undefined ? 'BASIC' : u.plan,
    })
    .returning('id');
  await db('preferences').insert({
    user_id: row.id,
    prayer_calc_method: 'MuslimWorldLeague',
    prayer_calc_hlat: 'MiddleOfTheNight',
    allow_calls: true,
    ...u.prefs,
  });
  return row.id;
}

/**
 * London as the cities catalogue has it (GeoNames coordinates): the one place tests put a user, as the
 * fields of an API request (camelCase).
 */
export const LONDON = {
  countryName: 'United Kingdom',
  countryCode: 'GB',
  cityName: 'London',
  lat: 51.50853,
  lng: -0.12574,
  tzName: 'Europe/London',
};

/**
 * A complete, valid home save for London (SPEC section 3 payload of POST /api/salah-schedules/fajr-prefs,
 * the zone left to the server); `over` replaces fields.
 */
export const homeSaveBody = (over: Record<string, unknown> = {}) => ({
  allowCalls: true,
  countryName: LONDON.countryName,
  countryCode: LONDON.countryCode,
  cityName: LONDON.cityName,
  lat: LONDON.lat,
  lng: LONDON.lng,
  prayerCalcMethod: 'MuslimWorldLeague',
  prayerCalcHlat: 'MiddleOfTheNight',
  mosqueId: null,
  fajrAdhaanId: 'Default',
  fajrCallDelayPref: 'As soon as Fajr starts',
  allowRepeatCalls: false,
  ...over,
});

/** The same London as columns of a `preferences` row, for users inserted straight into the database. */
export const LONDON_PREFS = {
  country_name: LONDON.countryName,
  country_code: LONDON.countryCode,
  city_name: LONDON.cityName,
  lat: LONDON.lat,
  lng: LONDON.lng,
  tz_name: LONDON.tzName,
};
