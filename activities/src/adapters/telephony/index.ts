import type { Knex } from 'knex';
import type { SharedConfig } from '../../config';
import type { Logger } from '../../logger';
import { LocalTelephony } from './local';
import { TwilioTelephony } from './twilio';

export * from './types';
export { LocalTelephony, isLocalTelephony } from './local';
export { TwilioTelephony } from './twilio';
export { callStatusCallbackUrl, signCallback, verifyCallbackSignature } from './signature';

/** The telephony provider chosen by configuration: the real Twilio SDK or the local simulation. */
export function createTelephony(config: SharedConfig, db: Knex, logger: Logger): import('./types').Telephony {
  return config.TELEPHONY_PROVIDER === 'twilio' ? new TwilioTelephony(config, logger) : new LocalTelephony(config, db, logger);
}
