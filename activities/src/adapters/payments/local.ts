import type { Knex } from 'knex';
import type { SharedConfig } from '../../config';
import type { Plan } from '../../domain/entitlements';
import type { Logger } from '../../logger';
import { stripeFormatWebhooks } from './stripe-format';
import { localPaymentsConsole } from './local-console';
import {
  createPortalSession,
  deliver,
  localPaymentsContext,
  localPriceId,
  newId,
  planOfPrice,
  previewOf,
  type LocalPaymentsContext,
} from './local-context';
import { CURRENCY, subscriptionObject, type CheckoutRow, type SubscriptionRow } from './local-objects';
import {
  DEFAULT_PLAN_PRICES_GBP,
  LocalPaymentsError,
  gbpPlanPrices,
  type CheckoutSessionDetails,
  type LocalPaymentsConsole,
  type Payments,
  type PaymentsCustomer,
} from './types';

const CHECKOUT_TTL_MS = 24 * 3600_000; // Stripe Checkout Sessions expire after 24 hours by default

/**
 * The local payments provider: Checkout, the billing portal and subscriptions kept in Postgres, with
 * pages served by the API under /api/dev/…, and webhook events in Stripe's format, signed like Stripe
 * signs them (t=…,v1=HMAC-SHA256("t.payload")), delivered over HTTP to POST /api/webhooks/stripe.
 * `devConsole` is what those pages do (the person's side, local-console.ts), handed to the API as a
 * development console.
 */
export function createLocalPayments(
  config: SharedConfig,
  db: Knex,
  logger: Logger,
  now: () => Date = () => new Date(),
): { payments: Payments; devConsole: LocalPaymentsConsole } {
  const ctx = localPaymentsContext(config, db, logger, now);
  const payments: Payments = {
    provider: 'local',
    createCheckoutSession: (customer, plan, successUrl, cancelUrl) =>
      createCheckoutSession(ctx, customer, plan, successUrl, cancelUrl),
    createPortalSession: (customerId, returnUrl) => createPortalSession(ctx, customerId, returnUrl),

    async createPlanChangeSession(customerId, subscriptionId, plan, returnUrl) {
      const sub = await db('local_payment_subscriptions')
        .where({ id: subscriptionId, customer_id: customerId })
        .first();
      if (!sub) throw new LocalPaymentsError(`No such subscription: '${subscriptionId}'`, 404);
      // The local portal, with the new plan preselected on that subscription.
      const url = await createPortalSession(ctx, customerId, returnUrl);
      return `${url}?subscription=${encodeURIComponent(subscriptionId)}&plan=${plan}`;
    },

    async previewPlanChange(customerId, subscriptionId, plan) {
      const sub: SubscriptionRow | undefined = await db('local_payment_subscriptions')
        .where({ id: subscriptionId, customer_id: customerId })
        .whereNot({ status: 'canceled' })
        .first();
      if (!sub) throw new LocalPaymentsError(`No such subscription: '${subscriptionId}'`, 404);
      return previewOf(ctx, sub, plan);
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
      for (const sub of canceled) await deliver(ctx, 'customer.subscription.deleted', subscriptionObject(sub));
    },

    parseWebhook: stripeFormatWebhooks(ctx.secret, planOfPrice).parseWebhook,
    planOfPrice,

    async planPrices() {
      return gbpPlanPrices(DEFAULT_PLAN_PRICES_GBP);
    },
  };
  return { payments, devConsole: localPaymentsConsole(ctx) };
}

/** A hosted checkout page for a plan, under /api/dev/checkout/. */
async function createCheckoutSession(
  ctx: LocalPaymentsContext,
  customer: PaymentsCustomer,
  plan: Plan,
  successUrl: string,
  cancelUrl: string,
) {
  const { db, now, base } = ctx;
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
}
