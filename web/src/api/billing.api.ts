import type { BillingOverview } from '@fajr/api/contracts/subscriptions.contract';
import { apiRequest } from '../lib/http';

/** POST /subscriptions/view-portal: the hosted billing portal's url ('Manage Your Subscription'). */
export const openPortal = async () =>
  (await apiRequest<{ result: { url?: string } }>('/subscriptions/view-portal', { method: 'POST' })).result;

/** GET /subscriptions/current: the plan and each subscription granting one, with where it was bought (stripe, apple, google). */
export const fetchBillingOverview = async () =>
  (await apiRequest<{ result: BillingOverview }>('/subscriptions/current')).result;
