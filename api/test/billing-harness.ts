import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Client, Connection } from '@temporalio/client';
import Stripe from 'stripe';
import { createDb, createLogger, createProviders, type Knex } from '@fajr/activities';
import { createStripePayments, type StripeEndpoint } from '@fajr/activities/adapters/payments/stripe';
import { createSession } from '@fajr/activities/repositories/sessions.repository';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { connectDevServer } from '@fajr/scripts/testing/temporal';
import { createApp } from '../src/app';
import { loadApiConfig, type ApiConfig } from '../src/config';
import type { ApiDeps } from '../src/deps';

export const WEB_ORIGIN = 'http://localhost:5173';

/** The real API on port 0 against a fresh database and the Temporal dev server, with the local payments provider. */
export interface BillingHarness {
  base: string;
  db: Knex;
  temporal: Client;
  config: ApiConfig;
  taskQueue: string;
  /** The running app's dependencies (a test may swap the Temporal client to simulate an outage). */
  deps: ApiDeps;
  close(): Promise<void>;
  /** A web user (or app user) inserted directly, with a session token. */
  user(opts?: { isAppUser?: boolean; plan?: 'BASIC' | 'PLUS' | 'PREMIUM' | null; email?: string }): Promise<{ id: string; token: string; email: string }>;
  /** Sends a Stripe-format event to the webhook, signed with the local secret (or another one). */
  deliver(event: { id: string; type: string; created: number; object: unknown }, opts?: { secret?: string; tamper?: boolean }): Promise<Response>;
  api(method: string, path: string, opts?: { token?: string; body?: unknown; origin?: string }): Promise<{ status: number; body: any }>;
}

export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_stripe_secret',
  STRIPE_PRICE_BASIC: 'price_basic_test',
  STRIPE_PRICE_PLUS: 'price_plus_test',
  STRIPE_PRICE_PREMIUM: 'price_premium_test',
};

/** With `stripe`, the API uses the Stripe adapter pointed at that endpoint (stripe-mock); else the local provider. */
export async function startBillingHarness(opts: { stripe?: StripeEndpoint } = {}): Promise<BillingHarness> {
  const testDb: TestDatabase = await createTestDatabase();
  const { client: temporal, connection, address } = await connectDevServer();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const taskQueue = `billing-test-${randomUUID()}`;
  const config = loadApiConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDb.url,
    TEMPORAL_ADDRESS: address,
    TEMPORAL_TASK_QUEUE: taskQueue,
    // The local checkout delivers its webhooks to the API's public URL: this very server.
    PUBLIC_BASE_URL: base,
    CORS_ORIGINS: WEB_ORIGIN,
    ...(opts.stripe ? { PAYMENTS_PROVIDER: 'stripe', ...STRIPE_TEST_ENV } : { PAYMENTS_PROVIDER: 'local' }),
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
  });
  const logger = createLogger('api-test', config.LOG_LEVEL);
  const db = createDb(config.DATABASE_URL);
  const providers = createProviders(config, db, logger);
  // The shared config has no API host setting (production always talks to api.stripe.com); tests aim the SDK at stripe-mock.
  if (opts.stripe) providers.payments = createStripePayments(config, logger, opts.stripe);
  const deps: ApiDeps = { config, db, logger, providers, temporal, now: () => new Date() };
  server.on('request', createApp(deps));

  let n = 0;
  const harness: BillingHarness = {
    base,
    db,
    temporal,
    config,
    taskQueue,
    deps,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await db.destroy();
      await (connection as Connection).close();
      await testDb.drop();
    },
    async user(opts = {}) {
      const email = opts.email ?? `billing-${Date.now()}-${n++}@example.com`;
      const [row] = await db('users')
        .insert({
          email,
          password_hash: 'not-a-real-hash',
          is_app_user: opts.isAppUser ?? false,
          signup_source: opts.isAppUser ? 'app' : 'web',
          trial_ends_at: opts.isAppUser ? null : new Date(Date.now() + 14 * 24 * 3600_000),
          plan: opts.plan ?? null,
        })
        .returning('id');
      const { token } = await createSession(db, row.id);
      return { id: row.id, token, email };
    },
    async deliver(event, opts = {}) {
      const payload = JSON.stringify({
        id: event.id,
        object: 'event',
        api_version: '2025-11-17.clover',
        created: event.created,
        livemode: false,
        type: event.type,
        data: { object: event.object },
      });
      const secret = opts.secret ?? (config.PAYMENTS_PROVIDER === 'stripe' ? config.STRIPE_WEBHOOK_SECRET! : config.LOCAL_PAYMENTS_WEBHOOK_SECRET);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      return fetch(`${base}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: opts.tamper ? payload.replace('"livemode":false', '"livemode":true ') : payload,
      });
    },
    async api(method, path, opts = {}) {
      const headers: Record<string, string> = {};
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.origin) headers.origin = opts.origin;
      if (opts.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${base}/api${path}`, {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
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
  };
  return harness;
}

/** Names of the signals a workflow has received so far (from its history). */
export async function signalsOf(temporal: Client, workflowId: string): Promise<string[]> {
  const history = await temporal.workflow.getHandle(workflowId).fetchHistory();
  return (history.events ?? []).flatMap((e) => {
    const name = e.workflowExecutionSignaledEventAttributes?.signalName;
    return name ? [name] : [];
  });
}

/** A subscription object in Stripe's shape. */
export function subscriptionObject(s: { id: string; customer: string; userId?: string; price: string; status?: string; plan?: string }) {
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status ?? 'active',
    metadata: s.userId ? { userId: s.userId, plan: s.plan ?? '' } : {},
    items: { object: 'list', data: [{ id: `si_${s.id}`, object: 'subscription_item', current_period_end: 1_900_000_000, price: { id: s.price, object: 'price' } }] },
  };
}
