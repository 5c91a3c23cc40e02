import { RATE_LIMITS } from '../src/middleware/rate-limit';
import { signupEmail, signupPhone, useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { newIp, repeat, signIn } from '@fajr/scripts/testing/rate-limits';

jest.setTimeout(90_000);

const h = useApi({ worker: 'accounts', rateLimits: 'on' });

describe('rate limits (RATE_LIMITS=on)', () => {
  it('when the shared store prepares its schema, then no pooled connection is left inside a transaction (what one wrote stays visible to the others)', async () => {
    const ip = newIp();
    expect((await signIn(h, ip, freshPhone(), 'wrong password')).status).toBe(401);
    const { rows } = await h.db.raw(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'",
    );
    expect(rows[0].n).toBe(0);
  });

  it('when one account gets too many failed sign-ins from a network, then that network gets 429 with Retry-After; the owner elsewhere and other accounts still sign in', async () => {
    const ip = newIp();
    const a = await signupPhone(h);
    const b = await signupPhone(h);
    const limit = RATE_LIMITS.signin.account.limit;
    const statuses = await repeat(limit, () => signIn(h, ip, a.phoneNumber, 'wrong password'));
    expect(statuses).toEqual(Array(limit).fill(401));
    const blocked = await signIn(h, ip, a.phoneNumber, a.password);
    expect(blocked).toMatchObject({ status: 429, body: { error: RATE_LIMITS.signin.account.message } });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same account typed another way is the same account.
    expect((await signIn(h, ip, `00${a.phoneNumber.slice(1)}`, a.password)).status).toBe(429);
    // Issue 14: a stranger's failures no longer lock the owner out; from another network the password works.
    expect((await signIn(h, newIp(), a.phoneNumber, a.password)).status).toBe(200);
    expect((await signIn(h, ip, b.phoneNumber, b.password)).status).toBe(200);
  });

  it('when sign-ins succeed, then they do not count against the account', async () => {
    const ip = newIp();
    const a = await signupPhone(h);
    const statuses = await repeat(RATE_LIMITS.signin.account.limit + 2, () => signIn(h, ip, a.phoneNumber, a.password));
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('when one address tries too many sign-ins across accounts, then 429 names the network', async () => {
    const ip = newIp();
    const limit = RATE_LIMITS.signin.ip.limit;
    const statuses = await repeat(limit, () => signIn(h, ip, freshPhone(), 'guess guess'));
    expect(statuses).toEqual(Array(limit).fill(401));
    expect(await signIn(h, ip, freshPhone(), 'guess guess')).toMatchObject({
      status: 429,
      body: { error: RATE_LIMITS.signin.ip.message },
    });
    expect((await signIn(h, newIp(), freshPhone(), 'guess guess')).status).toBe(401);
  });

  it('when one address signs up too often, then 429', async () => {
    const ip = newIp();
    const limit = RATE_LIMITS.signup.ip.limit;
    // Bad sign-ups count too (each is still work for the server).
    const statuses = await repeat(limit, () =>
      h.api('POST', '/api/users/signup', { ip, body: { phoneNumber: freshPhone(), password: 'short' } }),
    );
    expect(statuses).toEqual(Array(limit).fill(400));
    expect(
      await h.api('POST', '/api/users/signup', {
        ip,
        body: { phoneNumber: freshPhone(), password: 'long enough password' },
      }),
    ).toMatchObject({ status: 429, body: { error: RATE_LIMITS.signup.ip.message } });
  });

  it('when one username is signed up for too often, then 429 for that username only', async () => {
    const ip = newIp();
    const phone = freshPhone();
    const limit = RATE_LIMITS.signup.account.limit;
    await repeat(limit, () =>
      h.api('POST', '/api/users/signup', { ip, body: { phoneNumber: phone, password: 'short' } }),
    );
    expect(
      await h.api('POST', '/api/users/signup', { ip, body: { phoneNumber: phone, password: 'long enough password' } }),
    ).toMatchObject({ status: 429, body: { error: RATE_LIMITS.signup.account.message } });
    expect(
      (
        await h.api('POST', '/api/users/signup', {
          ip,
          body: { phoneNumber: freshPhone(), password: 'long enough password' },
        })
      ).status,
    ).toBe(200);
  });

  it('when a reset code is asked for twice within a minute, then 429 whether or not the account exists', async () => {
    const ip = newIp();
    const a = await signupEmail(h);
    const unknown = freshPhone();
    for (const username of [a.email, unknown]) {
      expect((await h.api('POST', '/api/users/forget-password', { ip, body: { phoneNumber: username } })).status).toBe(
        200,
      );
      expect(await h.api('POST', '/api/users/forget-password', { ip, body: { phoneNumber: username } })).toMatchObject({
        status: 429,
        body: { error: RATE_LIMITS.forgetPassword.account.message },
      });
    }
  });

  it('when one address asks for too many reset codes, then 429', async () => {
    const ip = newIp();
    const limit = RATE_LIMITS.forgetPassword.ip.limit;
    const statuses = await repeat(limit, () =>
      h.api('POST', '/api/users/forget-password', { ip, body: { phoneNumber: freshPhone() } }),
    );
    expect(statuses).toEqual(Array(limit).fill(200));
    expect(
      await h.api('POST', '/api/users/forget-password', { ip, body: { phoneNumber: freshPhone() } }),
    ).toMatchObject({ status: 429, body: { error: RATE_LIMITS.forgetPassword.ip.message } });
  });

  it('when a user asks for verification codes over and over, then the cooldown and then the hourly limit answer 429', async () => {
    const ip = newIp();
    const a = await signupPhone(h);
    const limit = RATE_LIMITS.sendVerification.account.limit;
    const statuses = await repeat(limit, () => h.api('POST', '/api/users/send-verification', { ip, token: a.token }));
    expect(statuses).toEqual([200, ...Array(limit - 1).fill(429)]);
    expect(await h.api('POST', '/api/users/send-verification', { ip, token: a.token })).toMatchObject({
      status: 429,
      body: { error: RATE_LIMITS.sendVerification.account.message },
    });
  });

  it('when a user checks too many codes, then 429, and other users are not held back', async () => {
    const ip = newIp();
    const a = await signupPhone(h);
    const b = await signupPhone(h);
    const limit = RATE_LIMITS.codeCheck.account.limit;
    const statuses = await repeat(limit, () =>
      h.api('POST', '/api/users/verify-phone-code', { ip, token: a.token, body: { code: '123456' } }),
    );
    expect(statuses).toEqual(Array(limit).fill(400));
    expect(
      await h.api('POST', '/api/users/verify-phone-code', { ip, token: a.token, body: { code: '123456' } }),
    ).toMatchObject({ status: 429, body: { error: RATE_LIMITS.codeCheck.account.message } });
    expect(
      (await h.api('POST', '/api/users/verify-phone-code', { ip, token: b.token, body: { code: '123456' } })).status,
    ).toBe(400);
  });

  it('when reset codes are guessed for one username too often, then 429', async () => {
    const ip = newIp();
    const a = await signupPhone(h);
    const limit = RATE_LIMITS.codeCheck.account.limit;
    await repeat(limit, (i) =>
      h.api('POST', '/api/users/forget-password/reset', {
        ip,
        body: { phoneNumber: a.phoneNumber, code: String(100000 + i) },
      }),
    );
    expect(
      await h.api('POST', '/api/users/forget-password/reset', {
        ip,
        body: { phoneNumber: a.phoneNumber, code: '999999' },
      }),
    ).toMatchObject({ status: 429, body: { error: RATE_LIMITS.codeCheck.account.message } });
  });

  it("when a user hands over purchases again and again, then 429 before the store's API is asked any more", async () => {
    const ip = newIp();
    const a = await signupPhone(h);
    const limit = RATE_LIMITS.storePurchase.account.limit;
    const handOver = () =>
      h.api('POST', '/api/subscriptions/store-purchases', {
        ip,
        token: a.token,
        body: { store: 'apple', transactionId: '2000000999999999' },
      });
    const statuses = await repeat(limit, handOver);
    expect(statuses.every((s) => s >= 400 && s < 500 && s !== 429)).toBe(true);
    expect(await handOver()).toMatchObject({ status: 429, body: { error: RATE_LIMITS.storePurchase.account.message } });
  });

  it('when one network tries too many friend consents, then 429 (the consent page needs no account)', async () => {
    const ip = newIp();
    const limit = RATE_LIMITS.friendConsent.ip.limit;
    const id = '00000000-0000-4000-8000-000000000000';
    const statuses = await repeat(limit, () =>
      h.api('POST', `/api/friends/${id}/consent`, { ip, body: { code: '123456' } }),
    );
    expect(statuses.every((s) => s >= 400 && s < 500 && s !== 429)).toBe(true);
    expect(await h.api('POST', `/api/friends/${id}/consent`, { ip, body: { code: '123456' } })).toMatchObject({
      status: 429,
      body: { error: RATE_LIMITS.friendConsent.ip.message },
    });
  });

  it('when account deletion is tried with too many wrong passwords, then 429', async () => {
    const ip = newIp();
    const a = await signupPhone(h);
    const limit = RATE_LIMITS.goodbye.account.limit;
    const statuses = await repeat(limit, () =>
      h.api('POST', '/api/users/goodbye', { ip, token: a.token, body: { password: 'not the password' } }),
    );
    expect(statuses).toEqual(Array(limit).fill(400));
    expect(
      (await h.api('POST', '/api/users/goodbye', { ip, token: a.token, body: { password: a.password } })).status,
    ).toBe(429);
    expect((await h.api('GET', '/api/users/current-user', { token: a.token })).status).toBe(200);
  });
});
