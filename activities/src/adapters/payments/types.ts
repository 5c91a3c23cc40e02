// Types and constants shared by the payments interface and its adapters.
import type { Plan } from '../../domain/entitlements';

/** Monthly prices in GBP minor units (SPEC section 9), used when the provider's prices are not configured. */
export const DEFAULT_PLAN_PRICES_GBP: Record<Plan, number> = { BASIC: 99, PLUS: 399, PREMIUM: 599 };

/** The marker a success url carries where the provider fills in the checkout session id (Stripe's own syntax). */
export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** Who is buying: enough to prefill the checkout and tie the purchase back to the account. */
export interface PaymentsCustomer {
  userId: string;
  email: string | null;
  /** The provider's customer id when the user has bought before. */
  billingCustomerId: string | null;
}

export interface CheckoutSessionCreated {
  id: string;
  /** The hosted checkout page; null when the provider did not return one. */
  url: string | null;
}

/** The part of a completed checkout the payment-success page shows (SPEC "Payment session result"). */
export interface CheckoutSessionDetails {
  customer_details: { name: string | null; email: string | null; address: { postal_code: string | null } | null };
  amount_total: number | null;
  currency: string | null;
}

/** Prices per plan and currency in minor units (SPEC "Static prices"). */
export type PlanPrices = Record<'basic' | 'plus' | 'premium', { currencies: Record<string, { unit_amount: number }> }>;

/** A verified webhook event in Stripe's format (id, type, created in Unix seconds, data.object). */
export interface PaymentsEvent {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

/** The payment provider's signature did not match the payload (or the header was missing or stale). */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** Prices in the shape of SPEC's `result.prices` from per-plan GBP amounts. */
export function gbpPlanPrices(amounts: Record<Plan, number>): PlanPrices {
  const one = (unit_amount: number) => ({ currencies: { gbp: { unit_amount } } });
  return { basic: one(amounts.BASIC), plus: one(amounts.PLUS), premium: one(amounts.PREMIUM) };
}
