import { z } from 'zod';
import { resultOf } from './common';

/** One of the user's own mosque requests and how it went. */
export const mosqueRequestView = z.object({
  id: z.string(),
  name: z.string(),
  /** open (waiting for an operator), added (the mosque can be chosen now) or rejected. */
  status: z.enum(['open', 'added', 'rejected']),
  /** The operator's reason when rejected. */
  note: z.string().nullable(),
  /** The mosque's name as added (it may differ from what was typed). */
  mosqueName: z.string().nullable(),
  requestedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type MosqueRequestView = z.infer<typeof mosqueRequestView>;

/** GET /data/mosques/requests: the signed-in user's mosque requests, newest first. */
export const mosqueRequestsResult = resultOf(z.array(mosqueRequestView));
