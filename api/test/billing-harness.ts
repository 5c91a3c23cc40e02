import type { Client } from '@temporalio/client';
import Stripe from 'stripe';
import type { Knex } from '@fajr/activities';
import { createStripePayments, type StripeEndpoint } from '@fajr/activities/adapters/payments/stripe';
import type { ApiConfig } from '../src/config';
import type { ApiDeps } from '../src/deps';
import { startApiHarness } from './harness';

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
  const h = await startApiHarness({
    env: { CORS_ORIGINS: WEB_ORIGIN, ...(opts.stripe ? { PAYMENTS_PROVIDER: 'stripe', ...STRIPE_TEST_ENV } : { PAYMENTS_PROVIDER: 'local' }) },
    // The shared config has no API host setting (production always talks to api.stripe.com); tests aim the SDK at stripe-mock.
    adjustProviders: opts.stripe
      ? (providers, config, logger) => (providers.payments = createStripePayments(config, logger, opts.stripe!))
      : undefined,
  });
  const { base, config } = h;
  return {
    base,
    db: h.db,
    temporal: h.temporal,
    config,
    taskQueue: h.taskQueue,
    deps: h.deps,
    close: h.close,
    user: (u = {}) => h.user({ ...u, preferences: false }),
    async deliver(event, o = {}) {
      const payload = JSON.stringify({
        id: event.id,
        object: 'event',
        api_version: '2025-11-17.clover',
        created: event.created,
        livemode: false,
        type: event.type,
        data: { object: event.object },
      });
      const secret = o.secret ?? (config.PAYMENTS_PROVIDER === 'stripe' ? config.STRIPE_WEBHOOK_SECRET! : config.LOCAL_PAYMENTS_WEBHOOK_SECRET);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      return fetch(`${base}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: o.tamper ? payload.replace('"livemode":false', '"livemode":true ') : payload,
      });
    },
    async api(method, path, o = {}) {
      const r = await h.api(method, `/api${path}`, { token: o.token, body: o.body, headers: o.origin ? { origin: o.origin } : undefined });
      return { status: r.status, body: r.body };
    },
  };
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
