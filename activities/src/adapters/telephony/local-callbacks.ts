// The requests the local telephony provider posts to the API as Twilio would: status callbacks and the
// awake check's key press, signed exactly as Twilio signs them.
import type { ProviderAccount, SharedConfig } from '../../config';
import type { Logger } from '../../logger';
import type { LocalCallRow } from './local-call-row';
import { signCallback } from './signature';

/**
 * What posting needs: the account a caller number dials through (the requests name its SID and are
 * signed with its token, as Twilio signs each account's with that account's), and the log.
 */
export interface CallbackSender {
  config: SharedConfig;
  logger: Logger;
  accountOf: (from: string) => ProviderAccount;
}

/** The action URL of the `<Gather>` a TwiML answer asks for another key with, if it does ("press 9 again"). */
function nextGatherAction(twiml: string): string | undefined {
  const action = /<Gather\b[^>]*\baction="([^"]+)"/.exec(twiml)?.[1];
  return action?.replace(/&amp;/g, '&');
}

/**
 * Posts key presses to the call's awake-check URL, signed as Twilio signs its `<Gather>` action
 * request: one key per request, each next one (`digits` of two keys: "9" and "9" again) to the action
 * of the `<Gather>` the previous answer asked with, as a phone's caller pressing keys in turn. Resolves
 * with the answers (TwiML), for the dev page to show what the call said after each key.
 */
export async function pressKey(s: CallbackSender, row: LocalCallRow, digits: string): Promise<string[]> {
  const answers: string[] = [];
  let url: string | undefined = row.params.awakeKeyUrl!;
  for (const key of digits) {
    if (!url) break;
    const params: Record<string, string> = {
      AccountSid: s.accountOf(row.from_number).sid,
      ApiVersion: '2010-04-01',
      CallSid: row.sid,
      CallStatus: 'in-progress',
      Digits: key,
      Direction: 'outbound-api',
      From: row.from_number,
      To: row.to_number,
    };
    const answer = await post(s, row, url, params, 'awake key');
    if (answer) answers.push(answer);
    url = answer ? nextGatherAction(answer) : undefined;
  }
  return answers;
}

/** Posts the call's final status to its status callback URL, once. */
export async function postStatusCallback(s: CallbackSender, row: LocalCallRow): Promise<void> {
  if (!row.status_callback_url) return;
  const params: Record<string, string> = {
    AccountSid: s.accountOf(row.from_number).sid,
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
  await post(s, row, row.status_callback_url, params, 'status callback');
}

/** Posts one signed request; resolves with the answer's body (TwiML), or undefined when it failed. */
async function post(
  s: CallbackSender,
  { sid, from_number: from }: Pick<LocalCallRow, 'sid' | 'from_number'>,
  url: string,
  params: Record<string, string>,
  what: string,
): Promise<string | undefined> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signCallback(s.accountOf(from).authToken, url, params),
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) {
      s.logger.warn({ sid, status: res.status }, `local telephony: ${what} rejected`);
      return undefined;
    }
    return await res.text();
  } catch (err) {
    // Like Twilio, a request that cannot be delivered is dropped; the workflow polls for the status anyway.
    s.logger.debug({ sid, err: (err as Error).message }, `local telephony: ${what} not delivered`);
    return undefined;
  }
}
