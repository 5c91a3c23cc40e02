// The person's side of the local payments provider: what its checkout and portal pages (served by the API
// under /api/dev/…) do, as a person paying, changing or cancelling would on Stripe's pages.
import type { Plan } from '../../domain/entitlements';
import { deliver, liveSubscription, localPriceId, newId, previewOf, type LocalPaymentsContext } from './local-context';
import { CURRENCY, checkoutObject, subscriptionObject, type CheckoutRow, type SubscriptionRow } from './local-objects';
import {
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  DEFAULT_PLAN_PRICES_GBP,
  LocalPaymentsError,
  type LocalPaymentsConsole,
} from './types';

/** The local checkout and portal pages' actions, handed to the API as a development console. */
export function localPaymentsConsole(ctx: LocalPaymentsContext): LocalPaymentsConsole {
  const { db, now } = ctx;
  return {
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

    payCheckout: (id, details) => payCheckout(ctx, id, details),

    async cancelCheckout(id) {
      const c: CheckoutRow | undefined = await db('local_payment_checkout_sessions').where({ id }).first();
      if (!c) throw new LocalPaymentsError('No such checkout session', 404);
      if (c.status === 'open')
        await db('local_payment_checkout_sessions').where({ id, status: 'open' }).update({ status: 'expired' });
      return c.cancel_url;
    },

    async getPortal(id) {
      const p = await db('local_payment_portal_sessions').where({ id }).where('expires_at', '>', now()).first();
      if (!p) return undefined;
      const subs: SubscriptionRow[] = await db('local_payment_subscriptions')
        .where({ customer_id: p.customer_id })
        .orderBy('created_at');
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
      return previewOf(ctx, await liveSubscription(ctx, db, portalId, subscriptionId), plan);
    },

    changePlan: (portalId, subscriptionId, plan) => changePlan(ctx, portalId, subscriptionId, plan),

    async cancelSubscription(portalId, subscriptionId) {
      const sub = await db.transaction(async (trx) => {
        const s = await liveSubscription(ctx, trx, portalId, subscriptionId);
        const [updated] = await trx('local_payment_subscriptions')
          .where({ id: s.id })
          .update({ status: 'canceled', updated_at: now() })
          .returning('*');
        return updated as SubscriptionRow;
      });
      await deliver(ctx, 'customer.subscription.deleted', subscriptionObject(sub));
    },
  };
}

/** "Pay": completes the checkout, creates (or changes) the subscription, delivers the signed events. */
async function payCheckout(
  ctx: LocalPaymentsContext,
  id: string,
  details: Parameters<LocalPaymentsConsole['payCheckout']>[1],
): Promise<string> {
  const { db, now } = ctx;
  const at = now();
  const { checkout, subscription, subscriptionEvent } = await db.transaction(async (trx) => {
    const c: CheckoutRow | undefined = await trx('local_payment_checkout_sessions').where({ id }).forUpdate().first();
    if (!c) throw new LocalPaymentsError('No such checkout session', 404);
    if (c.status !== 'open')
      throw new LocalPaymentsError(`This checkout is already ${c.status === 'complete' ? 'paid' : 'closed'}`);
    if (c.expires_at.getTime() <= at.getTime()) throw new LocalPaymentsError('This checkout has expired', 410);

    let customerId = c.customer_id;
    if (!customerId) {
      customerId = newId('cus');
      await trx('local_payment_customers').insert({
        id: customerId,
        email: details.email,
        name: details.name,
        created_at: at,
      });
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
  await deliver(ctx, 'checkout.session.completed', checkoutObject(checkout));
  await deliver(ctx, subscriptionEvent, subscriptionObject(subscription));
  return checkout.success_url.split(CHECKOUT_SESSION_ID_PLACEHOLDER).join(checkout.id);
}

/** A plan change from the portal: the prorated difference invoiced at once, then the subscription updated. */
async function changePlan(
  ctx: LocalPaymentsContext,
  portalId: string,
  subscriptionId: string,
  plan: Plan,
): Promise<void> {
  const { db, now } = ctx;
  const sub = await db.transaction(async (trx) => {
    const s = await liveSubscription(ctx, trx, portalId, subscriptionId);
    if (s.plan !== plan) {
      const { amountDue, currency } = previewOf(ctx, s, plan);
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
  await deliver(ctx, 'customer.subscription.updated', subscriptionObject(sub));
}
