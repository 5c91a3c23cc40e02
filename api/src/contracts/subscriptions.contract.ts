import { z } from 'zod';
import { planSchema, resultOf } from './common';

export const planParams = z.object({ plan: planSchema });
export const urlResult = resultOf(z.object({ url: z.string().url() }));
export const sessionIdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\w-]+$/, 'Invalid session id'),
});
export const paymentSession = z.object({
  /** Whether the checkout finished (paid); the success page says so only then. */
  complete: z.boolean(),
  customer_details: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    address: z.object({ postal_code: z.string().nullable() }).nullable(),
  }),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
});
export const paymentSessionResult = resultOf(paymentSession);

/** POST /subscriptions/store-purchases: what the app hands over right after a purchase in the store. */
export const storePurchaseBody = z.discriminatedUnion(
  'store',
  [
    z.object({
      store: z.literal('apple'),
      /** StoreKit's Transaction.id (or originalID) of the purchase, digits. */
      transactionId: z
        .string({ error: 'Please give the transactionId' })
        .regex(/^\d{1,32}$/, 'transactionId must be the App Store transaction id (digits)'),
    }),
    z.object({
      store: z.literal('google'),
      /** Play Billing's Purchase.getPurchaseToken(). */
      purchaseToken: z
        .string({ error: 'Please give the purchaseToken' })
        .regex(/^[A-Za-z0-9._-]{8,512}$/, 'purchaseToken must be the Google Play purchase token'),
    }),
  ],
  { error: "store must be 'apple' or 'google'" },
);
export type StorePurchaseBody = z.infer<typeof storePurchaseBody>;

/** GET /subscriptions/premium/:plan/preview: what moving a web subscription to the plan charges, told before it charges. */
export const planChangeQuote = z.object({
  /** Due at once in minor units: the prorated difference for the rest of the period (negative: a credit). */
  amountDue: z.number().int(),
  /** Lower-case ISO currency code. */
  currency: z.string(),
  /** The new plan's monthly amount in minor units, charged from the renewal. */
  monthlyAmount: z.number().int(),
  /** When the current period ends (the renewal). */
  periodEnd: z.string(),
});
export type PlanChangeQuote = z.infer<typeof planChangeQuote>;
export const planChangeQuoteResult = resultOf(planChangeQuote);

/** Where a plan was bought and is managed. */
export const billingSource = z.enum(['stripe', 'apple', 'google']);
export type BillingSource = z.infer<typeof billingSource>;

/** One subscription of the user, as the billing page shows it. */
export const billingSubscription = z.object({
  source: billingSource,
  plan: planSchema,
  /** Our status: active, in_grace_period, past_due, trialing (Stripe) … only entitled ones are listed. */
  status: z.string(),
  /** End of the paid period (renewal or expiry); null when unknown. */
  currentPeriodEnd: z.string().nullable(),
});
export type BillingSubscription = z.infer<typeof billingSubscription>;

/** GET /subscriptions/current: the user's plan and every subscription that grants one. */
export const billingOverview = z.object({
  plan: planSchema.nullable(),
  subscriptions: z.array(billingSubscription),
});
export type BillingOverview = z.infer<typeof billingOverview>;
export const billingOverviewResult = resultOf(billingOverview);

/** The answer to a store purchase: the plan the user has now and the subscription the store confirmed. */
export const storePurchaseResult = resultOf(
  z.object({
    plan: planSchema.nullable(),
    subscription: billingSubscription,
  }),
);
