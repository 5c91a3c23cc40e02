import type { Knex } from 'knex';
import type { SharedConfig } from '../../config';
import type { Logger } from '../../logger';
import { LocalTelephony } from './local';
import { callbackTokens } from './signature';
import { twilioFormatStatusCallbacks } from './status-callback';
import { TwilioTelephony } from './twilio';
import type { CallStatusCallbacks, LocalPhoneConsole, Telephony } from './types';

export * from './types';
export { LocalTelephony } from './local';
export { TwilioTelephony } from './twilio';
export { callStatusCallbackUrl, callbackTokens, signCallback, verifyCallbackSignature } from './signature';

/**
 * The telephony provider chosen by configuration (the real Twilio SDK or the local simulation), the
 * reader of its status callbacks (both speak Twilio's format), and the local one's phone console.
 */
export function createTelephony(
  config: SharedConfig,
  db: Knex,
  logger: Logger,
): { telephony: Telephony; callStatusCallbacks: CallStatusCallbacks; devConsole?: LocalPhoneConsole } {
  const callStatusCallbacks = twilioFormatStatusCallbacks(callbackTokens(config), config.PUBLIC_BASE_URL);
  if (config.TELEPHONY_PROVIDER === 'twilio')
    return { telephony: new TwilioTelephony(config, logger), callStatusCallbacks };
  const local = new LocalTelephony(config, db, logger);
  return { telephony: local, callStatusCallbacks, devConsole: local };
}
