import type { Plan } from '@fajr/api/contracts/common';
import type { paymentSession } from '@fajr/api/contracts/subscriptions.contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';

export type PaymentSession = z.infer<typeof paymentSession>;

/** POST /subscriptions/premium/:plan: the hosted checkout's url. */
export const startCheckout = async (plan: Plan) => (await apiRequest<{ result: { url?: string } }>(`/subscriptions/premium/${plan}`, { method: 'POST' })).result;

/** GET /subscriptions/session/:id: the finished checkout's details. */
export const fetchPaymentSession = async (id: string) =>
  (await apiRequest<{ result: PaymentSession }>(`/subscriptions/session/${encodeURIComponent(id)}`)).result;
