import type { fajrContactResult } from '@fajr/api/contracts/contact.contract';
import type { z } from 'zod';
import { apiRequest } from '../lib/http';

export type FajrContact = z.infer<typeof fajrContactResult>['result'];

/** GET /data/fajr-contact: the name and numbers Fajr calls from, and where its contact card is. */
export const fetchFajrContact = async () => (await apiRequest<{ result: FajrContact }>('/data/fajr-contact')).result;
