import { INVALID_USERNAME } from '../src/services/auth.service';
import { RESET_CODE_REJECTED, RESET_CODE_SENT } from '../src/services/codes.service';
import { lastOutboxId, nextCode, signupEmail, signupPhone, useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { oneTimeCodeWorkflowId } from '@fajr/workflows';

jest.setTimeout(60_000);

const h = useApi({ worker: 'accounts' });

describe('password reset: POST /api/users/forget-password and /forget-password/reset', () => {
  it('when an e-mail user resets, then the code comes by e-mail, the code step keeps it, the final step sets the password and ends every session', async () => {
    const a = await signupEmail(h);
    const r = await h.api('POST', '/api/users/forget-password', { body: { phoneNumber: a.email } });
    expect(r).toMatchObject({ status: 200, body: { message: RESET_CODE_SENT } });
    const { code } = await nextCode(h, a.email);
    const outbox = await h.db('local_outbox').where({ recipient: a.email }).first();
    expect(outbox).toMatchObject({ channel: 'email', subject: 'Your Fajr password reset code' });

    const step = await h.api('POST', '/api/users/forget-password/reset', { body: { phoneNumber: a.email, code } });
    expect(step).toMatchObject({ status: 200, body: { message: 'Code accepted, please choose a new password' } });
    const final = await h.api('POST', '/api/users/forget-password/reset', {
      body: { phoneNumber: a.email, code, password: 'a brand new password' },
    });
    expect(final).toMatchObject({ status: 200, body: { message: 'Password change complete' } });

    expect((await h.api('GET', '/api/users/current-user', { token: a.token })).status).toBe(401);
    expect(
      (await h.api('POST', '/api/users/signin', { body: { phoneNumber: a.email, password: a.password } })).status,
    ).toBe(401);
    expect(
      (await h.api('POST', '/api/users/signin', { body: { phoneNumber: a.email, password: 'a brand new password' } }))
        .status,
    ).toBe(200);
    // Used: a second reset with the same code is refused.
    expect(
      await h.api('POST', '/api/users/forget-password/reset', {
        body: { phoneNumber: a.email, code, password: 'yet another password' },
      }),
    ).toMatchObject({ status: 400, body: { error: RESET_CODE_REJECTED } });
    expect(await h.temporal.workflow.getHandle(oneTimeCodeWorkflowId('reset-password', a.user.id)).result()).toBe(
      'used',
    );
  });

  it('when a phone user resets, then the code comes by SMS and the phone counts as verified', async () => {
    const a = await signupPhone(h);
    await h.api('POST', '/api/users/forget-password', { body: { phoneNumber: a.phoneNumber } });
    const { code } = await nextCode(h, a.phoneNumber);
    const final = await h.api('POST', '/api/users/forget-password/reset', {
      body: { phoneNumber: a.phoneNumber, code, password: 'a brand new password' },
    });
    expect(final.status).toBe(200);
    const signin = await h.api('POST', '/api/users/signin', {
      body: { phoneNumber: a.phoneNumber, password: 'a brand new password' },
    });
    expect(signin.body.result.user.phoneNumberVerified).toBe(true);
  });

  it('when the account does not exist, then the answer is the same and nothing is sent', async () => {
    const phone = freshPhone();
    const r = await h.api('POST', '/api/users/forget-password', { body: { phoneNumber: phone } });
    expect(r).toMatchObject({ status: 200, body: { message: RESET_CODE_SENT } });
    const reset = await h.api('POST', '/api/users/forget-password/reset', {
      body: { phoneNumber: phone, code: '123456' },
    });
    expect(reset).toMatchObject({ status: 400, body: { error: RESET_CODE_REJECTED } });
    await new Promise((res) => setTimeout(res, 500));
    expect(await lastOutboxId(h, phone)).toBe(0);
  });

  it('when the code is wrong, then 400 and the password stays', async () => {
    const a = await signupPhone(h);
    await h.api('POST', '/api/users/forget-password', { body: { phoneNumber: a.phoneNumber } });
    const { code } = await nextCode(h, a.phoneNumber);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      await h.api('POST', '/api/users/forget-password/reset', {
        body: { phoneNumber: a.phoneNumber, code: wrong, password: 'a brand new password' },
      }),
    ).toMatchObject({ status: 400, body: { error: RESET_CODE_REJECTED } });
    expect(
      (await h.api('POST', '/api/users/signin', { body: { phoneNumber: a.phoneNumber, password: a.password } })).status,
    ).toBe(200);
    expect((await h.api('GET', '/api/users/current-user', { token: a.token })).status).toBe(200);
  });

  it("when someone uses another account's code, then it is refused", async () => {
    const a = await signupPhone(h);
    const b = await signupPhone(h);
    await h.api('POST', '/api/users/forget-password', { body: { phoneNumber: a.phoneNumber } });
    const { code } = await nextCode(h, a.phoneNumber);
    expect(
      (
        await h.api('POST', '/api/users/forget-password/reset', {
          body: { phoneNumber: b.phoneNumber, code, password: 'hijacked password' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await h.api('POST', '/api/users/signin', { body: { phoneNumber: b.phoneNumber, password: b.password } })).status,
    ).toBe(200);
  });

  it.each([
    ['no username', { code: '123456' }, 'phoneNumber: Please enter your email or phone number'],
    ['a bad code', { phoneNumber: '+447911000001', code: '12345' }, 'code: The code must be 6 digits'],
    [
      'a short password',
      { phoneNumber: '+447911000001', code: '123456', password: 'short' },
      'password: The password must be at least 8 characters',
    ],
    ['a bad username', { phoneNumber: 'someone', code: '123456' }, INVALID_USERNAME],
  ])('when the reset has %s, then 400', async (_what, body, error) => {
    const r = await h.api('POST', '/api/users/forget-password/reset', { body });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain(error);
  });

  it('when forget-password has no or a bad username, then 400', async () => {
    expect((await h.api('POST', '/api/users/forget-password', { body: {} })).status).toBe(400);
    expect(await h.api('POST', '/api/users/forget-password', { body: { phoneNumber: 'nobody' } })).toMatchObject({
      status: 400,
      body: { error: INVALID_USERNAME },
    });
  });
});
