import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import { insertOutboxMessage } from '../../repositories/outbox.repository';
import type { Messaging } from './types';

/** Development SMS: messages land in the local_outbox table, read through GET /api/dev/outbox. */
export function createLocalMessaging(db: Knex, logger: Logger): Messaging {
  return {
    provider: 'local',
    async sendSms(to, body) {
      const id = await insertOutboxMessage(db, { channel: 'sms', recipient: to, body });
      logger.debug({ outboxId: id }, 'sms written to the local outbox');
      return { id: `local-sms-${id}` };
    },
  };
}
