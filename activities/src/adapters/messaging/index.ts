import type { Knex } from 'knex';
import type { SharedConfig } from '../../config';
import type { Logger } from '../../logger';
import { createLocalMessaging } from './local';
import { createTwilioMessaging } from './twilio';
import type { Messaging } from './types';

export * from './types';

export function createMessaging(config: SharedConfig, db: Knex, logger: Logger): Messaging {
  if (config.MESSAGING_PROVIDER === 'twilio') {
    return createTwilioMessaging(
      { accountSid: config.TWILIO_ACCOUNT_SID!, authToken: config.TWILIO_AUTH_TOKEN!, from: config.FAJR_CALLER_NUMBER },
      logger,
    );
  }
  return createLocalMessaging(db, logger);
}
