import twilio from 'twilio';
import type { Logger } from '../../logger';
import type { Messaging } from './types';

export interface TwilioMessagingOptions {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or a Messaging Service SID (MG…). */
  from: string;
  /** Only for tests: the SDK's HTTP client. */
  httpClient?: twilio.RequestClient;
}

/** SMS through Twilio's Messages API with the official SDK (one client per process). */
export function createTwilioMessaging(opts: TwilioMessagingOptions, logger: Logger): Messaging {
  const client = twilio(opts.accountSid, opts.authToken, opts.httpClient ? { httpClient: opts.httpClient } : {});
  const sender = opts.from.startsWith('MG') ? { messagingServiceSid: opts.from } : { from: opts.from };
  return {
    provider: 'twilio',
    async sendSms(to, body) {
      const message = await client.messages.create({ to, body, ...sender });
      // The body may hold a one-time code: log the message id only.
      logger.info({ sid: message.sid }, 'sms sent');
      return { id: message.sid };
    },
  };
}
