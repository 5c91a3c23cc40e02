import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import { startApiHarness, type Reply } from './harness';

export type Answer = Reply;

/** The real API on port 0 against a fresh database and the Temporal dev server (a task queue no worker polls). */
export interface Harness {
  base: string;
  db: Knex;
  temporal: Client;
  taskQueue: string;
  /** A user inserted directly (sign-up is not needed here), with a session token; `prefs: false` leaves no preferences row. */
  user(opts?: { plan?: 'BASIC' | 'PLUS' | 'PREMIUM' | null; isAppUser?: boolean; prefs?: boolean }): Promise<{ id: string; token: string }>;
  api(method: string, path: string, opts?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<Answer>;
  close(): Promise<void>;
}

const LONDON = {
  country_name: 'United Kingdom',
  country_code: 'GB',
  city_name: 'London',
  lat: 51.50853,
  lng: -0.12574,
  tz_name: 'Europe/London',
  prayer_calc_method: 'MuslimWorldLeague',
  prayer_calc_hlat: 'MiddleOfTheNight',
};

/** temporalAddress: a Temporal that is not there (lazy client), to see how the API copes. */
export async function startHarness(opts: { rateLimits?: 'on' | 'off'; temporalAddress?: string } = {}): Promise<Harness> {
  const h = await startApiHarness({ env: { RATE_LIMITS: opts.rateLimits ?? 'off' }, temporalAddress: opts.temporalAddress });
  return {
    base: h.base,
    db: h.db,
    temporal: h.temporal,
    taskQueue: h.taskQueue,
    user: (u = {}) => h.user({ plan: u.plan, isAppUser: u.isAppUser, preferences: u.prefs === false ? false : LONDON }),
    api: h.api,
    close: h.close,
  };
}
