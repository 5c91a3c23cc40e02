// Payments test helpers: the Stripe settings the harness runs with, and Stripe-format webhook events.
import Stripe from 'stripe';
import type { ApiHarness } from './api';

/** The Stripe configuration of `startApi({ payments: { stripeMock } })`. */
export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_stripe_secret',
  STRIPE_PRICE_BASIC: 'price_basic_test',
  STRIPE_PRICE_PLUS: 'price_plus_test',
  STRIPE_PRICE_PREMIUM: 'price_premium_test',
};

/** Sends a Stripe-format event to the webhook, signed with the running provider's secret (or another one). */
export async function deliverStripeEvent(
  h: ApiHarness,
  event: { id: string; type: string; created: number; object: unknown },
  opts: { secret?: string; tamper?: boolean } = {},
): Promise<Response> {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: '2025-11-17.clover',
    created: event.created,
    livemode: false,
    type: event.type,
    data: { object: event.object },
  });
  const secret =
    opts.secret ??
    (h.config.PAYMENTS_PROVIDER === 'stripe'
      ? h.config.STRIPE_WEBHOOK_SECRET!
      : h.config.LOCAL_PAYMENTS_WEBHOOK_SECRET);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return fetch(`${h.base}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: opts.tamper ? payload.replace('"livemode":false', '"livemode":true ') : payload,
  });
}

/** A subscription object in Stripe's shape. */
export function subscriptionObject(s: {
  id: string;
  customer: string;
  userId?: string;
  price: string;
  status?: string;
  plan?: string;
}) {
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status ?? 'active',
    metadata: s.userId ? { userId: s.userId, plan: s.plan ?? '' } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id}`,
          object: 'subscription_item',
          current_period_end: 1_900_000_000,
          price: { id: s.price, object: 'price' },
        },
      ],
    },
  };
}
