import { apiRequest } from '../lib/http';

/** POST /subscriptions/view-portal: the hosted billing portal's url ('Manage Your Subscription'). */
export const openPortal = async () => (await apiRequest<{ result: { url?: string } }>('/subscriptions/view-portal', { method: 'POST' })).result;
