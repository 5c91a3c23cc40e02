// The requests the local telephony provider posts to the API as Twilio would: status callbacks and the
// awake check's key press, signed exactly as Twilio signs them.
import type { SharedConfig } from '../../config';
import type { Logger } from '../../logger';
import type { LocalCallRow } from './local-call-row';
import { signCallback } from './signature';

/** What posting needs: the auth token to sign with, the account the requests name, and the log. */
export interface CallbackSender {
  config: SharedConfig;
  logger: Logger;
  accountSid: string;
}

/** Posts a key press to the call's awake-check URL, signed as Twilio signs its `<Gather>` action request. */
export async function pressKey(s: CallbackSender, row: LocalCallRow, digits: string): Promise<void> {
  const url = row.params.awakeKeyUrl!;
  const params: Record<string, string> = {
    AccountSid: s.accountSid, ApiVersion: '2010-04-01', CallSid: row.sid, CallStatus: 'in-progress', Digits: digits,
    Direction: 'outbound-api', From: row.from_number, To: row.to_number,
  };
  await post(s, row.sid, url, params, 'awake key');
}

/** Posts the call's final status to its status callback URL, once. */
export async function postStatusCallback(s: CallbackSender, row: LocalCallRow): Promise<void> {
  if (!row.status_callback_url) return;
  const params: Record<string, string> = {
    AccountSid: s.accountSid,
    ApiVersion: '2010-04-01',
    CallSid: row.sid,
    CallStatus: row.status,
    CallDuration: String(row.duration_seconds ?? 0),
    Direction: 'outbound-api',
    From: row.from_number,
    To: row.to_number,
    Timestamp: new Date().toUTCString(),
    ...(row.answered_by ? { AnsweredBy: row.answered_by } : {}),
  };
  await post(s, row.sid, row.status_callback_url, params, 'status callback');
}

async function post(s: CallbackSender, sid: string, url: string, params: Record<string, string>, what: string): Promise<void> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signCallback(s.config.LOCAL_TELEPHONY_AUTH_TOKEN, url, params),
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) s.logger.warn({ sid, status: res.status }, `local telephony: ${what} rejected`);
  } catch (err) {
    // Like Twilio, a request that cannot be delivered is dropped; the workflow polls for the status anyway.
    s.logger.debug({ sid, err: (err as Error).message }, `local telephony: ${what} not delivered`);
  }
}
