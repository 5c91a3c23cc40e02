import { z } from 'zod';
import { planSchema, resultOf } from './common';

export const planParams = z.object({ plan: planSchema });
export const urlResult = resultOf(z.object({ url: z.string().url() }));
export const sessionIdParams = z.object({ id: z.string().min(1).max(255).regex(/^[\w-]+$/, 'Invalid session id') });
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
