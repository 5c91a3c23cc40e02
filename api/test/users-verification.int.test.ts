import { CODE_EXPIRED, CODE_LOCKED, WRONG_CODE } from '../src/services/codes.service';
import { nextCode, signupEmail, signupPhone, useApi } from '@fajr/scripts/testing/api';
import { oneTimeCodeWorkflowId } from '@fajr/workflows';

jest.setTimeout(60_000);

const h = useApi({ worker: 'accounts' });

describe('phone verification: POST /api/users/send-verification and /verify-phone-code', () => {
  it('when a user asks for a code, then an SMS brings it, the workflow holds no code or number, and the code verifies the phone', async () => {
    const a = await signupPhone(h);
    const sent = await h.api('POST', '/api/users/send-verification', { token: a.token });
    expect(sent).toMatchObject({ status: 200, body: { message: 'Verification code sent' } });
    const { code, body } = await nextCode(h, a.phoneNumber);
    expect(body).toContain('verification code');
    const stored = await h.db('one_time_codes').where({ subject: a.user.id, purpose: 'verify-phone' });
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      await h.api('POST', '/api/users/verify-phone-code', { token: a.token, body: { code: wrong } }),
    ).toMatchObject({ status: 400, body: { error: WRONG_CODE } });
    const ok = await h.api('POST', '/api/users/verify-phone-code', { token: a.token, body: { code } });
    expect(ok).toMatchObject({ status: 200, body: { message: 'Verification successful' } });
    expect(
      (await h.api('GET', '/api/users/current-user', { token: a.token })).body.result.user.phoneNumberVerified,
    ).toBe(true);

    const handle = h.temporal.workflow.getHandle(oneTimeCodeWorkflowId('verify-phone', a.user.id));
    expect(await handle.result()).toBe('used');
    const history = JSON.stringify(await handle.fetchHistory());
    expect(history).not.toContain(code);
    expect(history).not.toContain(a.phoneNumber.slice(1));
  });

  it('when a code is asked for again within a minute, then 429 says how long to wait, in its message and Retry-After', async () => {
    const a = await signupPhone(h);
    expect((await h.api('POST', '/api/users/send-verification', { token: a.token })).status).toBe(200);
    await nextCode(h, a.phoneNumber);
    const again = await h.api('POST', '/api/users/send-verification', { token: a.token });
    expect(again.status).toBe(429);
    expect(again.body.error).toMatch(/^A code was just sent, please wait \d+ seconds before asking for another$/);
    // The same wait as Retry-After, so the web shows the time left as information, not as a failure.
    const seconds = Number(/wait (\d+) seconds/.exec(again.body.error)![1]);
    expect(Number(again.headers.get('retry-after'))).toBe(seconds);
  });

  it('when a later request brings a new code, then the old one stops working', async () => {
    const a = await signupPhone(h);
    await h.api('POST', '/api/users/send-verification', { token: a.token });
    const first = await nextCode(h, a.phoneNumber);
    // As if the minute had passed and the first code's workflow had ended (the resend within one
    // workflow, on its own clock, is covered by the time-skipping test).
    await h.temporal.workflow.getHandle(oneTimeCodeWorkflowId('verify-phone', a.user.id)).terminate('test');
    await h
      .db('one_time_codes')
      .where({ subject: a.user.id })
      .update({ sent_at: new Date(Date.now() - 61_000) });
    expect((await h.api('POST', '/api/users/send-verification', { token: a.token })).status).toBe(200);
    const second = await nextCode(h, a.phoneNumber, first.id);
    if (first.code !== second.code) {
      expect(
        await h.api('POST', '/api/users/verify-phone-code', { token: a.token, body: { code: first.code } }),
      ).toMatchObject({ status: 400, body: { error: WRONG_CODE } });
    }
    expect(
      (await h.api('POST', '/api/users/verify-phone-code', { token: a.token, body: { code: second.code } })).status,
    ).toBe(200);
  });

  it('when five wrong codes are tried, then the code ends and even the right one is refused', async () => {
    const a = await signupPhone(h);
    await h.api('POST', '/api/users/send-verification', { token: a.token });
    const { code } = await nextCode(h, a.phoneNumber);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      expect(
        (await h.api('POST', '/api/users/verify-phone-code', { token: a.token, body: { code: wrong } })).body.error,
      ).toBe(WRONG_CODE);
    }
    expect(
      (await h.api('POST', '/api/users/verify-phone-code', { token: a.token, body: { code: wrong } })).body.error,
    ).toBe(CODE_LOCKED);
    expect(await h.api('POST', '/api/users/verify-phone-code', { token: a.token, body: { code } })).toMatchObject({
      status: 400,
      body: { error: CODE_EXPIRED },
    });
    expect(await h.temporal.workflow.getHandle(oneTimeCodeWorkflowId('verify-phone', a.user.id)).result()).toBe(
      'locked',
    );
  });

  it('when wrong guesses race, then each is counted', async () => {
    const a = await signupPhone(h);
    await h.api('POST', '/api/users/send-verification', { token: a.token });
    const { code } = await nextCode(h, a.phoneNumber);
    const wrong = code === '000000' ? '111111' : '000000';
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        h.api('POST', '/api/users/verify-phone-code', { token: a.token, body: { code: wrong } }),
      ),
    );
    expect(replies.filter((r) => r.body.error === CODE_LOCKED)).toHaveLength(1);
    expect(replies.filter((r) => r.body.error === WRONG_CODE)).toHaveLength(4);
    expect(replies.filter((r) => r.body.error === CODE_EXPIRED)).toHaveLength(3);
  });

  it('when the code is older than ten minutes, then it is refused', async () => {
    const a = await signupPhone(h);
    await h.api('POST', '/api/users/send-verification', { token: a.token });
    const { code } = await nextCode(h, a.phoneNumber);
    await h
      .db('one_time_codes')
      .where({ subject: a.user.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(await h.api('POST', '/api/users/verify-phone-code', { token: a.token, body: { code } })).toMatchObject({
      status: 400,
      body: { error: CODE_EXPIRED },
    });
  });

  it("when another user sends someone's code, then it does not verify them", async () => {
    const a = await signupPhone(h);
    const b = await signupPhone(h);
    await h.api('POST', '/api/users/send-verification', { token: a.token });
    await h.api('POST', '/api/users/send-verification', { token: b.token });
    const codeA = (await nextCode(h, a.phoneNumber)).code;
    const codeB = (await nextCode(h, b.phoneNumber)).code;
    if (codeA !== codeB) {
      expect(
        (await h.api('POST', '/api/users/verify-phone-code', { token: b.token, body: { code: codeA } })).status,
      ).toBe(400);
    }
    expect(
      (await h.api('POST', '/api/users/verify-phone-code', { token: a.token, body: { code: codeA } })).status,
    ).toBe(200);
    expect(
      (await h.api('GET', '/api/users/current-user', { token: b.token })).body.result.user.phoneNumberVerified,
    ).toBe(false);
  });

  it('when the account has no phone number or the code is malformed or the token missing, then 4xx', async () => {
    const e = await signupEmail(h);
    expect(await h.api('POST', '/api/users/send-verification', { token: e.token })).toMatchObject({
      status: 400,
      body: { error: 'Your account has no phone number to verify' },
    });
    expect(
      await h.api('POST', '/api/users/verify-phone-code', { token: e.token, body: { code: '12ab56' } }),
    ).toMatchObject({ status: 400, body: { error: 'code: The code must be 6 digits' } });
    expect((await h.api('POST', '/api/users/verify-phone-code', { token: e.token, body: {} })).status).toBe(400);
    expect((await h.api('POST', '/api/users/send-verification')).status).toBe(401);
    expect((await h.api('POST', '/api/users/verify-phone-code', { body: { code: '123456' } })).status).toBe(401);
    expect(
      (await h.api('POST', '/api/users/verify-phone-code', { token: 'bad', body: { code: '123456' } })).status,
    ).toBe(401);
  });
});
