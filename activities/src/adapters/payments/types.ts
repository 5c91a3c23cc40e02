// The payments interface, its events and the types and constants its adapters share.
import type { Plan } from '../../domain/entitlements';

export { WebhookPayloadError, WebhookSignatureError } from '../errors';

/** The payments provider interface: Stripe, or the local stand-in that behaves like it (signed webhooks included). */
export interface Payments {
  readonly provider: 'stripe' | 'local';
  /** A hosted checkout for a monthly subscription to a plan; successUrl may hold {CHECKOUT_SESSION_ID}. */
  createCheckoutSession(
    customer: PaymentsCustomer,
    plan: Plan,
    successUrl: string,
    cancelUrl: string,
  ): Promise<CheckoutSessionCreated>;
  /** A hosted billing portal session for a customer; returns its url. */
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /**
   * A hosted page where a paying customer confirms moving a live subscription to another plan (the
   * provider prorates); returns its url. Used instead of a second checkout, so nobody pays twice.
   */
  createPlanChangeSession(customerId: string, subscriptionId: string, plan: Plan, returnUrl: string): Promise<string>;
  /** What that change charges at once (the provider's prorated invoice, previewed), told to the customer before they confirm. */
  previewPlanChange(customerId: string, subscriptionId: string, plan: Plan): Promise<PlanChangePreview>;
  /** What the customer entered and paid on a checkout session. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionDetails>;
  /** Cancels every live subscription of a customer at once (account deletion). */
  cancelSubscriptions(customerId: string): Promise<void>;
  /**
   * Verifies a webhook's signature over the raw body and reads it as our own event. Throws
   * WebhookSignatureError (not from the provider) or WebhookPayloadError (signed, but not an event
   * the provider sends).
   */
  parseWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentsWebhookEvent;
  /** The plan a provider price id stands for, if it is one of ours. */
  planOfPrice(priceId: string): Plan | undefined;
  /** Monthly prices per plan and currency in minor units. */
  planPrices(): Promise<PlanPrices>;
}

/** What every payments webhook event carries. */
interface PaymentsWebhookEventBase {
  /** The provider's event id: deliveries are recorded under it (a repeat changes nothing). */
  eventId: string;
  /** The provider's event type, e.g. customer.subscription.updated (recorded and logged). */
  type: string;
  /** When the provider says it happened: older events never undo newer ones. */
  occurredAt: Date;
  /**
   * Everyone the event names, whatever its kind: the user ids it carries (our metadata first, then the
   * checkout's reference; unchecked) and the provider's customer. A delivery that takes over an
   * unfinished one signals them again.
   */
  about: { userRefs: string[]; customerId: string | null };
}

/** A payments webhook in our terms. */
export type PaymentsWebhookEvent =
  | (PaymentsWebhookEventBase & {
      kind: 'checkout-completed';
      sessionId: string;
      customerId: string | null;
      /** The user id the checkout was started for (unchecked). */
      userRef: string | null;
    })
  | (PaymentsWebhookEventBase & {
      kind: 'subscription-changed';
      change: 'created' | 'updated' | 'deleted';
      subscriptionId: string;
      customerId: string;
      /** The plan its price stands for (the price decides; our metadata is the fallback); null when neither is ours. */
      plan: Plan | null;
      /** The provider's subscription status as sent. */
      status: string;
      currentPeriodEnd: Date | null;
      /** The user id our metadata on the subscription names (unchecked). */
      userRef: string | null;
    })
  | (PaymentsWebhookEventBase & { kind: 'ignored' });

/** A plan change's cost: due at once (minor units; negative is a credit), then the new plan's monthly amount from the renewal. */
export interface PlanChangePreview {
  amountDue: number;
  currency: string;
  monthlyAmount: number;
  /** When the current period ends (the next full charge). */
  periodEnd: Date;
}

/** A local checkout or portal action that cannot be done (unknown, expired or already used). */
export class LocalPaymentsError extends Error {
  override name = 'LocalPaymentsError';
  constructor(
    message: string,
    readonly status: 404 | 409 | 410 | 502 = 409,
  ) {
    super(message);
  }
}

export interface LocalCheckoutView {
  id: string;
  plan: Plan;
  amountTotal: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  email: string | null;
  cancelUrl: string;
  successUrl: string;
}

export interface LocalPortalView {
  id: string;
  customerId: string;
  returnUrl: string;
  subscriptions: { id: string; plan: Plan; status: string; amount: number; currency: string; currentPeriodEnd: Date }[];
}

/** What the development-only checkout and portal pages do: the person's side of the local provider. */
export interface LocalPaymentsConsole {
  /** The checkout page's data; undefined for an unknown id. */
  getCheckout(id: string): Promise<LocalCheckoutView | undefined>;
  /** "Pay": completes the checkout, creates (or changes) the subscription, delivers the signed events, returns the success url. */
  payCheckout(
    id: string,
    details: { name: string | null; email: string | null; postalCode: string | null },
  ): Promise<string>;
  /** "Cancel": expires the checkout and returns the cancel url. */
  cancelCheckout(id: string): Promise<string>;
  /** The portal page's data; undefined for an unknown or expired id. */
  getPortal(id: string): Promise<LocalPortalView | undefined>;
  /** What the portal's "Change plan" would charge now; LocalPaymentsError when the portal or subscription is not live. */
  previewChange(portalId: string, subscriptionId: string, plan: Plan): Promise<PlanChangePreview>;
  /** Portal "Change plan": charges the prorated difference, updates the subscription and delivers customer.subscription.updated. */
  changePlan(portalId: string, subscriptionId: string, plan: Plan): Promise<void>;
  /** Portal "Cancel subscription": cancels at once and delivers customer.subscription.deleted. */
  cancelSubscription(portalId: string, subscriptionId: string): Promise<void>;
}

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
  /** Whether the checkout finished (paid): only then does the web say 'Payment Successful'. */
  complete: boolean;
  customer_details: { name: string | null; email: string | null; address: { postal_code: string | null } | null };
  amount_total: number | null;
  currency: string | null;
}

/** Prices per plan and currency in minor units (SPEC "Static prices"). */
export type PlanPrices = Record<'basic' | 'plus' | 'premium', { currencies: Record<string, { unit_amount: number }> }>;

/** Prices in the shape of SPEC's `result.prices` from per-plan GBP amounts. */
export function gbpPlanPrices(amounts: Record<Plan, number>): PlanPrices {
  const one = (unit_amount: number) => ({ currencies: { gbp: { unit_amount } } });
  return { basic: one(amounts.BASIC), plus: one(amounts.PLUS), premium: one(amounts.PREMIUM) };
}
