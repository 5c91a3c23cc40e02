// The one API test harness: every api integration test (and the API fuzz test) starts the real app through startApi.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Client, Connection } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { createActivities, createDb, createLogger, createProviders, type Knex } from '@fajr/activities';
import { createStripePayments } from '@fajr/activities/adapters/payments/stripe';
import { fajrCallsWorkflowId } from '@fajr/workflows';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { createApp } from '@fajr/api/app';
import { loadApiConfig, type ApiConfig } from '@fajr/api/config';
import type { ApiDeps } from '@fajr/api/deps';
import { createTemporalClient } from '@fajr/api/temporal';
import { localAppAttestation } from './attestation';
import { insertSignedInUser, type UserOptions } from './signed-in-user';
import { STRIPE_TEST_ENV } from './payments';
import { freshPhone } from './phones';
import type { StripeMock } from './stripe-mock';
import { connectDevServer } from './temporal';

/**
 * An answer as tests read it: JSON bodies parsed, text as text, anything else as bytes. `headers` is
 * not enumerable, so a test can compare the whole reply with `toEqual({ status, body })`.
 */
export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** The origin the web app is served from in tests (allowed by CORS when `payments` is set). */
export const WEB_ORIGIN = 'http://localhost:5173';

export interface StartApiOptions {
  /** API configuration on top of the test defaults (local providers, silent logs, no rate limits). */
  env?: Record<string, string>;
  /** RATE_LIMITS of the app: off unless a test is about them. */
  rateLimits?: 'on' | 'off';
  /** A Temporal address instead of the dev server (e.g. one where nothing listens, to see how the API copes). */
  temporalAddress?: string;
  /**
   * Runs a worker in the test process on the harness's task queue, with every activity and either the
   * real workflows package (`all`) or the accounts workflows (`accounts`: oneTimeCode, trial, and a
   * stand-in fajrCalls that counts its `prefsChanged` signals). Without it no worker polls the queue:
   * started workflows just collect signals.
   */
  worker?: 'all' | 'accounts';
  /**
   * The payments provider: `local` (the local checkout, CORS open to WEB_ORIGIN), or the Stripe adapter
   * aimed at a running stripe-mock. Unset: the API's default configuration.
   */
  payments?: 'local' | { stripeMock: StripeMock };
  /**
   * The preferences row `user()` gives a user unless told otherwise: columns on top of the catalogue
   * defaults (e.g. LONDON_PREFS), or false for no row. Default: the catalogue defaults alone.
   */
  userPreferences?: Record<string, unknown> | false;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as is (with a JSON content type), for malformed bodies. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The client address the app sees (X-Forwarded-For: the app trusts the loopback proxy). */
  ip?: string;
  /** The Origin header, as a browser on that origin sends it. */
  origin?: string;
}

/** The real API on port 0, on a fresh database and the Temporal dev server, with local providers. */
export interface ApiHarness {
  /** Origin of the server, e.g. http://127.0.0.1:41234 (routes are under /api). */
  base: string;
  db: Knex;
  testDb: TestDatabase;
  /** The running app's dependencies (a test may swap one to simulate an outage). */
  deps: ApiDeps;
  temporal: Client;
  config: ApiConfig;
  taskQueue: string;
  /** A user inserted directly (sign-up is another feature) with a live session token. */
  user(opts?: UserOptions): Promise<{ id: string; token: string; email: string }>;
  /** A request to the app; `path` is the full path, e.g. /api/users/current-user. */
  api<T = any>(method: string, path: string, opts?: RequestOptions): Promise<Reply<T>>;
  close(): Promise<void>;
}

