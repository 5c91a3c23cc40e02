import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import Stripe from 'stripe';
import type { SharedConfig } from '../../config';
import { PLANS, type Plan } from '../../domain/entitlements';
import type { Logger } from '../../logger';
import { proratedChange } from '../../domain/proration';
import { CURRENCY, checkoutObject, subscriptionObject, unix, type CheckoutRow, type SubscriptionRow } from './local-objects';
import { stripeFormatWebhooks } from './stripe-format';
import {
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  DEFAULT_PLAN_PRICES_GBP,
  LocalPaymentsError,
  gbpPlanPrices,
  type CheckoutSessionDetails,
  type LocalPaymentsConsole,
  type Payments,
  type PlanChangePreview,
} from './types';

// Its console's error, where callers of this adapter look for it.

const CHECKOUT_TTL_MS = 24 * 3600_000; // Stripe Checkout Sessions expire after 24 hours by default
const PORTAL_TTL_MS = 3600_000;
const DELIVERY_ATTEMPTS = 3;

const localPriceId = (plan: Plan) => `price_local_${plan.toLowerCase()}`;
const newId = (prefix: string, bytes = 12) => `${prefix}_local_${randomBytes(bytes).toString('hex')}`;

/**
 * The local payments provider: Checkout, the billing portal and subscriptions kept in Postgres, with
 * pages served by the API under /api/dev/…, and webhook events in Stripe's format, signed like Stripe
 * signs them (t=…,v1=HMAC-SHA256("t.payload")), delivered over HTTP to POST /api/webhooks/stripe.
 * `devConsole` is what those pages do (the person's side), handed to the API as a development console.
 */
