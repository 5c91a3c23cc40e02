// What the local payments provider's two sides (the API's Payments and the person's console) share: its
// tables, its clock, and the webhook events it signs and delivers as Stripe does.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import Stripe from 'stripe';
import type { SharedConfig } from '../../config';
import { PLANS, type Plan } from '../../domain/entitlements';
import type { Logger } from '../../logger';
import { proratedChange } from '../../domain/proration';
import { CURRENCY, unix, type SubscriptionRow } from './local-objects';
import { DEFAULT_PLAN_PRICES_GBP, LocalPaymentsError, type PlanChangePreview } from './types';

const PORTAL_TTL_MS = 3600_000;
const DELIVERY_ATTEMPTS = 3;

export const localPriceId = (plan: Plan) => `price_local_${plan.toLowerCase()}`;
export const newId = (prefix: string, bytes = 12) => `${prefix}_local_${randomBytes(bytes).toString('hex')}`;

export interface LocalPaymentsContext {
  db: Knex;
  logger: Logger;
  now: () => Date;
  /** The webhook signing secret, and this API's base URL (pages and webhooks are served under it). */
  secret: string;
  base: string;
}

export function localPaymentsContext(
  config: SharedConfig,
  db: Knex,
  logger: Logger,
  now: () => Date,
): LocalPaymentsContext {
  return {
    db,
    logger,
    now,
    secret: config.LOCAL_PAYMENTS_WEBHOOK_SECRET,
    base: config.PUBLIC_BASE_URL.replace(/\/+$/, ''),
  };
}

/** Posts a webhook event to POST /api/webhooks/stripe, signed as Stripe signs it; retried, then a 502. */
export async function deliver(ctx: LocalPaymentsContext, type: string, object: unknown): Promise<void> {
  const { logger, now, secret } = ctx;
  const webhookUrl = `${ctx.base}/api/webhooks/stripe`;
  const event = {
    id: newId('evt'),
    object: 'event',
    api_version: '2025-11-17.clover',
    created: unix(now()),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
  const payload = JSON.stringify(event);
  let lastError = '';
  for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt++) {
    // A fresh signature per attempt, as Stripe does (its timestamp is checked against a tolerance).
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: unix(new Date()) });
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
        signal: AbortSignal.timeout(15_000),
      });
      if (res.ok) {
        logger.info({ eventId: event.id, type }, 'local payments: webhook delivered');
        return;
      }
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 200 * attempt));
  }
  logger.error({ eventId: event.id, type, lastError }, 'local payments: webhook delivery failed');
  throw new LocalPaymentsError(
    `Could not deliver the ${type} event to ${webhookUrl} (${lastError}); is PUBLIC_BASE_URL this API?`,
    502,
  );
}

export const planOfPrice = (priceId: string) => PLANS.find((p) => localPriceId(p) === priceId);

/** The subscription a live portal session may change, locked for the change; 410/404/400 otherwise. */
export async function liveSubscription(ctx: LocalPaymentsContext, trx: Knex, portalId: string, subscriptionId: string) {
  const { now } = ctx;
  const portal = await trx('local_payment_portal_sessions')
    .where({ id: portalId })
    .where('expires_at', '>', now())
    .first();
  if (!portal) throw new LocalPaymentsError('This portal link has expired', 410);
  const sub: SubscriptionRow | undefined = await trx('local_payment_subscriptions')
    .where({ id: subscriptionId, customer_id: portal.customer_id })
    .forUpdate()
    .first();
  if (!sub) throw new LocalPaymentsError('No such subscription', 404);
  if (sub.status === 'canceled') throw new LocalPaymentsError('This subscription is already cancelled');
  return sub;
}

// A plan change bills the prorated difference at once, as Stripe does with 'always_invoice'.
export const previewOf = (ctx: LocalPaymentsContext, sub: SubscriptionRow, plan: Plan): PlanChangePreview => ({
  amountDue: proratedChange(
    DEFAULT_PLAN_PRICES_GBP[sub.plan],
    DEFAULT_PLAN_PRICES_GBP[plan],
    sub.current_period_end,
    ctx.now(),
  ),
  currency: CURRENCY,
  monthlyAmount: DEFAULT_PLAN_PRICES_GBP[plan],
  periodEnd: sub.current_period_end,
});

/** A billing portal session for a customer: the URL of its page under /api/dev/portal/. */
export async function createPortalSession(
  ctx: LocalPaymentsContext,
  customerId: string,
  returnUrl: string,
): Promise<string> {
  const { db, now, base } = ctx;
  const customer = await db('local_payment_customers').where({ id: customerId }).first();
  if (!customer) throw new LocalPaymentsError(`No such customer: '${customerId}'`, 404);
  const id = newId('bps', 24);
  const at = now();
  await db('local_payment_portal_sessions').insert({
    id,
    customer_id: customerId,
    return_url: returnUrl,
    expires_at: new Date(at.getTime() + PORTAL_TTL_MS),
    created_at: at,
  });
  return `${base}/api/dev/portal/${id}`;
}
