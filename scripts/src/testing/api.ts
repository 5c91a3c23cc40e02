import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { createActivities, createDb, createLogger, createProviders, type Knex, type Logger, type Providers } from '@fajr/activities';
import { createSession } from '@fajr/activities/repositories/sessions.repository';
import { fajrCallsWorkflowId } from '@fajr/workflows/ids';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { connectDevServer } from '@fajr/scripts/testing/temporal';
import { createApp } from '../src/app';
import { loadApiConfig, type ApiConfig } from '../src/config';
import type { ApiDeps } from '../src/deps';
import { createTemporalClient } from '../src/temporal/client';

/** An answer as tests read it: JSON bodies parsed, text as text, anything else as bytes. */
export interface Reply {
  status: number;
  headers: Headers;
  body: any;
}

export interface HarnessOptions {
  /** API configuration on top of the test defaults (local providers, silent logs, no rate limits). */
  env?: Record<string, string>;
  /** A Temporal address instead of the dev server (e.g. one where nothing listens). */
  temporalAddress?: string;
  /** Runs a worker in the test process with these workflows and every activity, on the harness's task queue. */
  workflowsPath?: string;
  /** Replaces providers after they are built (e.g. Stripe aimed at stripe-mock). */
  adjustProviders?: (providers: Providers, config: ApiConfig, logger: Logger) => void;
}

export interface UserOptions {
  email?: string;
  phoneNumber?: string;
  isAppUser?: boolean;
  plan?: 'BASIC' | 'PLUS' | 'PREMIUM' | null;
  trialEndsAt?: Date | null;
  /** Columns of the preferences row (catalogue defaults otherwise); false: no row. */
  preferences?: Record<string, unknown> | false;
}

/** The real API on port 0, on a fresh database and the Temporal dev server, with local providers. */
export interface ApiHarness {
  /** Origin of the server, e.g. http://127.0.0.1:41234 (routes are under /api). */
  base: string;
  db: Knex;
  testDb: TestDatabase;
  deps: ApiDeps;
  temporal: Client;
  config: ApiConfig;
  taskQueue: string;
  /** A user inserted directly (with a preferences row unless told otherwise) and a live session token. */
  user(opts?: UserOptions): Promise<{ id: string; token: string; email: string }>;
  api(method: string, path: string, opts?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<Reply>;
  close(): Promise<void>;
}

export async function startApiHarness(opts: HarnessOptions = {}): Promise<ApiHarness> {
  const testDb = await createTestDatabase();
  const dev = opts.temporalAddress ? undefined : await connectDevServer();
  const temporalAddress = opts.temporalAddress ?? dev!.address;
  const temporal = dev?.client ?? createTemporalClient(temporalAddress, 'default');
  const connection = (dev?.connection ?? temporal.connection) as Connection;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const taskQueue = `api-test-${randomUUID()}`;
  const config = loadApiConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDb.url,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: taskQueue,
    // Local providers call back to the API's public URL: this very server.
    PUBLIC_BASE_URL: base,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    ...opts.env,
  });
  const logger = createLogger('api-test', config.LOG_LEVEL);
  const db = createDb(config.DATABASE_URL);
  const providers = createProviders(config, db, logger);
  opts.adjustProviders?.(providers, config, logger);
  const deps: ApiDeps = { config, db, logger, providers, temporal, now: () => new Date() };
  server.on('request', createApp(deps));

  let stopWorker = async () => undefined as void;
  if (opts.workflowsPath) {
    const nativeConnection = await NativeConnection.connect({ address: temporalAddress });
    const worker = await Worker.create({
      connection: nativeConnection,
      taskQueue,
      workflowBundle: await bundleWorkflowCode({ workflowsPath: opts.workflowsPath, logger: silentLogger }),
      activities: createActivities(deps),
    });
    const running = worker.run();
    stopWorker = async () => {
      worker.shutdown();
      await running;
      await nativeConnection.close();
    };
  }

  const userIds: string[] = [];
  return {
    base,
    db,
    testDb,
    deps,
    temporal,
    config,
    taskQueue,
    async user(u = {}) {
      const email = u.email ?? `user-${randomUUID().slice(0, 12)}@example.com`;
      const [row] = await db('users')
        .insert({
          email,
          phone_number: u.phoneNumber ?? null,
          password_hash: 'not-a-real-hash',
          is_app_user: u.isAppUser ?? false,
          signup_source: u.isAppUser ? 'app' : 'web',
          trial_ends_at: u.trialEndsAt !== undefined ? u.trialEndsAt : u.isAppUser ? null : new Date(Date.now() + 14 * 24 * 3600_000),
          plan: u.plan ?? null,
        })
        .returning('id');
      userIds.push(row.id);
      if (u.preferences !== false) {
        const [method] = await db('prayer_calc_methods').where({ is_default: true }).pluck('name');
        const [hlat] = await db('prayer_calc_high_lats').where({ is_default: true }).pluck('name');
        await db('preferences').insert({ user_id: row.id, prayer_calc_method: method, prayer_calc_hlat: hlat, ...u.preferences });
      }
      const { token } = await createSession(db, row.id);
      return { id: row.id, token, email };
    },
    async api(method, path, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      const body = o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const res = await fetch(`${base}${path}`, { method, headers, body });
      return { status: res.status, headers: res.headers, body: await readBody(res) };
    },
    async close() {
      // Call chains the tests started wait on this harness's task queue: end them.
      if (dev) {
        for (const id of userIds) {
          await temporal.workflow.getHandle(fajrCallsWorkflowId(id)).terminate('test finished').catch(() => undefined);
        }
      }
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await stopWorker();
      await db.destroy();
      await connection.close();
      await testDb.drop();
    },
  };
}

async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
  }
  if (type.startsWith('text/') || !type) return res.text();
  return Buffer.from(await res.arrayBuffer());
}

const silentLogger = { trace: () => {}, debug: () => {}, info: () => {}, warn: () => {}, error: () => {}, log: () => {} };