export async function startApi(opts: StartApiOptions = {}): Promise<ApiHarness> {
  const testDb = await createTestDatabase();
  const dev = opts.temporalAddress ? undefined : await connectDevServer();
  const temporalAddress = opts.temporalAddress ?? dev!.address;
  const temporal = dev?.client ?? createTemporalClient(temporalAddress, 'default');
  const connection = (dev?.connection ?? temporal.connection) as Connection;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const taskQueue = `api-test-${randomUUID()}`;
  const stripeMock = typeof opts.payments === 'object' ? opts.payments.stripeMock : undefined;
  const config = loadApiConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDb.url,
    TEMPORAL_ADDRESS: temporalAddress,
    TEMPORAL_TASK_QUEUE: taskQueue,
    // Local providers call back to the API's public URL: this very server.
    PUBLIC_BASE_URL: base,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: opts.rateLimits ?? 'off',
    ...(opts.payments
      ? {
          CORS_ORIGINS: WEB_ORIGIN,
          ...(stripeMock ? { PAYMENTS_PROVIDER: 'stripe', ...STRIPE_TEST_ENV } : { PAYMENTS_PROVIDER: 'local' }),
        }
      : {}),
    ...opts.env,
  });
  const logger = createLogger('api-test', config.LOG_LEVEL);
  const db = createDb(config.DATABASE_URL);
  const providers = createProviders(config, db, logger);
  // The shared config has no API host setting (production always talks to api.stripe.com); tests aim the SDK at stripe-mock.
  if (stripeMock)
    providers.payments = createStripePayments(config, logger, {
      host: stripeMock.host,
      port: stripeMock.port,
      protocol: stripeMock.protocol,
    });
  const deps: ApiDeps = { config, db, logger, providers, temporal, now: () => new Date() };
  server.on('request', createApp(deps));

  let stopWorker = async () => undefined as void;
  if (opts.worker) {
    const workflowsPath =
      opts.worker === 'all' ? require.resolve('@fajr/workflows') : require.resolve('./workflows/accounts');
    const nativeConnection = await NativeConnection.connect({ address: temporalAddress });
    const worker = await Worker.create({
      connection: nativeConnection,
      taskQueue,
      workflowBundle: await bundleWorkflowCode({ workflowsPath, logger: silentLogger }),
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
      const user = await insertSignedInUser(db, u, opts.userPreferences ?? {});
      userIds.push(user.id);
      return user;
    },
    async api(method, path, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      if (o.ip) headers['x-forwarded-for'] = o.ip;
      if (o.origin) headers.origin = o.origin;
      const body = o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const res = await fetch(`${base}${path}`, { method, headers, body });
      const reply = { status: res.status, body: (await readBody(res)) as any } as Reply;
      return Object.defineProperty(reply, 'headers', { value: res.headers, enumerable: false });
    },
    async close() {
      // Call chains the tests started wait on this harness's task queue: end them.
      if (dev) {
        for (const id of userIds) {
          await temporal.workflow
            .getHandle(fajrCallsWorkflowId(id))
            .terminate('test finished')
            .catch(() => undefined);
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

/**
 * Registers the beforeAll/afterAll that start the API for a test file (or describe block) and close it
 * after its tests (`beforeClose` first, while it still runs). The harness it returns can be used inside
 * tests and later hooks.
 */
export function useApi(opts: StartApiOptions = {}, beforeClose?: (h: ApiHarness) => Promise<void>): ApiHarness {
  let started: ApiHarness | undefined;
  beforeAll(async () => {
    started = await startApi(opts);
  }, 120_000);
  afterAll(async () => {
    if (started) await beforeClose?.(started);
    await started?.close();
  }, 60_000);
  return new Proxy({} as ApiHarness, {
    get(_target, key) {
      if (!started) throw new Error('useApi: the harness was used before its beforeAll started it');
      return Reflect.get(started, key);
    },
  });
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

const silentLogger = {
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  log: () => {},
};

/** Names of the signals a workflow has received so far (from its history). */
export async function signalsOf(temporal: Client, workflowId: string): Promise<string[]> {
  const history = await temporal.workflow.getHandle(workflowId).fetchHistory();
  return (history.events ?? []).flatMap((e) => {
    const name = e.workflowExecutionSignaledEventAttributes?.signalName;
    return name ? [name] : [];
  });
}

/** Signs up a user through the API with a fresh phone number; returns the token, user and the number. */
export async function signupPhone(h: ApiHarness, opts: { source?: 'web' | 'app'; password?: string } = {}) {
  const phoneNumber = freshPhone();
  const password = opts.password ?? 'correct horse battery';
  // An app sign-up carries the app's attestation (local in tests), as the app does.
  const attestation = opts.source === 'app' ? await localAppAttestation(h.base) : undefined;
  const r = await h.api('POST', `/api/users/signup?source=${opts.source ?? 'web'}`, {
    body: { phoneNumber, password, attestation },
  });
  if (r.status !== 200) throw new Error(`signup failed: ${r.status} ${JSON.stringify(r.body)}`);
  return { token: r.body.result.token as string, user: r.body.result.user, phoneNumber, password };
}

/** Signs up a user through the API with a fresh e-mail address, as the app does (a web sign-up gives a phone number): an app account. */
export async function signupEmail(h: ApiHarness, opts: { password?: string } = {}) {
  const email = `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = opts.password ?? 'correct horse battery';
  const r = await h.api('POST', '/api/users/signup?source=app', {
    body: { phoneNumber: email, password, attestation: await localAppAttestation(h.base) },
  });
  if (r.status !== 200) throw new Error(`signup failed: ${r.status} ${JSON.stringify(r.body)}`);
  return { token: r.body.result.token as string, user: r.body.result.user, email, password };
}

/** Waits for the next message to a recipient in the local outbox (newer than `afterId`) and returns its code. */
export async function nextCode(
  h: ApiHarness,
  recipient: string,
  afterId = 0,
): Promise<{ code: string; id: number; body: string }> {
  for (let i = 0; i < 200; i++) {
    const r = await h.api('GET', `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
    const m = r.body?.result?.messages?.[0];
    if (m && m.id > afterId) {
      const code = /\b(\d{6})\b/.exec(m.body)?.[1];
      if (!code) throw new Error('the latest message has no code');
      return { code, id: m.id, body: m.body };
    }
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`no message to ${recipient} within 10 s`);
}

/** The id of the newest local-outbox message to a recipient (0 when none). */
export async function lastOutboxId(h: ApiHarness, recipient: string): Promise<number> {
  const row = await h.db('local_outbox').where({ recipient }).max({ id: 'id' }).first();
  return Number(row?.id ?? 0);
}
