import { nextCode, useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';

jest.setTimeout(60_000);

const h = useApi({ worker: 'accounts' });

const setLanguage = (token: string, language: string) =>
  h.api('PUT', '/api/users/language', { token, body: { language } });

/** Texts to people, in their language (issue 45 point 5): codes, friend invitations, a friend's stop. */
describe('texts in the recipient language', () => {
  it('when a user whose language is Arabic asks for a code, then the SMS is in Arabic and carries the code as digits', async () => {
    const phoneNumber = freshPhone();
    const u = await h.user({ phoneNumber, phoneVerified: false });
    await setLanguage(u.token, 'ar');
    const r = await h.api('POST', '/api/users/send-verification', { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe('code.sent');
    const sms = await nextCode(h, phoneNumber);
    expect(sms.body).toContain(`رمز التحقق من Fajr هو ${sms.code}`);
  });

  it('when an English user asks for a code, then the SMS reads as it always did', async () => {
    const phoneNumber = freshPhone();
    const u = await h.user({ phoneNumber, phoneVerified: false });
    await h.api('POST', '/api/users/send-verification', { token: u.token });
    const sms = await nextCode(h, phoneNumber);
    expect(sms.body).toBe(`Your Fajr verification code is ${sms.code}. It expires in 10 minutes.`);
  });

  it("when an inviter chooses the friend's language, then the invitation is in it and kept for the friend", async () => {
    const u = await h.user({ plan: 'PREMIUM' });
    const phoneNumber = freshPhone();
    const r = await h.api('POST', '/api/users/friends', {
      token: u.token,
      body: { firstName: 'Rahim', phoneNumber, inviterName: 'Karim', language: 'bn' },
    });
    expect(r.status).toBe(200);
    const sms = await nextCode(h, phoneNumber);
    expect(sms.body).toContain('আসসালামু আলাইকুম Rahim, Karim চান Fajr');
    expect(sms.body).toContain(`কোড ${sms.code}`);
    expect(sms.body).toMatch(/\/friend\/[0-9a-f-]{36}/);
    const row = await h.db('fajr_friends').where({ inviter_id: u.id }).first();
    expect(row.language).toBe('bn');
  });

  it("when the inviter chooses none, then the invitation is in the inviter's language", async () => {
    const u = await h.user({ plan: 'PREMIUM' });
    await setLanguage(u.token, 'ur');
    const phoneNumber = freshPhone();
    await h.api('POST', '/api/users/friends', {
      token: u.token,
      body: { firstName: 'Bilal', phoneNumber, inviterName: 'Hamza' },
    });
    const sms = await nextCode(h, phoneNumber);
    expect(sms.body).toContain('السلام علیکم Bilal، Hamza چاہتے ہیں');
    expect((await h.db('fajr_friends').where({ inviter_id: u.id }).first()).language).toBeNull();
  });

  it("when the friend's language is not one Fajr speaks, then 400 naming the allowed codes and nothing is sent", async () => {
    const u = await h.user({ plan: 'PREMIUM' });
    const r = await h.api('POST', '/api/users/friends', {
      token: u.token,
      body: { firstName: 'Bilal', phoneNumber: freshPhone(), inviterName: 'Hamza', language: 'de' },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('enum.language');
    expect(await h.db('fajr_friends').where({ inviter_id: u.id })).toHaveLength(0);
  });

  it("when a friend follows the stop link, then the inviter's notice is in the inviter's language", async () => {
    const inviterPhone = freshPhone();
    const u = await h.user({ plan: 'PREMIUM', phoneNumber: inviterPhone });
    await setLanguage(u.token, 'tr');
    const phoneNumber = freshPhone();
    await h.api('POST', '/api/users/friends', {
      token: u.token,
      body: { firstName: 'Emre', phoneNumber, inviterName: 'Ali', language: 'fr' },
    });
    const invite = await nextCode(h, phoneNumber);
    expect(invite.body).toContain('Assalamou alaykoum Emre');
    const id = /\/friend\/([0-9a-f-]{36})\b/.exec(invite.body)![1]!;
    const sig = /\/stop\?sig=([\w-]+)/.exec(invite.body)![1]!;
    const stop = await h.api('POST', `/api/friends/${id}/stop`, {
      headers: { 'accept-language': 'fr' },
      body: { sig },
    });
    expect(stop.body.code).toBe('friend.stopped');
    expect(stop.body.message).toContain('nous ne vous appellerons plus');
    for (let i = 0; i < 100; i++) {
      const out = await h.api('GET', `/api/dev/outbox?recipient=${encodeURIComponent(inviterPhone)}`);
      const m = out.body?.result?.messages?.[0];
      if (m) {
        expect(m.body).toContain('Fajr: Emre sabah namazı aramalarını durdurdu');
        return;
      }
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error('the inviter was not told');
  });
});
