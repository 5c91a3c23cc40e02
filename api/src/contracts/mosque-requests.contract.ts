import { z } from 'zod';
import { freeText, resultOf } from './common';
import { languageSchema } from './languages.contract';

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

/**
 * POST /data/mosques/invitations: a signed-in user invites their mosque to register, by SMS or e-mail to
 * the contact they give (an e-mail address, or a number; a national one read in `country`), in the
 * language they choose for it.
 */
export const mosqueInvitationBody = z
  .object({
    mosqueName: freeText(
      z
        .string({ error: 'Please enter the mosque name' })
        .trim()
        .min(2, 'Please enter the mosque name')
        .max(120, 'The mosque name must be at most 120 characters')
        .regex(/^[^<>]*$/, 'The mosque name must not contain < or >'),
    ),
    contact: z
      .string({ error: "Please enter the mosque's phone number or e-mail" })
      .trim()
      .min(3, "Please enter the mosque's phone number or e-mail")
      .max(254),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    language: languageSchema,
  })
  .strict();
