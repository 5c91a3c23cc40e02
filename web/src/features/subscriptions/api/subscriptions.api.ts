import type { Plan } from '@fajr/api/contracts/common';
import type { PlanChangeQuote, paymentSession } from '@fajr/api/contracts/subscriptions.contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';

export type PaymentSession = z.infer<typeof paymentSession>;

/** POST /subscriptions/premium/:plan: the hosted checkout's url. */
export const startCheckout = async (plan: Plan) =>
  (await apiRequest<{ result: { url?: string } }>(`/subscriptions/premium/${plan}`, { method: 'POST' })).result;

/** GET /subscriptions/session/:id: the finished checkout's details. */
export const fetchPaymentSession = async (id: string) =>
  (await apiRequest<{ result: PaymentSession }>(`/subscriptions/session/${encodeURIComponent(id)}`)).result;

/** GET /subscriptions/premium/:plan/preview: what moving the live web subscription to the plan charges now and monthly. */
export const fetchPlanChangeQuote = async (plan: Plan) =>
  (await apiRequest<{ result: PlanChangeQuote }>(`/subscriptions/premium/${plan}/preview`)).result;
