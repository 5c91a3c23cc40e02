import Stripe from 'stripe';
import type { SharedConfig } from '../../config';
import type { Plan } from '../../domain/entitlements';
import type { Logger } from '../../logger';
import { stripeFormatWebhooks } from './stripe-format';
import {
  DEFAULT_PLAN_PRICES_GBP,
  gbpPlanPrices,
  type CheckoutSessionDetails,
  type Payments,
  type PlanChangePreview,
  type PlanPrices,
} from './types';

/** Where the SDK sends requests; only tests change it (to stripe-mock). */
export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

const PRICE_CACHE_MS = 10 * 60_000;

type PriceOf = (plan: Plan) => string;

/** The payments adapter on the real Stripe API (Checkout, Billing Portal, Subscriptions, Prices). */
export function createStripePayments(config: SharedConfig, logger: Logger, endpoint?: StripeEndpoint): Payments {
  const key = config.STRIPE_SECRET_KEY;
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  const priceIds: Record<Plan, string | undefined> = {
    BASIC: config.STRIPE_PRICE_BASIC,
    PLUS: config.STRIPE_PRICE_PLUS,
    PREMIUM: config.STRIPE_PRICE_PREMIUM,
  };
  if (!key || !webhookSecret)
    throw new Error('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required for the stripe provider');
  // One client per process; the SDK retries idempotent-safe failures itself (it sends idempotency keys on POSTs).
  const stripe = new Stripe(key, { maxNetworkRetries: 2, timeout: 10_000, ...(endpoint ?? {}) });

  const priceOf = (plan: Plan): string => {
    const id = priceIds[plan];
    if (!id) throw new Error(`STRIPE_PRICE_${plan} is not configured`);
    return id;
  };

  const planOfPrice = (priceId: string) => (Object.keys(priceIds) as Plan[]).find((p) => priceIds[p] === priceId);
  const planPrices = cachedPlanPrices(() => fetchPrices(stripe, priceOf), logger);

  return {
    provider: 'stripe',

    async createCheckoutSession(customer, plan, successUrl, cancelUrl) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: priceOf(plan), quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        client_reference_id: customer.userId,
        ...(customer.billingCustomerId
          ? { customer: customer.billingCustomerId }
          : customer.email
            ? { customer_email: customer.email }
            : {}),
        // The user id travels on the subscription too, so subscription events find the account whatever their order.
        metadata: { userId: customer.userId, plan },
        subscription_data: { metadata: { userId: customer.userId, plan } },
        billing_address_collection: 'auto',
      });
      return { id: session.id, url: session.url ?? null };
    },

    async createPortalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },
    createPlanChangeSession: (customerId, subscriptionId, plan, returnUrl) =>
      planChangeSession(stripe, priceOf, customerId, subscriptionId, plan, returnUrl),
    previewPlanChange: (customerId, subscriptionId, plan) =>
      previewPlanChange(stripe, priceOf, customerId, subscriptionId, plan),

    retrieveCheckoutSession: (id) => checkoutDetails(stripe, id),

    async cancelSubscriptions(customerId) {
      for await (const sub of stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
        if (sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
        await stripe.subscriptions.cancel(sub.id);
      }
    },

    ...stripeFormatWebhooks(webhookSecret, planOfPrice),
    planOfPrice,

    planPrices,
  };
}

/** The portal's "confirm this update" flow for a plan change on a subscription: its URL. */
async function planChangeSession(
  stripe: Stripe,
  priceOf: PriceOf,
  customerId: string,
  subscriptionId: string,
  plan: Plan,
  returnUrl: string,
): Promise<string> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const item = subscription.items.data[0];
  if (!item) throw new Error(`subscription ${subscriptionId} has no items`);
  // The portal's "confirm this update" flow: the customer sees the prorated change and confirms it;
  // Stripe then sends customer.subscription.updated.
  const session = await stripe.billingPortal.sessions.create({
    customer: customerId,
    return_url: returnUrl,
    flow_data: {
      type: 'subscription_update_confirm',
      subscription_update_confirm: {
        subscription: subscriptionId,
        items: [{ id: item.id, price: priceOf(plan), quantity: 1 }],
      },
      after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
    },
  });
  return session.url;
}

