import type { Knex } from 'knex';
import type { SharedConfig } from '../../config';
import type { Plan } from '../../domain/entitlements';
import type { Logger } from '../../logger';
import { createLocalPayments, type LocalPaymentsConsole } from './local';
import type { CheckoutSessionCreated, CheckoutSessionDetails, PaymentsCustomer, PaymentsEvent, PlanPrices } from './shared';
import { createStripePayments } from './stripe';

export * from './shared';
export type { LocalPaymentsConsole, LocalCheckoutView, LocalPortalView } from './local';
export { LocalPaymentsError } from './local';

/** The payments provider interface: Stripe, or the local stand-in that behaves like it (signed webhooks included). */
export interface Payments {
  readonly provider: 'stripe' | 'local';
  /** A hosted checkout for a monthly subscription to a plan; successUrl may hold {CHECKOUT_SESSION_ID}. */
  createCheckoutSession(customer: PaymentsCustomer, plan: Plan, successUrl: string, cancelUrl: string): Promise<CheckoutSessionCreated>;
  /** A hosted billing portal session for a customer; returns its url. */
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /**
   * A hosted page where a paying customer confirms moving a live subscription to another plan (the
   * provider prorates); returns its url. Used instead of a second checkout, so nobody pays twice.
   */
  createPlanChangeSession(customerId: string, subscriptionId: string, plan: Plan, returnUrl: string): Promise<string>;
  /** What the customer entered and paid on a checkout session. */
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionDetails>;
  /** Cancels every live subscription of a customer at once (account deletion). */
  cancelSubscriptions(customerId: string): Promise<void>;
  /** Verifies a webhook's signature over the raw body and parses it; throws WebhookSignatureError. */
  constructWebhookEvent(rawBody: Buffer | string, signatureHeader: string | undefined): PaymentsEvent;
  /** The plan a provider price id stands for, if it is one of ours. */
  planOfPrice(priceId: string): Plan | undefined;
  /** Monthly prices per plan and currency in minor units. */
  planPrices(): Promise<PlanPrices>;
  /** The local checkout and portal pages' operations; only on the local provider. */
  readonly local?: LocalPaymentsConsole;
}

/** Builds the configured payments adapter (PAYMENTS_PROVIDER local|stripe). */
export function createPayments(config: SharedConfig, db: Knex, logger: Logger): Payments {
  return config.PAYMENTS_PROVIDER === 'stripe' ? createStripePayments(config, logger) : createLocalPayments(config, db, logger);
}

