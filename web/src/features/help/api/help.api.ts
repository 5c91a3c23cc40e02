import type { contactBody } from '@fajr/api/contracts/data.contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';

export type Contact = z.input<typeof contactBody>;

/** POST /data/feedback/contact: the 'Speak to Us!' form. */
export const sendContact = (body: Contact) => apiRequest<{ message?: string }>('/data/feedback/contact', { method: 'POST', body });