/** A Checkout Session's outcome: whether it completed, and what the customer gave. */
async function checkoutDetails(stripe: Stripe, id: string): Promise<CheckoutSessionDetails> {
  const s = await stripe.checkout.sessions.retrieve(id);
  const d = s.customer_details;
  return {
    complete: s.status === 'complete',
    customer_details: {
      name: d?.name ?? null,
      email: d?.email ?? null,
      address: d?.address ? { postal_code: d.address.postal_code ?? null } : null,
    },
    amount_total: s.amount_total ?? null,
    currency: s.currency ?? null,
  };
}

/** What a plan change would bill at once (the invoice Stripe would make), and the new monthly amount. */
async function previewPlanChange(
  stripe: Stripe,
  priceOf: PriceOf,
  customerId: string,
  subscriptionId: string,
  plan: Plan,
): Promise<PlanChangePreview> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const item = subscription.items.data[0];
  if (!item) throw new Error(`subscription ${subscriptionId} has no items`);
  // The invoice the change makes at once: the portal is configured to prorate and invoice immediately (docs/BILLING.md).
  const invoice = await stripe.invoices.createPreview({
    customer: customerId,
    subscription: subscriptionId,
    subscription_details: {
      items: [{ id: item.id, price: priceOf(plan), quantity: 1 }],
      proration_behavior: 'always_invoice',
    },
  });
  const price = await stripe.prices.retrieve(priceOf(plan), { expand: ['currency_options'] });
  const currency = subscription.currency;
  const monthly = currency === price.currency ? price.unit_amount : price.currency_options?.[currency]?.unit_amount;
  return {
    amountDue: invoice.total < 0 ? invoice.total : invoice.amount_due, // a move down is a credit (amount_due stays 0)
    currency: invoice.currency,
    monthlyAmount: monthly ?? 0,
    periodEnd: new Date(item.current_period_end * 1000),
  };
}

async function fetchPrices(stripe: Stripe, priceOf: PriceOf): Promise<PlanPrices> {
  const plans: Plan[] = ['BASIC', 'PLUS', 'PREMIUM'];
  const prices = await Promise.all(
    plans.map((p) => stripe.prices.retrieve(priceOf(p), { expand: ['currency_options'] })),
  );
  const currenciesOf = (price: Stripe.Price) => {
    const out: Record<string, { unit_amount: number }> = {};
    if (price.unit_amount != null) out[price.currency.toLowerCase()] = { unit_amount: price.unit_amount };
    for (const [cur, opt] of Object.entries(price.currency_options ?? {})) {
      if (opt.unit_amount != null) out[cur.toLowerCase()] = { unit_amount: opt.unit_amount };
    }
    return { currencies: out };
  };
  return { basic: currenciesOf(prices[0]!), plus: currenciesOf(prices[1]!), premium: currenciesOf(prices[2]!) };
}

/** The plan prices, read at most every PRICE_CACHE_MS; on a failure the last known (or SPEC's) amounts. */
function cachedPlanPrices(read: () => Promise<PlanPrices>, logger: Logger): () => Promise<PlanPrices> {
  let cachedPrices: { at: number; prices: PlanPrices } | undefined;
  return async () => {
    if (cachedPrices && Date.now() - cachedPrices.at < PRICE_CACHE_MS) return cachedPrices.prices;
    try {
      const prices = await read();
      cachedPrices = { at: Date.now(), prices };
      return prices;
    } catch (err) {
      // Prices are display data: keep answering with the last known (or SPEC's) amounts and say why.
      logger.warn({ err: (err as Error).message }, 'could not read plan prices from Stripe');
      return cachedPrices?.prices ?? gbpPlanPrices(DEFAULT_PLAN_PRICES_GBP);
    }
  };
}
