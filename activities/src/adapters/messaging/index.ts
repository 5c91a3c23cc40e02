import type { Knex } from 'knex';
import type { SharedConfig } from '../../config';
import type { Logger } from '../../logger';
import { createLocalMessaging } from './local';
import { createTwilioMessaging } from './twilio';

/** Text messages (SMS) to phone numbers. Adapters: Twilio (real) and a local outbox (development, tests). */
export interface Messaging {
  readonly provider: 'twilio' | 'local';
  /** Sends one SMS to an E.164 number; resolves with the provider's message id. */
  sendSms(to: string, body: string): Promise<{ id: string }>;
}

export function createMessaging(config: SharedConfig, db: Knex, logger: Logger): Messaging {
  if (config.MESSAGING_PROVIDER === 'twilio') {
    return createTwilioMessaging({ accountSid: config.TWILIO_ACCOUNT_SID!, authToken: config.TWILIO_AUTH_TOKEN!, from: config.FAJR_CALLER_NUMBER }, logger);
  }
  return createLocalMessaging(db, logger);
}