export function createLocalPayments(
  config: SharedConfig,
  db: Knex,
  logger: Logger,
  now: () => Date = () => new Date(),
): { payments: Payments; devConsole: LocalPaymentsConsole } {
  const secret = config.LOCAL_PAYMENTS_WEBHOOK_SECRET;
  const base = config.PUBLIC_BASE_URL.replace(/\/+$/, '');
  const webhookUrl = `${base}/api/webhooks/stripe`;

  async function deliver(type: string, object: unknown): Promise<void> {
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
    throw new LocalPaymentsError(`Could not deliver the ${type} event to ${webhookUrl} (${lastError}); is PUBLIC_BASE_URL this API?`, 502);
  }

  const planOfPrice = (priceId: string) => PLANS.find((p) => localPriceId(p) === priceId);

  async function liveSubscription(trx: Knex, portalId: string, subscriptionId: string) {
    const portal = await trx('local_payment_portal_sessions').where({ id: portalId }).where('expires_at', '>', now()).first();
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
  const previewOf = (sub: SubscriptionRow, plan: Plan): PlanChangePreview => ({
    amountDue: proratedChange(DEFAULT_PLAN_PRICES_GBP[sub.plan], DEFAULT_PLAN_PRICES_GBP[plan], sub.current_period_end, now()),
    currency: CURRENCY,
    monthlyAmount: DEFAULT_PLAN_PRICES_GBP[plan],
    periodEnd: sub.current_period_end,
  });

  async function createPortalSession(customerId: string, returnUrl: string): Promise<string> {
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

  const console_: LocalPaymentsConsole = {
    async getCheckout(id) {
      const c: CheckoutRow | undefined = await db('local_payment_checkout_sessions').where({ id }).first();
      if (!c) return undefined;
      const expired = c.status === 'open' && c.expires_at.getTime() <= now().getTime();
      return {
        id: c.id,
        plan: c.plan,
        amountTotal: c.amount_total,
        currency: c.currency,
        status: expired ? 'expired' : c.status,
        email: c.customer_email,
        cancelUrl: c.cancel_url,
        successUrl: c.success_url,
      };
    },

    async payCheckout(id, details) {
      const at = now();
      const { checkout, subscription, subscriptionEvent } = await db.transaction(async (trx) => {
        const c: CheckoutRow | undefined = await trx('local_payment_checkout_sessions').where({ id }).forUpdate().first();
        if (!c) throw new LocalPaymentsError('No such checkout session', 404);
        if (c.status !== 'open') throw new LocalPaymentsError(`This checkout is already ${c.status === 'complete' ? 'paid' : 'closed'}`);
        if (c.expires_at.getTime() <= at.getTime()) throw new LocalPaymentsError('This checkout has expired', 410);

        let customerId = c.customer_id;
        if (!customerId) {
          customerId = newId('cus');
          await trx('local_payment_customers').insert({ id: customerId, email: details.email, name: details.name, created_at: at });
        }
        const periodEnd = new Date(at);
        periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
        // A customer who already pays gets the plan changed on the live subscription (never billed twice).
        const existing: SubscriptionRow | undefined = await trx('local_payment_subscriptions')
          .where({ customer_id: customerId, status: 'active' })
          .orderBy('created_at', 'desc')
          .forUpdate()
          .first();
        let sub: SubscriptionRow;
        let subscriptionEvent: 'customer.subscription.created' | 'customer.subscription.updated';
        if (existing) {
          [sub] = await trx('local_payment_subscriptions')
            .where({ id: existing.id })
            .update({ plan: c.plan, price_id: c.price_id, client_reference_id: c.client_reference_id, updated_at: at })
            .returning('*');
          subscriptionEvent = 'customer.subscription.updated';
        } else {
          [sub] = await trx('local_payment_subscriptions')
            .insert({
              id: newId('sub'),
              customer_id: customerId,
              client_reference_id: c.client_reference_id,
              plan: c.plan,
              price_id: c.price_id,
              status: 'active',
              current_period_end: periodEnd,
              created_at: at,
              updated_at: at,
            })
            .returning('*');
          subscriptionEvent = 'customer.subscription.created';
        }
        const [checkout] = await trx('local_payment_checkout_sessions')
          .where({ id })
          .update({
            status: 'complete',
            customer_id: customerId,
            customer_name: details.name,
            customer_details_email: details.email,
            postal_code: details.postalCode,
            subscription_id: sub!.id,
            completed_at: at,
          })
          .returning('*');
        return { checkout: checkout as CheckoutRow, subscription: sub!, subscriptionEvent };
      });
      await deliver('checkout.session.completed', checkoutObject(checkout));
      await deliver(subscriptionEvent, subscriptionObject(subscription));
      return checkout.success_url.split(CHECKOUT_SESSION_ID_PLACEHOLDER).join(checkout.id);
    },

    async cancelCheckout(id) {
      const c: CheckoutRow | undefined = await db('local_payment_checkout_sessions').where({ id }).first();
      if (!c) throw new LocalPaymentsError('No such checkout session', 404);
      if (c.status === 'open') await db('local_payment_checkout_sessions').where({ id, status: 'open' }).update({ status: 'expired' });
      return c.cancel_url;
    },

    async getPortal(id) {
      const p = await db('local_payment_portal_sessions').where({ id }).where('expires_at', '>', now()).first();
      if (!p) return undefined;
      const subs: SubscriptionRow[] = await db('local_payment_subscriptions').where({ customer_id: p.customer_id }).orderBy('created_at');
      return {
        id: p.id,
        customerId: p.customer_id,
        returnUrl: p.return_url,
        subscriptions: subs.map((s) => ({
          id: s.id,
          plan: s.plan,
          status: s.status,
          amount: DEFAULT_PLAN_PRICES_GBP[s.plan],
          currency: CURRENCY,
          currentPeriodEnd: s.current_period_end,
        })),
      };
    },

    async previewChange(portalId, subscriptionId, plan) {
      return previewOf(await liveSubscription(db, portalId, subscriptionId), plan);
    },

    async changePlan(portalId, subscriptionId, plan) {
      const sub = await db.transaction(async (trx) => {
        const s = await liveSubscription(trx, portalId, subscriptionId);
        if (s.plan !== plan) {
          const { amountDue, currency } = previewOf(s, plan);
          await trx('local_payment_invoices').insert({
            id: newId('in'),
            customer_id: s.customer_id,
            subscription_id: s.id,
            from_plan: s.plan,
            to_plan: plan,
            amount_due: amountDue,
            currency,
            created_at: now(),
          });
        }
        const [updated] = await trx('local_payment_subscriptions')
          .where({ id: s.id })
          .update({ plan, price_id: localPriceId(plan), updated_at: now() })
          .returning('*');
        return updated as SubscriptionRow;
      });
      await deliver('customer.subscription.updated', subscriptionObject(sub));
    },

    async cancelSubscription(portalId, subscriptionId) {
      const sub = await db.transaction(async (trx) => {
        const s = await liveSubscription(trx, portalId, subscriptionId);
        const [updated] = await trx('local_payment_subscriptions')
          .where({ id: s.id })
          .update({ status: 'canceled', updated_at: now() })
          .returning('*');
        return updated as SubscriptionRow;
      });
      await deliver('customer.subscription.deleted', subscriptionObject(sub));
    },
  };

  const payments: Payments = {
    provider: 'local',

    async createCheckoutSession(customer, plan, successUrl, cancelUrl) {
      const id = newId('cs', 24);
      const at = now();
      const known = customer.billingCustomerId
        ? await db('local_payment_customers').where({ id: customer.billingCustomerId }).first()
        : undefined;
      await db('local_payment_checkout_sessions').insert({
        id,
        client_reference_id: customer.userId,
        customer_id: known ? known.id : null,
        customer_email: known?.email ?? customer.email,
        plan,
        price_id: localPriceId(plan),
        amount_total: DEFAULT_PLAN_PRICES_GBP[plan],
        currency: CURRENCY,
        success_url: successUrl,
        cancel_url: cancelUrl,
        status: 'open',
        expires_at: new Date(at.getTime() + CHECKOUT_TTL_MS),
        created_at: at,
      });
      return { id, url: `${base}/api/dev/checkout/${id}` };
    },

    createPortalSession,

    async createPlanChangeSession(customerId, subscriptionId, plan, returnUrl) {
      const sub = await db('local_payment_subscriptions').where({ id: subscriptionId, customer_id: customerId }).first();
      if (!sub) throw new LocalPaymentsError(`No such subscription: '${subscriptionId}'`, 404);
      // The local portal, with the new plan preselected on that subscription.
      const url = await createPortalSession(customerId, returnUrl);
      return `${url}?subscription=${encodeURIComponent(subscriptionId)}&plan=${plan}`;
    },

    async previewPlanChange(customerId, subscriptionId, plan) {
      const sub: SubscriptionRow | undefined = await db('local_payment_subscriptions')
        .where({ id: subscriptionId, customer_id: customerId })
        .whereNot({ status: 'canceled' })
        .first();
      if (!sub) throw new LocalPaymentsError(`No such subscription: '${subscriptionId}'`, 404);
      return previewOf(sub, plan);
    },

    async retrieveCheckoutSession(id): Promise<CheckoutSessionDetails> {
      const c: CheckoutRow | undefined = await db('local_payment_checkout_sessions').where({ id }).first();
      if (!c) throw new LocalPaymentsError(`No such checkout.session: '${id}'`, 404);
      const complete = c.status === 'complete';
      return {
        complete,
        customer_details: complete
          ? { name: c.customer_name, email: c.customer_details_email, address: { postal_code: c.postal_code } }
          : { name: null, email: null, address: null },
        amount_total: c.amount_total,
        currency: c.currency,
      };
    },

    async cancelSubscriptions(customerId) {
      const at = now();
      const canceled: SubscriptionRow[] = await db('local_payment_subscriptions')
        .where({ customer_id: customerId })
        .whereNot({ status: 'canceled' })
        .update({ status: 'canceled', updated_at: at })
        .returning('*');
      for (const sub of canceled) await deliver('customer.subscription.deleted', subscriptionObject(sub));
    },

    parseWebhook: stripeFormatWebhooks(secret, planOfPrice).parseWebhook,
    planOfPrice,

    async planPrices() {
      return gbpPlanPrices(DEFAULT_PLAN_PRICES_GBP);
    },
  };
  return { payments, devConsole: console_ };
}
