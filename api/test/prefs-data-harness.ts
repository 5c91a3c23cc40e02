import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Client, Connection } from '@temporalio/client';
import type { Knex } from 'knex';
import { createDb, createLogger, createProviders } from '@fajr/activities';
import { createSession } from '@fajr/activities/repositories/sessions.repository';
import { fajrCallsWorkflowId } from '@fajr/workflows/ids';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { connectDevServer } from '@fajr/scripts/testing/temporal';
import { createApp } from '../src/app';
import { createTemporalClient } from '../src/temporal/client';
import { loadApiConfig } from '../src/config';
import type { ApiDeps } from '../src/deps';

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely and assert their shape
  body: any;
}

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

export async function startHarness(opts: { rateLimits?: 'on' | 'off'; temporalAddress?: string } = {}): Promise<Harness> {
  const testDb: TestDatabase = await createTestDatabase();
  // temporalAddress: a Temporal that is not there (lazy client), to see how the API copes.
  const { client: temporal, connection, address } = opts.temporalAddress
    ? (() => {
        const client = createTemporalClient(opts.temporalAddress!, 'default');
        return { client, connection: client.connection, address: opts.temporalAddress! };
      })()
    : await connectDevServer();
  const taskQueue = `prefs-data-test-${randomUUID()}`;
  const config = loadApiConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDb.url,
    TEMPORAL_ADDRESS: address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: opts.rateLimits ?? 'off',
  });
  const logger = createLogger('api-test', config.LOG_LEVEL);
  const db = createDb(config.DATABASE_URL);
  const deps: ApiDeps = { config, db, logger, providers: createProviders(config, db, logger), temporal, now: () => new Date() };
  const server = http.createServer(createApp(deps));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const userIds: string[] = [];
  let n = 0;

  return {
    base,
    db,
    temporal,
    taskQueue,
    async user(opts = {}) {
      const [row] = await db('users')
        .insert({
          email: `prefs-${Date.now()}-${n++}@example.com`,
          password_hash: 'not-a-real-hash',
          is_app_user: opts.isAppUser ?? false,
          signup_source: opts.isAppUser ? 'app' : 'web',
          trial_ends_at: opts.isAppUser ? null : new Date(Date.now() + 14 * 24 * 3600_000),
          plan: opts.plan ?? null,
        })
        .returning('id');
      const id: string = row.id;
      userIds.push(id);
      if (opts.prefs !== false) {
        await db('preferences').insert({
          user_id: id,
          country_name: 'United Kingdom',
          country_code: 'GB',
          city_name: 'London',
          lat: 51.50853,
          lng: -0.12574,
          tz_name: 'Europe/London',
          prayer_calc_method: 'MuslimWorldLeague',
          prayer_calc_hlat: 'MiddleOfTheNight',
        });
      }
      const { token } = await createSession(db, id);
      return { id, token };
    },
    async api(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let body: string | undefined;
      if (opts.rawBody !== undefined) body = opts.rawBody;
      else if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const res = await fetch(base + path, { method, headers, body });
      const type = res.headers.get('content-type') ?? '';
      const payload = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
      return { status: res.status, headers: res.headers, body: payload };
    },
    async close() {
      // The call chains the saves started wait on a task queue no worker polls: end them.
      for (const id of opts.temporalAddress ? [] : userIds) {
        await temporal.workflow
          .getHandle(fajrCallsWorkflowId(id))
          .terminate('test finished')
          .catch(() => undefined);
      }
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await db.destroy();
      await (connection as Connection).close();
      await testDb.drop();
    },
  };
}
