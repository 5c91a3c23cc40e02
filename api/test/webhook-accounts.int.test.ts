import { signCallback } from '@fajr/activities/adapters/telephony/signature';
import { insertRingingAttempt } from '@fajr/scripts/testing/attempts';
import { useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';

jest.setTimeout(60_000);

// CALLER_ACCOUNTS naming each number's own account (issue 49): the status webhook checks each
// account's signature with that account's token, and a request signed by one account about a call
// another account placed is refused. The local provider posts as the account that placed the call.
const A = { number: '+447700900211', sid: `AC${'a1'.repeat(16)}`, token: 'token-of-account-a-0123456789' };
const B = { number: '+447700900212', sid: `AC${'b2'.repeat(16)}`, token: 'token-of-account-b-0123456789' };

const h = useApi({
  env: {
    CALLER_ACCOUNTS: JSON.stringify(
      [A, B].map((x) => ({ number: x.number, callsPerSecond: 10, accountSid: x.sid, authToken: x.token })),
    ),
  },
});

describe('POST /api/webhooks/twilio/call-status with caller accounts of their own', () => {
  const attemptPlacedBy = async (callerAccount: string, sid: string) => {
    const u = await h.user({ phoneNumber: freshPhone() });
    return insertRingingAttempt(h.db, { userId: u.id, sid, callerAccount });
  };
  const outcomeOf = async (key: string) =>
    (await h.db('call_attempts').where({ attempt_key: key }).first('outcome')).outcome as string;
  const post = (key: string, params: Record<string, string>, token: string) => {
    const url = `${h.base}/api/webhooks/twilio/call-status?attempt=${encodeURIComponent(key)}`;
    return fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signCallback(token, url, params),
      },
      body: new URLSearchParams(params).toString(),
    });
  };
  const completed = (accountSid: string, sid: string) => ({
    AccountSid: accountSid,
    CallSid: sid,
    CallStatus: 'completed',
    CallDuration: '20',
    AnsweredBy: 'human',
  });

  it("when account B's call is reported signed with B's token, then it is applied; signed with A's token (naming A or B), or with the local provider's, it is refused", async () => {
    const sid = `CA${'e5'.repeat(16)}`;
    const key = await attemptPlacedBy(B.number, sid);
    // A's own token, naming A: a valid signature of A, but not A's call.
    expect((await post(key, completed(A.sid, sid), A.token)).status).toBe(403);
    // A's token, naming B: not B's signature.
    expect((await post(key, completed(B.sid, sid), A.token)).status).toBe(403);
    // The single-account token means nothing here, nor does an account not configured.
    expect((await post(key, completed(B.sid, sid), h.config.LOCAL_TELEPHONY_AUTH_TOKEN)).status).toBe(403);
    const stranger = `AC${'f'.repeat(32)}`;
    expect((await post(key, completed(stranger, sid), A.token)).status).toBe(403);
    expect(await outcomeOf(key)).toBe('ringing');
    expect((await post(key, completed(B.sid, sid), B.token)).status).toBe(204);
    expect(await outcomeOf(key)).toBe('answered');
  });

  it('when the call is found by its call id only (no attempt in the URL), then the account check still holds', async () => {
    const sid = `CA${'c3'.repeat(16)}`;
    const key = await attemptPlacedBy(A.number, sid);
    const url = `${h.base}/api/webhooks/twilio/call-status`;
    const postBare = (params: Record<string, string>, token: string) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signCallback(token, url, params),
        },
        body: new URLSearchParams(params).toString(),
      });
    expect((await postBare(completed(B.sid, sid), B.token)).status).toBe(403);
    expect((await postBare(completed(A.sid, sid), A.token)).status).toBe(204);
    expect(await outcomeOf(key)).toBe('answered');
  });

  it("when the local provider places a call from B's number, then its status callback names B, is signed with B's token and is applied", async () => {
    const to = freshPhone();
    const sid0 = `CA${'00'.repeat(16)}`;
    const key = await attemptPlacedBy(B.number, sid0);
    await h.db('call_attempts').where({ attempt_key: key }).update({ provider_call_id: null });
    const phone = h.deps.providers.devConsoles.phone!;
    await phone.setBehaviour(to, { outcome: 'answer', ringMs: 200, durationSeconds: 5, pressKey: null });
    const { sid } = await h.deps.providers.telephony.placeCall({
      to,
      from: B.number,
      adhaanUrl: '/a.wav',
      attemptKey: key,
    });
    await h.db('call_attempts').where({ attempt_key: key }).update({ provider_call_id: sid });
    const deadline = Date.now() + 10_000;
    while ((await outcomeOf(key)) !== 'answered' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await outcomeOf(key)).toBe('answered');
  });
});
