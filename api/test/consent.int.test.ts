import { insertRingingAttempt } from '@fajr/scripts/testing/attempts';
import { postAsTwilio } from '@fajr/scripts/testing/twilio';
import { CONTAINS_FAJR, CONTAINS_PHONE, FEW_CHARACTERS } from '@fajr/activities/domain/passwords';
import { lastOutboxId, nextCode, signupPhone, useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { friendCallsWorkflowId } from '@fajr/workflows';
import { LONDON } from '@fajr/scripts/testing/fixtures';
import { CONTROL_CHARACTERS_REFUSED } from '../src/contracts/common';
import { CODE_EXPIRED, RESET_CODE_REJECTED } from '../src/services/codes.service';
import { FRIEND_OPTED_OUT } from '../src/services/friends.service';

// Issue 42's probe, finding by finding: each reproduction as the probe ran it, and what happens now.

jest.setTimeout(60_000);

const h = useApi({ worker: 'accounts' });
const PASSWORD = 'correct horse battery';

const verified = async (id: string) =>
  h
    .db('users')
    .where({ id })
    .first('phone_number', 'phone_verified_at', 'second_phone_number', 'second_phone_verified_at');

describe('a code proves the number it was sent to, and no other (finding 1)', () => {
  it("when the number is changed after its code was sent, then the old number's code verifies nothing and is ended", async () => {
    const a = await signupPhone(h);
    expect((await h.api('POST', '/api/users/send-verification', { token: a.token })).status).toBe(200);
    const { code } = await nextCode(h, a.phoneNumber);
    const stranger = freshPhone();
    expect(
      (await h.api('POST', '/api/users/phone-number', { token: a.token, body: { phoneNumber: stranger } })).status,
    ).toBe(200);
    const res = await h.api('POST', '/api/users/verify-phone-code', { token: a.token, body: { code } });
    expect(res).toEqual({ status: 400, body: { error: CODE_EXPIRED, code: 'code.expired' } });
    expect(await verified(a.user.id)).toMatchObject({ phone_number: stranger, phone_verified_at: null });
    // Ended, not merely unmatched: back on the first number, the old code still does nothing.
    expect(await h.db('one_time_codes').where({ subject: a.user.id }).whereNull('consumed_at')).toEqual([]);
  });

  it("when a second number is added inside the cooldown, then the 429 stores nothing and the first one's code proves only the first", async () => {
    const u = await h.user({ plan: 'PREMIUM', phoneNumber: freshPhone() });
    const mine = freshPhone();
    const stranger = freshPhone();
    expect(
      (await h.api('POST', '/api/users/second-phone-number', { token: u.token, body: { phoneNumber: mine } })).status,
    ).toBe(200);
    const { code } = await nextCode(h, mine);
    const refused = await h.api('POST', '/api/users/second-phone-number', {
      token: u.token,
      body: { phoneNumber: stranger },
    });
    expect(refused.status).toBe(429);
    expect(await verified(u.id)).toMatchObject({ second_phone_number: mine, second_phone_verified_at: null });
    expect(await h.db('local_outbox').where({ recipient: stranger })).toEqual([]);
    expect(
      await h.api('POST', '/api/users/second-phone-number/verify', { token: u.token, body: { code } }),
    ).toMatchObject({ status: 200 });
    expect(await verified(u.id)).toMatchObject({
      second_phone_number: mine,
      second_phone_verified_at: expect.any(Date),
    });
  });

  it('when a reset code went to the old number, then a reset typed with the new one is refused and verifies nothing', async () => {
    const a = await signupPhone(h);
    await h.api('POST', '/api/users/forget-password', { body: { phoneNumber: a.phoneNumber } });
    const { code } = await nextCode(h, a.phoneNumber);
    const stranger = freshPhone();
    expect(
      (await h.api('POST', '/api/users/phone-number', { token: a.token, body: { phoneNumber: stranger } })).status,
    ).toBe(200);
    const res = await h.api('POST', '/api/users/forget-password/reset', {
      body: { phoneNumber: stranger, code, password: 'a new and long one' },
    });
    expect(res).toEqual({ status: 400, body: { error: RESET_CODE_REJECTED, code: 'code.reset_rejected' } });
    expect(await verified(a.user.id)).toMatchObject({ phone_number: stranger, phone_verified_at: null });
  });
});

describe('a STOP is remembered (finding 2)', () => {
  const PLACE = { cityName: LONDON.cityName, lat: LONDON.lat, lng: LONDON.lng, tzName: LONDON.tzName };
  const invite = (token: string, phoneNumber: string) =>
    h.api('POST', '/api/users/friends', { token, body: { firstName: 'Yusuf', phoneNumber, inviterName: 'Amina' } });
  const sms = async (from: string, Body: string) => {
    const url = `${h.base}/api/webhooks/twilio/sms`;
    const params = { MessageSid: `SM${'cd'.repeat(16)}`, From: from, To: '+15005550006', Body };
    const res = await postAsTwilio(h, url, params);
    expect(res.status).toBe(200);
  };
  const linksOf = (body: string) => ({
    id: /\/friend\/([0-9a-f-]{36})\b/.exec(body)![1]!,
    sig: /\/stop\?sig=([\w-]+)/.exec(body)![1]!,
  });

  it('when a friend stopped by the link and was removed, then nobody can invite the number again until it texts START', async () => {
    const inviter = await h.user({ plan: 'PREMIUM' });
    const other = await h.user({ plan: 'PREMIUM' });
    const friend = freshPhone();
    expect((await invite(inviter.token, friend)).status).toBe(200);
    const { id, sig } = linksOf((await nextCode(h, friend)).body);
    expect((await h.api('POST', `/api/friends/${id}/stop`, { body: { sig } })).status).toBe(200);
    expect((await h.api('DELETE', `/api/users/friends/${id}`, { token: inviter.token })).status).toBe(200);
    const sent = await lastOutboxId(h, friend);
    expect(await invite(inviter.token, friend)).toEqual({
      status: 400,
      body: { error: FRIEND_OPTED_OUT, code: 'friend.opted_out' },
    });
    expect(await invite(other.token, friend)).toEqual({
      status: 400,
      body: { error: FRIEND_OPTED_OUT, code: 'friend.opted_out' },
    });
    expect(await lastOutboxId(h, friend)).toBe(sent);
    // Kept as a keyed hash, never the number.
    expect(JSON.stringify(await h.db('invite_opt_outs'))).not.toContain(friend.slice(1));
    await sms(friend, 'Start');
    expect((await invite(other.token, friend)).status).toBe(200);
  });

  it("when a friend stops by the call's stop key, then the number is not invited again either", async () => {
    const inviter = await h.user({ plan: 'PREMIUM' });
    const friend = freshPhone();
    await invite(inviter.token, friend);
    const sms = await nextCode(h, friend);
    const { id } = linksOf(sms.body);
    expect((await h.api('POST', `/api/friends/${id}/consent`, { body: { code: sms.code, ...PLACE } })).status).toBe(
      200,
    );
    await h.temporal.workflow
      .getHandle(friendCallsWorkflowId(id))
      .terminate('test')
      .catch(() => undefined);
    const sid = `CA${'ef'.repeat(16)}`;
    const key = await insertRingingAttempt(h.db, { userId: inviter.id, friendId: id, sid });
    // The stop key's confirmation (the second 9), as the call's <Gather> posts it.
    const url = `${h.base}/api/webhooks/twilio/awake?attempt=${encodeURIComponent(key)}&stop=confirm`;
    const params = { CallSid: sid, Digits: '9' };
    const res = await postAsTwilio(h, url, params);
    expect(await res.text()).toContain('You will not be called again.');
    expect(await invite(inviter.token, friend)).toEqual({
      status: 400,
      body: { error: FRIEND_OPTED_OUT, code: 'friend.opted_out' },
    });
  });

  it('when a number texts STOP with no invitation pending, then it is not invited later either', async () => {
    const inviter = await h.user({ plan: 'PREMIUM' });
    const friend = freshPhone();
    await sms(friend, 'STOP');
    expect(await invite(inviter.token, friend)).toEqual({
      status: 400,
      body: { error: FRIEND_OPTED_OUT, code: 'friend.opted_out' },
    });
  });

  it("when a friend stopped one inviter's calls and consents to another's invitation, then that consent opts them back in", async () => {
    const first = await h.user({ plan: 'PREMIUM' });
    const second = await h.user({ plan: 'PREMIUM' });
    const friend = freshPhone();
    await invite(first.token, friend);
    const firstSms = await nextCode(h, friend);
    const one = linksOf(firstSms.body);
    await invite(second.token, friend);
    const two = await nextCode(h, friend, firstSms.id);
    expect((await h.api('POST', `/api/friends/${one.id}/stop`, { body: { sig: one.sig } })).status).toBe(200);
    expect(await invite(first.token, friend)).toMatchObject({ status: 400 });
    const consent = await h.api('POST', `/api/friends/${linksOf(two.body).id}/consent`, {
      body: { code: two.code, ...PLACE },
    });
    expect(consent.status).toBe(200);
    await h.temporal.workflow
      .getHandle(friendCallsWorkflowId(linksOf(two.body).id))
      .terminate('test')
      .catch(() => undefined);
    await h.api('DELETE', `/api/users/friends/${one.id}`, { token: first.token });
    expect((await invite(first.token, friend)).status).toBe(200);
  });
});

describe("others cannot spend the owner's codes (finding 3)", () => {
  it('when eight people invited a number today, then its owner still gets a verification text', async () => {
    const owner = await signupPhone(h);
    for (let i = 0; i < 8; i++) {
      const inviter = await h.user({ plan: 'PREMIUM' });
      const res = await h.api('POST', '/api/users/friends', {
        token: inviter.token,
        body: { firstName: 'Yusuf', phoneNumber: owner.phoneNumber, inviterName: `Amina ${'x'.repeat(i)}` },
      });
      expect(res.status).toBe(200);
    }
    const ninth = await h.user({ plan: 'PREMIUM' });
    expect(
      (
        await h.api('POST', '/api/users/friends', {
          token: ninth.token,
          body: { firstName: 'Yusuf', phoneNumber: owner.phoneNumber, inviterName: 'Amina' },
        })
      ).status,
    ).toBe(429);
    expect(await h.api('POST', '/api/users/send-verification', { token: owner.token })).toMatchObject({ status: 200 });
  });
});

describe('weak passwords and control characters (findings 4 and 5, and 6)', () => {
  it('when a password is repetitive, holds "fajr" or the account\'s own number in another format, then sign-up says why', async () => {
    const phone = freshPhone();
    const national = `0${phone.slice(3, 7)} ${phone.slice(7)}`;
    const signup = (password: string) =>
      h.api('POST', '/api/users/signup?source=web', { body: { phoneNumber: phone, password } });
    expect(await signup('        ')).toEqual({
      status: 400,
      body: { error: FEW_CHARACTERS, code: 'password.few_characters' },
    });
    expect(await signup('FajrFajr')).toEqual({
      status: 400,
      body: { error: CONTAINS_FAJR, code: 'password.contains_fajr' },
    });
    expect(await signup(`my ${national}`)).toEqual({
      status: 400,
      body: { error: CONTAINS_PHONE, code: 'password.contains_phone' },
    });
    expect(await h.db('users').where({ phone_number: phone })).toEqual([]);
    expect((await signup(PASSWORD)).status).toBe(200);
  });

  it('when free text holds an escape sequence, then 400 and nothing is stored; newlines and tabs are fine', async () => {
    const u = await h.user();
    const send = (body: string) => h.api('POST', '/api/support/messages', { token: u.token, body: { body } });
    expect(await send('hello\u001b]52;c;ZXZpbA==\u0007')).toEqual({
      status: 400,
      body: { error: `body: ${CONTROL_CHARACTERS_REFUSED}`, code: 'http.control_characters' },
    });
    expect(await send('fine\u009b2J')).toEqual({
      status: 400,
      body: { error: `body: ${CONTROL_CHARACTERS_REFUSED}`, code: 'http.control_characters' },
    });
    expect((await send('two lines\n\tindented')).status).toBe(200);
    expect(
      (
        await h.api('POST', '/api/data/mosques/request', {
          token: u.token,
          body: { name: 'Masjid\u001b[2J', address: 'x' },
        })
      ).status,
    ).toBe(400);
  });

  it('when days or since are not plain decimal numbers, then 400', async () => {
    const u = await h.user({ phoneNumber: freshPhone() });
    for (const q of ['days=0x10', 'days=1e1', 'days=', 'days=%207']) {
      expect((await h.api('GET', `/api/salah-schedules/fajr-schedules?${q}`, { token: u.token })).status).toBe(400);
    }
    expect((await h.api('GET', '/api/salah-schedules/fajr-schedules?days=16', { token: u.token })).status).not.toBe(
      400,
    );
    expect((await h.api('GET', '/api/support/messages?since=', { token: u.token })).status).toBe(400);
    expect((await h.api('GET', '/api/support/messages?since=0x10', { token: u.token })).status).toBe(400);
    expect((await h.api('GET', '/api/support/messages?since=0', { token: u.token })).status).toBe(200);
  });
});
