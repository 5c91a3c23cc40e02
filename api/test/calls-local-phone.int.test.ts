import { nextCode, useApi } from '@fajr/scripts/testing/api';
import { ringingCallTo } from '@fajr/scripts/testing/local-phone';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { friendCallsWorkflowId } from '@fajr/workflows';
import { morningOnLocalPhone, placeWithFajrAt } from './calls-local-phone-support';

jest.setTimeout(120_000);

describe('one morning on the local phone (dev server, real API and worker)', () => {
  const h = useApi({ worker: 'all', env: { CALL_ARM_LEAD_SECONDS: '2' } });

  it('when a Plus user\'s phone is silenced (Do Not Disturb), then attempt 1 is rejected at once, the ring-through gets through, and the log says "Rang through Do Not Disturb"', async () => {
    const phoneNumber = freshPhone();
    const u = await h.user({ plan: 'PLUS', phoneNumber, preferences: { allow_calls: true } });
    expect(
      await h.api('POST', '/api/dev/phone/behaviours', { body: { phoneNumber, outcome: 'silenced' } }),
    ).toMatchObject({ status: 200 });

    const m = await morningOnLocalPhone(h, u.id);
    expect(m.result).toMatchObject({ outcome: 'answered', wokenBy: 'ring-through' });
    // The ring time is asked of the provider for unanswered attempts, where it is the signal.
    expect(m.log).toEqual([
      { kind: 'fajr', attempt: 1, outcome: 'busy', ring_seconds: 1, awake_check: true, confirmed_at: null },
      {
        kind: 'ring-through',
        attempt: 3,
        outcome: 'answered',
        ring_seconds: null,
        awake_check: true,
        confirmed_at: expect.any(Date),
      },
    ]);
    expect([m.callOutcome, m.wokenBy]).toEqual(['answered', 'ring-through']);
    const stats = await h.api('GET', '/api/salah-schedules/calls/stats', { token: u.token });
    expect(stats.body.result).toMatchObject({ answered: 1, missed: 0 });
    expect(stats.body.result.callLogs[0]).toMatchObject({
      kind: 'ring-through',
      callAnsweredBy: 'Answered',
      note: 'Rang through Do Not Disturb',
    });
  });

  it('when the phone answers without pressing the key, then the call log says "Answered, no key pressed", the morning counts as missed and the account page tells that morning so', async () => {
    const phoneNumber = freshPhone();
    const u = await h.user({ plan: 'PLUS', phoneNumber, preferences: { allow_calls: true } });
    // New users have the awake check on.
    expect((await h.api('GET', '/api/users/current-user', { token: u.token })).body.result.user).toMatchObject({
      awakeCheck: true,
    });
    await h.api('POST', '/api/dev/phone/behaviours', {
      body: { phoneNumber, outcome: 'answer', ringMs: 500, pressKey: '' },
    });

    const m = await morningOnLocalPhone(h, u.id);
    expect(m.result.outcome).toBe('unconfirmed');
    expect(m.log).toMatchObject([{ kind: 'fajr', outcome: 'answered', awake_check: true, confirmed_at: null }]);
    expect([m.callOutcome, m.wokenBy]).toEqual(['unconfirmed', undefined]);
    const stats = (await h.api('GET', '/api/salah-schedules/calls/stats', { token: u.token })).body.result;
    expect(stats).toMatchObject({
      answered: 0,
      missed: 1,
      callLogs: [{ kind: 'fajr', callAnsweredBy: 'Answered, no key pressed' }],
    });
    const today = (await h.api('GET', '/api/salah-schedules/fajr-schedules/today', { token: u.token })).body.result;
    expect(today.morning).toMatchObject({
      result: 'unconfirmed',
      attempts: [{ kind: 'fajr', outcome: 'answered', keyPressed: false }],
    });
  });

  it('when a person presses the key on the local phone page, then the call is confirmed and the morning answered', async () => {
    const phoneNumber = freshPhone();
    const u = await h.user({ plan: 'BASIC', phoneNumber, preferences: { allow_calls: true } });
    await h.api('POST', '/api/dev/phone/behaviours', { body: { phoneNumber, outcome: 'manual' } });
    const morning = morningOnLocalPhone(h, u.id);
    const sid = await ringingCallTo(h, phoneNumber, 60);
    expect(await h.api('POST', `/api/dev/phone/calls/${sid}/press`)).toMatchObject({
      status: 200,
      body: { result: { status: 'completed', answeredBy: 'human' } },
    });
    const m = await morning;
    expect(m.result).toMatchObject({ outcome: 'answered', wokenBy: 'fajr' });
    expect(m.log).toMatchObject([
      { kind: 'fajr', outcome: 'answered', awake_check: true, confirmed_at: expect.any(Date) },
    ]);
  });

  it('turns the awake check off and on in settings (every plan); an unsigned key press is refused', async () => {
    const u = await h.user({ plan: 'BASIC' });
    const toggle = (awakeCheck: unknown) =>
      h.api('POST', '/api/salah-schedules/fajr-prefs/toggles', { token: u.token, body: { awakeCheck } });
    expect(await toggle(false)).toMatchObject({ status: 200, body: { message: 'Awake check disabled' } });
    expect((await h.api('GET', '/api/users/current-user', { token: u.token })).body.result.user.awakeCheck).toBe(false);
    expect(await toggle('yes')).toMatchObject({ status: 400 });
    expect(await toggle(true)).toMatchObject({ status: 200, body: { message: 'Awake check enabled' } });
    const forged = await h.api('POST', '/api/webhooks/twilio/awake?attempt=x%231', {
      rawBody: 'CallSid=CA' + '1'.repeat(32) + '&Digits=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.status).toBe(403);
    expect(JSON.stringify(forged.body)).toContain('Invalid signature');
  });

  it('a Premium user adds a second number, verifies it by the code sent to it, and removes it; others are told to upgrade', async () => {
    const plus = await h.user({ plan: 'PLUS', phoneNumber: freshPhone() });
    expect(
      await h.api('POST', '/api/users/second-phone-number', { token: plus.token, body: { phoneNumber: freshPhone() } }),
    ).toMatchObject({
      status: 403,
      body: { error: 'Upgrade to PREMIUM plan to access this feature' },
    });
    const first = freshPhone();
    const u = await h.user({ plan: 'PREMIUM', phoneNumber: first });
    const add = (phoneNumber: string) =>
      h.api('POST', '/api/users/second-phone-number', { token: u.token, body: { phoneNumber } });
    expect(await add(first)).toMatchObject({
      status: 400,
      body: { error: 'This is already your phone number; add a different one' },
    });
    const second = freshPhone();
    expect(await add(second)).toMatchObject({ status: 200, body: { message: 'Verification code sent' } });
    const me = async () => (await h.api('GET', '/api/users/current-user', { token: u.token })).body.result.user;
    expect(await me()).toMatchObject({ secondPhoneNumber: second, secondPhoneNumberVerified: false });
    const { code } = await nextCode(h, second);
    const verify = (c: string) =>
      h.api('POST', '/api/users/second-phone-number/verify', { token: u.token, body: { code: c } });
    expect(await verify(code === '000000' ? '111111' : '000000')).toMatchObject({
      status: 400,
      body: { error: 'The code is incorrect, please try again' },
    });
    expect(await verify(code)).toMatchObject({ status: 200, body: { message: 'Second number verified' } });
    expect(await me()).toMatchObject({ secondPhoneNumber: second, secondPhoneNumberVerified: true });
    expect(await h.api('DELETE', '/api/users/second-phone-number', { token: u.token })).toMatchObject({
      status: 200,
      body: { message: 'Second number removed' },
    });
    expect(await me()).toMatchObject({ secondPhoneNumber: null, secondPhoneNumberVerified: false });
  });

  it("when a Premium user's phone rings out, then the verified second number is called at once and its key press wakes the morning", async () => {
    const first = freshPhone();
    const second = freshPhone();
    const u = await h.user({
      plan: 'PREMIUM',
      phoneNumber: first,
      preferences: { allow_calls: true, allow_repeat_calls: true },
    });
    await h
      .db('users')
      .where({ id: u.id })
      .update({ second_phone_number: second, second_phone_verified_at: new Date() });
    await h.api('POST', '/api/dev/phone/behaviours', {
      body: { phoneNumber: first, outcome: 'no-answer', ringMs: 15_000 },
    });
    await h.api('POST', '/api/dev/phone/behaviours', { body: { phoneNumber: second, outcome: 'answer', ringMs: 500 } });

    const m = await morningOnLocalPhone(h, u.id);
    expect(m.result).toMatchObject({ outcome: 'answered', wokenBy: 'second-number' });
    expect(m.log).toMatchObject([
      { kind: 'fajr', outcome: 'no-answer', ring_seconds: 15 },
      { kind: 'second-number', attempt: 4, outcome: 'answered', confirmed_at: expect.any(Date) },
    ]);
    const dialled = await h
      .db('local_phone_calls')
      .whereIn('to_number', [first, second])
      .orderBy('created_at')
      .pluck('to_number');
    expect(dialled).toEqual([first, second]);
    const stats = (await h.api('GET', '/api/salah-schedules/calls/stats', { token: u.token })).body.result;
    expect(stats.callLogs[0]).toMatchObject({
      kind: 'second-number',
      note: 'Second number',
      callAnsweredBy: 'Answered',
    });
  });

  it('a Fajr friend end to end: invited through the API, consents by code with a city, their own chain dials the local phone with the personalised TwiML, they press 9 twice and are never called again; the inviter sees them woken this month', async () => {
    const u = await h.user({ plan: 'PREMIUM', phoneNumber: freshPhone() });
    const friendNumber = freshPhone();
    expect(
      await h.api('POST', '/api/users/friends', {
        token: u.token,
        body: { firstName: 'Yusuf', phoneNumber: friendNumber, inviterName: 'Amina' },
      }),
    ).toMatchObject({ status: 200 });
    const sms = await nextCode(h, friendNumber);
    const friendId = /\/friend\/([0-9a-f-]{36})\b/.exec(sms.body)![1]!;
    // The friend's phone answers and presses 9 (the stop key) while the call plays, and 9 again when asked.
    await h.api('POST', '/api/dev/phone/behaviours', {
      body: { phoneNumber: friendNumber, outcome: 'answer', ringMs: 500, pressKey: '99' },
    });
    expect((await h.api('GET', `/api/friends/${friendId}`)).body.result).toEqual({
      firstName: 'Yusuf',
      inviterName: 'Amina',
      status: 'invited',
    });

    // A city whose Fajr starts at the next whole minute at least 15 s away (the chain arms 2 s ahead).
    const place = placeWithFajrAt(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
    expect(
      await h.api('POST', `/api/friends/${friendId}/consent`, { body: { code: sms.code, ...place } }),
    ).toMatchObject({ status: 200 });
    // Their chain plans, dials once, hears the stop key, plans again, finds them stopped and ends.
    await h.temporal.workflow.getHandle(friendCallsWorkflowId(friendId)).result();

    const calls = (await h.api('GET', '/api/dev/phone/calls')).body.result.filter(
      (c: { to: string }) => c.to === friendNumber,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ status: 'completed', answeredBy: 'human' });
    // The greeting, the time where the friend is (issue 45: every call says it), the stop key.
    expect(calls[0].twiml).toMatch(
      /Assalamu alaikum Yusuf, Amina asked us to wake you for Fajr\. It is \d{1,2}:\d\d [AP]M\. To stop these calls, press 9\./,
    );
    expect(calls[0].twiml).toMatch(
      /<Gather input="dtmf" numDigits="1" finishOnKey="" timeout="10" action="[^"]*\/api\/webhooks\/twilio\/awake\?attempt=friend-call%3A/,
    );
    expect(await h.db('fajr_friends').where({ id: friendId }).first()).toMatchObject({
      status: 'stopped',
      phone_number: null,
      lat: null,
      city_name: null,
    });
    // Their call log went with their consent; the inviter still sees that the call woke them.
    expect(await h.db('call_attempts').where({ friend_id: friendId })).toEqual([]);
    const list = await h.api('GET', '/api/users/friends', { token: u.token });
    expect(list.body.result.friends).toEqual([
      { id: friendId, firstName: 'Yusuf', status: 'stopped', thisMonth: 'woken' },
    ]);
    expect(await h.db('local_phone_calls').where({ to_number: friendNumber })).toHaveLength(1);
  });
});
