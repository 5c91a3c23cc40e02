import { parse as parseQuery } from 'node:querystring';
import { z } from 'zod';
import { TRACEPARENT_PARAM } from '../../trace-context';
import { WebhookPayloadError, WebhookSignatureError } from '../errors';
import { callLanguageOf } from '../../domain/call-speech';
import { verifyCallbackSignature } from './signature';
import { JAMAAH_CHANGE_PARAM, readJamaahChangeParam } from './jamaah-change-param';
import {
  awakeKeyReplyTwiml,
  emptyMessagingTwiml,
  friendKeptTwiml,
  friendStopConfirmTwiml,
  friendStoppedTwiml,
} from './twiml';
import type { CallStatusCallbacks, StatusCallbackRequest } from './types';

/** `{ [key]: value }` when there is a value, else nothing to spread. */
const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

const statusCallback = z.object({
  CallSid: z.string().regex(/^CA[0-9a-f]{32}$/, 'CallSid must be a call id'),
  CallStatus: z.enum([
    'queued',
    'initiated',
    'ringing',
    'in-progress',
    'completed',
    'busy',
    'no-answer',
    'failed',
    'canceled',
  ]),
  CallDuration: z.coerce.number().int().min(0).optional(),
  AnsweredBy: z.string().max(40).optional(),
});

/** The query parameter that marks a friend's second stop key (`stop=confirm`). */
const STOP_CONFIRM_PARAM = 'stop';

const gatherAction = z.object({
  CallSid: z.string().regex(/^CA[0-9a-f]{32}$/, 'CallSid must be a call id'),
  Digits: z
    .string()
    .regex(/^[0-9*#]{0,10}$/, 'Digits must be keypad keys')
    .optional(),
});

// Twilio's incoming-message webhook (the fields we read; it sends many more).
const inboundSms = z.object({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/, 'MessageSid must be a message id'),
  From: z.string().regex(/^\+[1-9]\d{6,14}$/, 'From must be an E.164 number'),
  Body: z.string().max(1600).default(''),
});

/**
 * Status callbacks in Twilio's format, as Twilio and the local provider post them: form fields,
 * signed (X-Twilio-Signature) over the public URL under `publicBaseUrl`, our attempt key in the query
 * string. `authToken`: the one token, or the token of the account a request names (its `AccountSid`;
 * undefined: not ours, refused), so each account's requests are checked with that account's token.
 */
export function twilioFormatStatusCallbacks(
  authToken: string | ((accountSid: string | undefined) => string | undefined),
  publicBaseUrl: string,
): CallStatusCallbacks {
  const tokenOf = typeof authToken === 'string' ? () => authToken : authToken;
  /** Checks the signature with the token of the account the request names; that account, when it names one. */
  const verify = ({ pathAndQuery, signature, params }: StatusCallbackRequest): { accountSid?: string } => {
    // The URL Twilio signed is the public one we gave it, query string included.
    const url = `${publicBaseUrl.replace(/\/$/, '')}${pathAndQuery}`;
    const accountSid = typeof params.AccountSid === 'string' ? params.AccountSid : undefined;
    const token = tokenOf(accountSid);
    if (!token || !verifyCallbackSignature(token, signature, url, params))
      throw new WebhookSignatureError('Invalid signature');
    return accountSid ? { accountSid } : {};
  };
  // Read as the API's query parser reads it: a repeated key is no key.
  const queryParam = (pathAndQuery: string, name: string) => {
    const value = parseQuery(pathAndQuery.split('?')[1] ?? '')[name];
    return typeof value === 'string' ? value : undefined;
  };
  const attemptOf = (pathAndQuery: string) => queryParam(pathAndQuery, 'attempt');
  return {
    parseStatusCallback(request) {
      const signedBy = verify(request);
      const { pathAndQuery, params } = request;
      const parsed = statusCallback.safeParse(params);
      if (!parsed.success) throw new WebhookPayloadError('Unexpected status callback', { cause: parsed.error });
      const body = parsed.data;
      return {
        ...signedBy,
        attemptKey: attemptOf(pathAndQuery),
        // Signed with the rest of the URL: the trace of the dial that gave the provider this URL.
        traceparent: queryParam(pathAndQuery, TRACEPARENT_PARAM),
        call: {
          sid: body.CallSid,
          status: body.CallStatus,
          answeredBy: body.AnsweredBy ?? null,
          durationSeconds: body.CallDuration ?? null,
        },
      };
    },
    parseAwakeKey(request) {
      const signedBy = verify(request);
      const parsed = gatherAction.safeParse(request.params);
      if (!parsed.success) throw new WebhookPayloadError('Unexpected key press', { cause: parsed.error });
      return {
        ...signedBy,
        attemptKey: attemptOf(request.pathAndQuery),
        traceparent: queryParam(request.pathAndQuery, TRACEPARENT_PARAM),
        callSid: parsed.data.CallSid,
        digits: parsed.data.Digits ?? '',
        stopConfirm: queryParam(request.pathAndQuery, STOP_CONFIRM_PARAM) === 'confirm',
        language: callLanguageOf(queryParam(request.pathAndQuery, 'lang')),
        ...optional('jamaahChange', readJamaahChangeParam(queryParam(request.pathAndQuery, JAMAAH_CHANGE_PARAM))),
      };
    },
    // Every answer speaks the call's language; its clips are served under the public base URL.
    awakeKeyReply: (confirmed, language = 'en', jamaahChange) =>
      awakeKeyReplyTwiml(confirmed, { language, baseUrl: publicBaseUrl }, jamaahChange),
    parseInboundSms(request) {
      verify(request);
      const parsed = inboundSms.safeParse(request.params);
      if (!parsed.success) throw new WebhookPayloadError('Unexpected incoming message', { cause: parsed.error });
      return { from: parsed.data.From, body: parsed.data.Body };
    },
    inboundSmsReply: emptyMessagingTwiml,
    friendStoppedReply: (language = 'en') => friendStoppedTwiml({ language, baseUrl: publicBaseUrl }),
    // The confirmation's key comes back to the same signed URL (its language with it), marked (the provider signs what we give it).
    friendStopConfirmReply: (pathAndQuery, language = 'en') =>
      friendStopConfirmTwiml(
        `${publicBaseUrl.replace(/\/$/, '')}${pathAndQuery}${pathAndQuery.includes('?') ? '&' : '?'}${STOP_CONFIRM_PARAM}=confirm`,
        { language, baseUrl: publicBaseUrl },
      ),
    friendKeptReply: (language = 'en') => friendKeptTwiml({ language, baseUrl: publicBaseUrl }),
  };
}
