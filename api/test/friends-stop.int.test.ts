import { signCallback } from '@fajr/activities/adapters/telephony/signature';
import { insertRingingAttempt } from '@fajr/scripts/testing/attempts';
import { postAsTwilio } from '@fajr/scripts/testing/twilio';
import { friendCallsWorkflowId } from '@fajr/workflows';
import { signalUsers } from '../src/services/payments-webhook.service';
import { nextCode, signalsOf, signupPhone } from '@fajr/scripts/testing/api';
import { PLACE, useFriendsApi } from '@fajr/scripts/testing/friends-api';

jest.setTimeout(60_000);

/** Fajr friends (docs/CALLS.md "Fajr friends"). */
describe('Fajr friends API: the stop paths and who may see what', () => {
  const { h, started, invite } = useFriendsApi();

  it('when the friend follows the stop link, then they are stopped and their number and place erased; a forged link is refused', async () => {
    const u = await h.user({ plan: 'PREMIUM' });
    const f = await invite(u.token);
    await h.api('POST', `/api/friends/${f.id}/consent`, { body: { code: f.code, ...PLACE } });
    started.push(friendCallsWorkflowId(f.id));
    expect(await h.api('POST', `/api/friends/${f.id}/stop`, { body: { sig: 'forged' } })).toMatchObject({
      status: 403,
      body: { error: 'This stop link is not valid' },
    });
    expect(await h.api('POST', `/api/friends/${f.id}/stop`, { body: { sig: f.sig } })).toMatchObject({
      status: 200,
      body: { message: 'Your Fajr calls are stopped: we will not call you again' },
    });
    expect(await h.db('fajr_friends').where({ id: f.id }).first()).toMatchObject({
      status: 'stopped',
      phone_number: null,
      lat: null,
      city_name: null,
      consented_at: null,
    });
    // Their chain is told to plan again (it finds them stopped and ends).
    expect((await signalsOf(h.temporal, friendCallsWorkflowId(f.id))).filter((s) => s === 'prefsChanged')).toHaveLength(
      2,
    );
    expect((await h.api('GET', '/api/users/friends', { token: u.token })).body.result.friends[0]).toMatchObject({
      status: 'stopped',
    });
  });

  it('when a friend presses 9 during their call, then the call asks again, and only a second 9 stops them', async () => {
    const u = await h.user({ plan: 'PREMIUM' });
    const f = await invite(u.token);
    await h.api('POST', `/api/friends/${f.id}/consent`, { body: { code: f.code, ...PLACE } });
    started.push(friendCallsWorkflowId(f.id));
    const sid = `CA${'cd'.repeat(16)}`;
    const key = await insertRingingAttempt(h.db, { userId: u.id, friendId: f.id, sid });
    const press = async (url: string, Digits: string) => {
      const params = { CallSid: sid, Digits };
      const res = await postAsTwilio(h, url, params);
      expect(res.status).toBe(200);
      return res.text();
    };
    const status = async () => (await h.db('fajr_friends').where({ id: f.id }).first()).status;
    const url = `${h.base}/api/webhooks/twilio/awake?attempt=${encodeURIComponent(key)}`;
    // The first 9 asks again; the second key comes back to the same URL, marked as the confirmation.
    const asked = await press(url, '9');
    expect(asked).toContain(
      `<Gather input="dtmf" numDigits="1" finishOnKey="" timeout="10" action="${url.replace(/&/g, '&amp;')}&amp;stop=confirm" method="POST"><Say voice="Google.en-GB-Standard-A" language="en-GB">To stop these calls for good, press 9 again.`,
    );
    expect(await status()).toBe('active');
    // Another key then (or none): the calls carry on.
    expect(await press(`${url}&stop=confirm`, '1')).toContain('Your Fajr calls carry on. Goodbye.</Say><Hangup/>');
    expect(await status()).toBe('active');
    expect(await press(`${url}&stop=confirm`, '9')).toContain('You will not be called again. Goodbye.</Say><Hangup/>');
    expect(await status()).toBe('stopped');
  });

  it('when a friend replies STOP to our SMS, then the signed messaging webhook stops them; other words, and unsigned posts, change nothing', async () => {
    const u = await h.user({ plan: 'PREMIUM' });
    const f = await invite(u.token);
    const url = `${h.base}/api/webhooks/twilio/sms`;
    const post = (Body: string, sign = true) => {
      const params = { MessageSid: `SM${'ef'.repeat(16)}`, From: f.phoneNumber, To: '+15005550006', Body };
      return fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': sign ? signCallback(h.config.LOCAL_TELEPHONY_AUTH_TOKEN, url, params) : 'bm9wZQ==',
        },
        body: new URLSearchParams(params).toString(),
      });
    };
    expect((await post('Stop', false)).status).toBe(403);
    const hello = await post('Who is this?');
    expect([hello.status, await hello.text()]).toEqual([200, '<?xml version="1.0" encoding="UTF-8"?><Response/>']);
    expect((await h.db('fajr_friends').where({ id: f.id }).first()).status).toBe('invited');
    expect((await post(' stop. ')).status).toBe(200);
    expect(await h.db('fajr_friends').where({ id: f.id }).first()).toMatchObject({
      status: 'stopped',
      phone_number: null,
    });
  });

  it("when the inviter's plan drops below Premium, then the billing signal makes each active friend's chain re-plan at once (it then tells them and ends)", async () => {
    const u = await h.user({ plan: 'PREMIUM' });
    const f = await invite(u.token);
    await h.api('POST', `/api/friends/${f.id}/consent`, { body: { code: f.code, ...PLACE } });
    started.push(friendCallsWorkflowId(f.id));
    await signalUsers(h.deps, [{ userId: u.id, plan: 'PREMIUM' }]);
    expect((await signalsOf(h.temporal, friendCallsWorkflowId(f.id))).filter((s) => s === 'prefsChanged')).toHaveLength(
      1,
    );
    await h.db('users').where({ id: u.id }).update({ plan: 'PLUS' });
    await signalUsers(h.deps, [{ userId: u.id, plan: 'PLUS' }]);
    expect((await signalsOf(h.temporal, friendCallsWorkflowId(f.id))).filter((s) => s === 'prefsChanged')).toHaveLength(
      2,
    );
  });

  it("when another user asks, then they never see or touch someone else's friends", async () => {
    const u = await h.user({ plan: 'PREMIUM' });
    const f = await invite(u.token);
    const other = await h.user({ plan: 'PREMIUM' });
    expect((await h.api('GET', '/api/users/friends', { token: other.token })).body.result.friends).toEqual([]);
    expect(await h.api('DELETE', `/api/users/friends/${f.id}`, { token: other.token })).toMatchObject({ status: 404 });
    expect(await h.api('GET', '/api/users/friends')).toMatchObject({ status: 401 });
    expect((await h.db('fajr_friends').where({ id: f.id }).first()).status).toBe('invited');
    // The inviter's account deletion takes the friends with it.
    await h.db('users').where({ id: u.id }).del();
    expect(await h.db('fajr_friends').where({ id: f.id })).toEqual([]);
  });

  it("when the inviter deletes their account, then each active friend's chain ends, the friend is told by SMS, and every friend's row and call log are deleted", async () => {
    const a = await signupPhone(h);
    await h.db('users').where({ id: a.user.id }).update({ plan: 'PREMIUM' });
    const active = await invite(a.token, 'Yusuf');
    const invited = await invite(a.token, 'Bilal');
    expect(
      await h.api('POST', `/api/friends/${active.id}/consent`, { body: { code: active.code, ...PLACE } }),
    ).toMatchObject({ status: 200 });
    started.push(friendCallsWorkflowId(active.id));
    const today = new Date().toISOString().slice(0, 10);
    await h.db('call_attempts').insert({
      attempt_key: `friend-call:${active.id}:${today}#1`,
      user_id: a.user.id,
      friend_id: active.id,
      kind: 'friend',
      call_date: today,
      workflow_id: `friend-call:${active.id}:${today}`,
      attempt: 1,
      planned_at: new Date(),
      provider: 'local',
      outcome: 'answered',
    });
    const before = await nextCode(h, invited.phoneNumber);

    expect(await h.api('POST', '/api/users/goodbye', { token: a.token, body: { password: a.password } })).toMatchObject(
      { status: 200 },
    );
    const chain = await h.temporal.workflow.getHandle(friendCallsWorkflowId(active.id)).describe();
    expect(chain.status.name).toBe('TERMINATED');
    const notice = (await h.api('GET', `/api/dev/outbox?recipient=${encodeURIComponent(active.phoneNumber)}`)).body
      .result.messages[0].body;
    expect(notice).toBe(
      'Assalamu alaikum Yusuf, your daily Fajr calls from Amina have ended, so we will not call you again. JazakAllahu khayran.',
    );
    // Someone who never accepted hears nothing more; their invitation is simply gone.
    expect(
      (await h.api('GET', `/api/dev/outbox?recipient=${encodeURIComponent(invited.phoneNumber)}`)).body.result
        .messages[0].id,
    ).toBe(before.id);
    expect(await h.db('fajr_friends').whereIn('id', [active.id, invited.id])).toEqual([]);
    expect(await h.db('call_attempts').where({ friend_id: active.id })).toEqual([]);
    expect(await h.api('GET', `/api/friends/${invited.id}`)).toMatchObject({ status: 404 });
  });
});
