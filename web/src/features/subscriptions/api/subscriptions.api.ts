import type { Plan } from '@fajr/api/contracts/common';
import type { paymentSession } from '@fajr/api/contracts/subscriptions.contract';
import type { staticResult } from '@fajr/api/contracts/data.contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';

export type PaymentSession = z.infer<typeof paymentSession>;
export type Prices = z.infer<typeof staticResult>['result']['prices'];

/** POST /subscriptions/premium/:plan: the hosted checkout's url. */
export const startCheckout = async (plan: Plan) => (await apiRequest<{ result: { url?: string } }>(`/subscriptions/premium/${plan}`, { method: 'POST' })).result;

/** POST /subscriptions/view-portal: the hosted billing portal's url. */
export const openPortal = async () => (await apiRequest<{ result: { url?: string } }>('/subscriptions/view-portal', { method: 'POST' })).result;

/** GET /subscriptions/session/:id: the finished checkout's details. */
export const fetchPaymentSession = async (id: string) =>
  (await apiRequest<{ result: PaymentSession }>(`/subscriptions/session/${encodeURIComponent(id)}`)).result;

/** GET /data/static: monthly prices per plan and currency. */
export const fetchPrices = async () => (await apiRequest<{ result: { prices?: Prices } }>('/data/static')).result.prices ?? null;
