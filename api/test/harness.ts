import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Client, Connection } from '@temporalio/client';
import { createDb, createLogger, createProviders, type Knex } from '@fajr/activities';
import { createSession } from '@fajr/activities/repositories/sessions.repository';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { connectDevServer } from '@fajr/scripts/testing/temporal';
import { createApp } from '../src/app';
import { loadApiConfig, type ApiConfig } from '../src/config';
import type { ApiDeps } from '../src/deps';

/** The real API on port 0, on a fresh database and the Temporal dev server, with local providers. */
export interface ApiHarness {
  base: string;
  db: Knex;
  deps: ApiDeps;
  temporal: Client;
  config: ApiConfig;
  taskQueue: string;
  /** A user inserted directly (with a preferences row) and a live session token. */
  user(opts?: UserOptions): Promise<{ id: string; token: string; email: string }>;
  api(method: string, path: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export interface UserOptions {
  email?: string;
  phoneNumber?: string;
  isAppUser?: boolean;
  plan?: 'BASIC' | 'PLUS' | 'PREMIUM' | null;
  trialEndsAt?: Date | null;
  preferences?: Record<string, unknown>;
}

export async function startApiHarness(env: Record<string, string> = {}): Promise<ApiHarness> {
  const testDb: TestDatabase = await createTestDatabase();
  const { client: temporal, connection, address } = await connectDevServer();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const taskQueue = `api-test-${randomUUID()}`;
  const config = loadApiConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDb.url,
    TEMPORAL_ADDRESS: address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    PUBLIC_BASE_URL: base,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    ...env,
  });
  const logger = createLogger('api-test', config.LOG_LEVEL);
  const db = createDb(config.DATABASE_URL);
  const deps: ApiDeps = { config, db, logger, providers: createProviders(config, db, logger), temporal, now: () => new Date() };
  server.on('request', createApp(deps));

  let n = 0;
  return {
    base,
    db,
    deps,
    temporal,
    config,
    taskQueue,
    async user(opts = {}) {
      const email = opts.email ?? `user-${randomUUID().slice(0, 8)}-${n++}@example.com`;
      const [row] = await db('users')
        .insert({
          email,
          phone_number: opts.phoneNumber ?? null,
          password_hash: 'not-a-real-hash',
          is_app_user: opts.isAppUser ?? false,
          signup_source: opts.isAppUser ? 'app' : 'web',
          trial_ends_at: opts.trialEndsAt !== undefined ? opts.trialEndsAt : opts.isAppUser ? null : new Date(Date.now() + 14 * 24 * 3600_000),
          plan: opts.plan ?? null,
        })
        .returning('id');
      const [method] = await db('prayer_calc_methods').where({ is_default: true }).pluck('name');
      const [hlat] = await db('prayer_calc_high_lats').where({ is_default: true }).pluck('name');
      await db('preferences').insert({ user_id: row.id, prayer_calc_method: method, prayer_calc_hlat: hlat, ...opts.preferences });
      const { token } = await createSession(db, row.id);
      return { id: row.id, token, email };
    },
    async api(method, path, opts = {}) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
        body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await db.destroy();
      await (connection as Connection).close();
      await testDb.drop();
    },
  };
}
