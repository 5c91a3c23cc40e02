import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import { insertOutboxMessage } from '../../repositories/outbox.repository';
import type { Email } from './types';

/** Development e-mail: messages land in the local_outbox table, read through GET /api/dev/outbox. */
export function createLocalEmail(db: Knex, logger: Logger): Email {
  return {
    provider: 'local',
    async send({ to, subject, text }) {
      const id = await insertOutboxMessage(db, { channel: 'email', recipient: to, subject, body: text });
      logger.debug({ outboxId: id }, 'email written to the local outbox');
      return { id: `local-email-${id}` };
    },
  };
}
