import { parseConfig, sharedConfigSchema } from '../../config';
import { createLogger } from '../../logger';
import { WebhookSignatureError } from '../errors';
import { callbackTokens, signCallback } from './signature';
import { twilioFormatStatusCallbacks } from './status-callback';
import { clientOfAccount, TwilioTelephony } from './twilio';

// CALLER_ACCOUNTS naming each number's own Twilio account (issue 49): the real SDK, its HTTP layer
// recorded, and the status callbacks checked with each account's own token.

const A = { number: '+447700900201', sid: `AC${'a'.repeat(32)}`, token: 'token-of-account-a-0123456789' };
const B = { number: '+447700900202', sid: `AC${'b'.repeat(32)}`, token: 'token-of-account-b-0123456789' };
const B_KEY = `SK${'c'.repeat(32)}`;

const config = parseConfig(sharedConfigSchema, {
  DATABASE_URL: 'postgres://unused/db',
  TELEPHONY_PROVIDER: 'twilio',
  PUBLIC_BASE_URL: 'https://fajr.example',
  CALLER_ACCOUNTS: JSON.stringify([
    { number: A.number, callsPerSecond: 10, accountSid: A.sid, authToken: A.token },
    {
      number: B.number,
      callsPerSecond: 10,
      accountSid: B.sid,
      authToken: B.token,
      apiKey: B_KEY,
      apiSecret: 'secret-b',
    },
  ]),
});
const logger = createLogger('twilio-accounts-test', 'silent');

type Request = { method: string; uri: string; username?: string; password?: string };
function recordingHttp(answer: (r: Request) => { statusCode: number; body: unknown }) {
  const requests: Request[] = [];
  const client = {
    async request(opts: Request) {
      requests.push(opts);
      return { ...answer(opts), headers: {} };
    },
  };
  return { requests, client };
}
const callOf = (sid: string) => ({
  sid,
  status: 'completed',
  answered_by: 'human',
  duration: '20',
  date_created: 'Sun, 22 Nov 2026 05:00:00 +0000',
});

describe('Twilio with caller accounts of their own', () => {
  it('when calls leave from two accounts’ numbers, then each goes through its own account with its own credentials (SID and token, or API key)', async () => {
    const http = recordingHttp(() => ({ statusCode: 201, body: callOf(`CA${'1'.repeat(32)}`) }));
    const t = new TwilioTelephony(config, logger, (a) => clientOfAccount(a, { httpClient: http.client as never }));
    for (const from of [A.number, B.number])
      await t.placeCall({ to: '+447700900777', from, adhaanUrl: '/a.wav', attemptKey: `k-${from}#1` });
    expect(http.requests.map((r) => [r.uri, r.username, r.password])).toEqual([
      [`https://api.twilio.com/2010-04-01/Accounts/${A.sid}/Calls.json`, A.sid, A.token],
      [`https://api.twilio.com/2010-04-01/Accounts/${B.sid}/Calls.json`, B_KEY, 'secret-b'],
    ]);
  });

  it("when a call is looked up, then through its number's account; without the number, each account in turn until one knows it", async () => {
    const sid = `CA${'2'.repeat(32)}`;
    const http = recordingHttp((r) =>
      r.uri.includes(B.sid)
        ? { statusCode: 200, body: callOf(sid) }
        : { statusCode: 404, body: { code: 20404, message: 'not found', status: 404 } },
    );
    const t = new TwilioTelephony(config, logger, (a) => clientOfAccount(a, { httpClient: http.client as never }));
    expect((await t.getCall(sid, B.number)).status).toBe('completed');
    expect(http.requests.map((r) => r.uri)).toEqual([
      `https://api.twilio.com/2010-04-01/Accounts/${B.sid}/Calls/${sid}.json`,
    ]);
    http.requests.length = 0;
    expect((await t.getCall(sid)).status).toBe('completed');
    expect(http.requests.map((r) => r.uri.split('/')[5])).toEqual([A.sid, B.sid]);
    await expect(t.getCall(sid, A.number)).rejects.toMatchObject({ retryable: false });
  });

  it("when a status callback names an account, then it is checked with that account's token: another account's token, or an account not configured, is refused", () => {
    const callbacks = twilioFormatStatusCallbacks(callbackTokens(config), config.PUBLIC_BASE_URL);
    const pathAndQuery = '/api/webhooks/twilio/call-status?attempt=fajr-call%3Au%3A2026-11-23%231';
    const url = `https://fajr.example${pathAndQuery}`;
    const params = (accountSid: string) => ({
      AccountSid: accountSid,
      CallSid: `CA${'3'.repeat(32)}`,
      CallStatus: 'completed',
    });
    const request = (accountSid: string, token: string) => ({
      pathAndQuery,
      params: params(accountSid),
      signature: signCallback(token, url, params(accountSid)),
    });
    expect(callbacks.parseStatusCallback(request(B.sid, B.token)).accountSid).toBe(B.sid);
    expect(callbacks.parseStatusCallback(request(A.sid, A.token)).accountSid).toBe(A.sid);
    expect(() => callbacks.parseStatusCallback(request(B.sid, A.token))).toThrow(WebhookSignatureError);
    const stranger = `AC${'d'.repeat(32)}`;
    expect(() => callbacks.parseStatusCallback(request(stranger, A.token))).toThrow(WebhookSignatureError);
    // The older single-account form: the one token, whatever the request names (as before).
    const single = parseConfig(sharedConfigSchema, {
      DATABASE_URL: 'postgres://unused/db',
      TELEPHONY_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: A.sid,
      TWILIO_AUTH_TOKEN: A.token,
      PUBLIC_BASE_URL: 'https://fajr.example',
    });
    const one = twilioFormatStatusCallbacks(callbackTokens(single), single.PUBLIC_BASE_URL);
    expect(one.parseStatusCallback(request(A.sid, A.token)).call.status).toBe('completed');
    expect(() => one.parseStatusCallback(request(A.sid, B.token))).toThrow(WebhookSignatureError);
  });
});
