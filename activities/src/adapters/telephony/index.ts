import type { Knex } from 'knex';
import type { SharedConfig } from '../../config';
import type { Logger } from '../../logger';
import { LocalTelephony } from './local';
import { RemoteTelephony } from './remote';
import { callbackTokens } from './signature';
import { twilioFormatStatusCallbacks } from './status-callback';
import { TwilioTelephony } from './twilio';
import type { CallStatusCallbacks, LocalPhoneConsole, Telephony } from './types';

export * from './types';
export { LocalTelephony } from './local';
export { TwilioTelephony } from './twilio';
export { RemoteTelephony } from './remote';
export { callStatusCallbackUrl, callbackTokens, signCallback, verifyCallbackSignature } from './signature';

/**
 * The telephony provider chosen by configuration (the real Twilio SDK or the local simulation), the
 * reader of its status callbacks (both speak Twilio's format), and the local one's phone console. The
 * local provider runs in this process, or in its own server when LOCAL_TELEPHONY_URL names one.
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
  // The local provider in its own process: calls go there; the dev console stays here, since it only
  // reads and settles local_phone_calls rows (whoever settles a call first wins; the server's timer
  // then finds it settled), so the API acts on calls the server rings.
  if (config.LOCAL_TELEPHONY_URL)
    return { telephony: new RemoteTelephony(config.LOCAL_TELEPHONY_URL), callStatusCallbacks, devConsole: local };
  return { telephony: local, callStatusCallbacks, devConsole: local };
}
