// The local payments provider's rows and the objects it sends in the shape Stripe sends them.
import type { Plan } from '../../domain/entitlements';
import { DEFAULT_PLAN_PRICES_GBP } from './types';

export const CURRENCY = 'gbp';

export const unix = (d: Date) => Math.floor(d.getTime() / 1000);

export interface SubscriptionRow {
  id: string;
  customer_id: string;
  client_reference_id: string;
  plan: Plan;
  price_id: string;
  status: string;
  current_period_end: Date;
  created_at: Date;
  updated_at: Date;
}

export interface CheckoutRow {
  id: string;
  client_reference_id: string;
  customer_id: string | null;
  customer_email: string | null;
  plan: Plan;
  price_id: string;
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'expired';
  customer_name: string | null;
  customer_details_email: string | null;
  postal_code: string | null;
  subscription_id: string | null;
  expires_at: Date;
  created_at: Date;
  completed_at: Date | null;
}

// Objects in the shape Stripe sends them (the fields the webhook handler and the success page read, and their neighbours).
export function subscriptionObject(s: SubscriptionRow) {
  const amount = DEFAULT_PLAN_PRICES_GBP[s.plan];
  const periodEnd = unix(s.current_period_end);
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer_id,
    status: s.status,
    created: unix(s.created_at),
    livemode: false,
    cancel_at_period_end: false,
    canceled_at: s.status === 'canceled' ? unix(s.updated_at) : null,
    ended_at: s.status === 'canceled' ? unix(s.updated_at) : null,
    currency: CURRENCY,
    metadata: { userId: s.client_reference_id, plan: s.plan },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id.slice(4)}`,
          object: 'subscription_item',
          quantity: 1,
          current_period_end: periodEnd,
          price: {
            id: s.price_id,
            object: 'price',
            currency: CURRENCY,
            unit_amount: amount,
            recurring: { interval: 'month', interval_count: 1 },
          },
        },
      ],
    },
  };
}

export function checkoutObject(c: CheckoutRow) {
  return {
    id: c.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: c.status,
    payment_status: c.status === 'complete' ? 'paid' : 'unpaid',
    client_reference_id: c.client_reference_id,
    customer: c.customer_id,
    customer_email: c.customer_email,
    customer_details:
      c.status === 'complete'
        ? { name: c.customer_name, email: c.customer_details_email, address: { postal_code: c.postal_code } }
        : null,
    subscription: c.subscription_id,
    amount_total: c.amount_total,
    currency: c.currency,
    metadata: { userId: c.client_reference_id, plan: c.plan },
    success_url: c.success_url,
    cancel_url: c.cancel_url,
    created: unix(c.created_at),
    expires_at: unix(c.expires_at),
    livemode: false,
  };
}
