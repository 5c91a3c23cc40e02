import type { contactBody, feedbackBody } from '@fajr/api/contracts/data.contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';

export type Contact = z.input<typeof contactBody>;

/** POST /data/feedback/contact: the 'Speak to Us!' form. */
export const sendContact = (body: Contact) =>
  apiRequest<{ message?: string }>('/data/feedback/contact', { method: 'POST', body });

export type Feedback = z.input<typeof feedbackBody>;

/** POST /data/feedback: a rating (1–5) and/or comments, with the session's user when signed in. */
export const sendFeedback = (body: Feedback) =>
  apiRequest<{ message?: string }>('/data/feedback', { method: 'POST', body });
