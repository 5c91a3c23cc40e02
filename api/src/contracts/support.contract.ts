import { z } from 'zod';
import { freeText, isoInstant, queryInt, resultOf } from './common';

/** The longest chat message, in characters (a paragraph or two; longer requests belong in the help form). */
export const SUPPORT_MESSAGE_MAX = 2000;

/** GET /support/messages?since=<id>: only messages after that id (the last one the widget has). */
export const supportMessagesQuery = z
  .object({
    since: queryInt('since must be a message id')
      .optional()
      .describe('Id of the newest message the client has; only later ones come back'),
  })
  .strict();

export const supportMessageBody = z
  .object({
    body: freeText(
      z
        .string({ error: 'Please type a message' })
        .trim()
        .min(1, 'Please type a message')
        .max(SUPPORT_MESSAGE_MAX, `Messages can be at most ${SUPPORT_MESSAGE_MAX} characters`),
    ),
  })
  .strict();
export type SupportMessageInput = z.input<typeof supportMessageBody>;

export const supportMessage = z.object({
  id: z.number().int(),
  from: z.enum(['user', 'support']),
  body: z.string(),
  createdAt: isoInstant,
});
export type SupportMessage = z.infer<typeof supportMessage>;

export const supportStatuses = ['waiting', 'answered', 'closed'] as const;

export const supportMessagesResult = resultOf(
  z.object({
    /** null until the user's first message. */
    status: z.enum(supportStatuses).nullable(),
    messages: z.array(supportMessage),
    /** The id to send as `since` next time (the newest message's, or the one sent). */
    cursor: z.number().int(),
  }),
);
export type SupportMessages = z.infer<typeof supportMessagesResult>['result'];

export const supportSendResult = resultOf(supportMessage);
