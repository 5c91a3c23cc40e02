import { Router } from 'express';
import { z } from 'zod';
import { parseUsername } from '@fajr/activities/domain/usernames';
import type { LocalOutboxConsole } from '@fajr/activities/providers';
import { BadRequestError } from '../errors';
import { parse } from '../middleware/validate';

const outboxQuery = z.object({
  recipient: z.string({ error: 'Please give a recipient (email or phone number)' }).trim().min(3).max(254),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * GET /dev/outbox?recipient=…: the latest SMS and e-mails the local adapters "sent" to a phone
 * number or e-mail address, newest first, so a developer or a browser test can read a one-time code.
 * Mounted only in development with a local SMS or e-mail adapter; absent (404) otherwise.
 */
export function devOutboxRoutes(outbox: LocalOutboxConsole): Router {
  const router = Router();
  router.get('/dev/outbox', async (req, res) => {
    const q = parse(outboxQuery, req.query);
    const u = parseUsername(q.recipient);
    if (!u) throw new BadRequestError('The recipient must be an email address or a phone number with its country code');
    const rows = await outbox.latest(u.kind === 'email' ? u.email : u.phoneNumber, q.limit);
    res.json({
      result: {
        messages: rows.map((m) => ({
          id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          createdAt: m.created_at.toISOString(),
        })),
      },
    });
  });
  return router;
}
