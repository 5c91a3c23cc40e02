import twilio from 'twilio';
import { telephonyAccountsOf, type SharedConfig } from '../../config';
import type { CallLanguage } from '../../domain/call-speech';
import { traceparentQuery } from '../../trace-context';
import { JAMAAH_CHANGE_PARAM, jamaahChangeParam, type SpokenJamaahChange } from './jamaah-change-param';

/** Where the provider posts call status changes (the URL is part of what Twilio signs). */
export function callStatusCallbackUrl(config: Pick<SharedConfig, 'PUBLIC_BASE_URL'>): string {
  return `${config.PUBLIC_BASE_URL.replace(/\/$/, '')}/api/webhooks/twilio/call-status`;
}

/**
 * The status callback URL of one attempt: our attempt key (an early callback finds its attempt before
 * the call id is stored) and, with tracing on, the placing span's traceparent (docs/OPERATIONS.md, Traces).
 */
export function attemptStatusCallbackUrl(config: Pick<SharedConfig, 'PUBLIC_BASE_URL'>, attemptKey: string): string {
  return `${callStatusCallbackUrl(config)}?attempt=${encodeURIComponent(attemptKey)}${traceparentQuery()}`;
}

/**
 * Where the provider posts an awake-check key press (`<Gather action>`): our attempt key, the call's
 * language when not English (the answers speak it; the provider signs the URL, so it cannot be
 * changed), tomorrow's jama'ah change when the call tells of one (the key's answer says it again: a
 * key cuts the call's own words short) and, with tracing on, the placing span's traceparent.
 */
export function awakeKeyUrl(
  config: Pick<SharedConfig, 'PUBLIC_BASE_URL'>,
  attemptKey: string,
  language: CallLanguage = 'en',
  jamaahChange?: SpokenJamaahChange,
): string {
  const lang = language === 'en' ? '' : `&lang=${language}`;
  const param = jamaahChange && jamaahChangeParam(jamaahChange);
  const change = param ? `&${JAMAAH_CHANGE_PARAM}=${param}` : '';
  return `${config.PUBLIC_BASE_URL.replace(/\/$/, '')}/api/webhooks/twilio/awake?attempt=${encodeURIComponent(attemptKey)}${lang}${change}${traceparentQuery()}`;
}

/**
 * The secret a callback from an account (its `AccountSid` field) is signed with. With CALLER_ACCOUNTS
 * naming each number's own account, each account's auth token, and an account not configured has none
 * (refused). Otherwise the one token, whatever the field says, as before: Twilio's auth token, or the
 * local provider's.
 */
export function callbackTokens(config: SharedConfig): (accountSid: string | undefined) => string | undefined {
  const accounts = telephonyAccountsOf(config);
  if (accounts.separate) return (sid) => accounts.bySid(sid)?.authToken;
  const token =
    config.TELEPHONY_PROVIDER === 'twilio' ? (config.TWILIO_AUTH_TOKEN ?? '') : config.LOCAL_TELEPHONY_AUTH_TOKEN;
  return () => token;
}

/** X-Twilio-Signature for a form POST, computed exactly as Twilio does. */
export function signCallback(authToken: string, url: string, params: Record<string, string>): string {
  return twilio.getExpectedTwilioSignature(authToken, url, params);
}

/** True when the signature matches the URL and form parameters. */
export function verifyCallbackSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!signature || !authToken) return false;
  return twilio.validateRequest(authToken, signature, url, params);
}
