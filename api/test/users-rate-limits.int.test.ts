import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb } from '@fajr/activities';
import { hashPassword } from '@fajr/activities/domain/passwords';
import { createApp } from '../src/app';
import { RATE_LIMITS, SIGNIN_SLOW_DOWN } from '../src/middleware/rate-limit';
import { signupEmail, signupPhone, useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';

jest.setTimeout(90_000);

const h = useApi({ worker: 'accounts', rateLimits: 'on' });

// Each test speaks from its own address (the app trusts X-Forwarded-For from the loopback proxy).
let ipSeq = 0;
const newIp = () => `203.0.113.${++ipSeq}`;

async function repeat(n: number, send: (i: number) => Promise<{ status: number }>) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await send(i)).status);
  return statuses;
}

describe('rate limits (RATE_LIMITS=on)', () => {
  it('when the shared store prepares its schema, then no pooled connection is left inside a transaction (what one wrote stays visible to the others)', async () => {
    const ip = newIp();
    expect(
      (
        await h.api('POST', '/api/users/signin', {
          ip,
          body: { phoneNumber: freshPhone(), password: 'wrong password' },
        })
      ).status,
    ).toBe(401);
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
    const statuses = await repeat(limit, () =>
      h.api('POST', '/api/users/signin', { ip, body: { phoneNumber: a.phoneNumber, password: 'wrong password' } }),
    );
    expect(statuses).toEqual(Array(limit).fill(401));
    const blocked = await h.api('POST', '/api/users/signin', {
      ip,
      body: { phoneNumber: a.phoneNumber, password: a.password },
    });
    expect(blocked).toMatchObject({ status: 429, body: { error: RATE_LIMITS.signin.account.message } });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same account typed another way is the same account.
    expect(
      (
        await h.api('POST', '/api/users/signin', {
          ip,
          body: { phoneNumber: `00${a.phoneNumber.slice(1)}`, password: a.password },
        })
      ).status,
    ).toBe(429);
    // Issue 14: a stranger's failures no longer lock the owner out; from another network the password works.
    expect(
      (
        await h.api('POST', '/api/users/signin', {
          ip: newIp(),
          body: { phoneNumber: a.phoneNumber, password: a.password },
        })
      ).status,
    ).toBe(200);
    expect(
      (await h.api('POST', '/api/users/signin', { ip, body: { phoneNumber: b.phoneNumber, password: b.password } }))
        .status,
    ).toBe(200);
  });

  it('when sign-ins succeed, then they do not count against the account', async () => {
    const ip = newIp();
    const a = await signupPhone(h);
    const statuses = await repeat(RATE_LIMITS.signin.account.limit + 2, () =>
      h.api('POST', '/api/users/signin', { ip, body: { phoneNumber: a.phoneNumber, password: a.password } }),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('when one address tries too many sign-ins across accounts, then 429 names the network', async () => {
    const ip = newIp();
    const limit = RATE_LIMITS.signin.ip.limit;
    const statuses = await repeat(limit, () =>
      h.api('POST', '/api/users/signin', { ip, body: { phoneNumber: freshPhone(), password: 'guess guess' } }),
    );
    expect(statuses).toEqual(Array(limit).fill(401));
    expect(
      await h.api('POST', '/api/users/signin', { ip, body: { phoneNumber: freshPhone(), password: 'guess guess' } }),
    ).toMatchObject({ status: 429, body: { error: RATE_LIMITS.signin.ip.message } });
    expect(
      (
        await h.api('POST', '/api/users/signin', {
          ip: newIp(),
          body: { phoneNumber: freshPhone(), password: 'guess guess' },
        })
      ).status,
    ).toBe(401);
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

describe('sign-in guessing without lock-out power', () => {
  // Inserted rather than signed up: the file's sign-ups already spent the loopback address's hourly allowance.
  const account = async () => {
    const phoneNumber = freshPhone();
    const password = 'correct horse battery';
    const u = await h.user({ phoneNumber });
    await h
      .db('users')
      .where({ id: u.id })
      .update({ password_hash: await hashPassword(password) });
    return { phoneNumber, password };
  };

  it('when failures for one account come from many networks, then each attempt past the first few is slowed, none refused', async () => {
    const a = await account();
    const { delayAfter, stepMs } = SIGNIN_SLOW_DOWN;
    const timed = async (password: string) => {
      const started = performance.now();
      const r = await h.api('POST', '/api/users/signin', {
        ip: newIp(),
        body: { phoneNumber: a.phoneNumber, password },
      });
      return { status: r.status, ms: performance.now() - started };
    };
    const failures = [];
    for (let i = 0; i < delayAfter + 3; i++) failures.push(await timed('wrong password'));
    expect(failures.map((f) => f.status)).toEqual(Array(delayAfter + 3).fill(401));
    // The third failure past the threshold waits 3 steps before it is even checked.
    expect(failures.at(-1)!.ms).toBeGreaterThanOrEqual(3 * stepMs);
    // The owner, from yet another network, is slowed too but let in.
    expect((await timed(a.password)).status).toBe(200);
  });

  it('when one network keeps failing for an account all day, then the daily ceiling holds that network back', async () => {
    const ip = newIp();
    const a = await account();
    expect(
      (
        await h.api('POST', '/api/users/signin', {
          ip,
          body: { phoneNumber: a.phoneNumber, password: 'wrong password' },
        })
      ).status,
    ).toBe(401);
    // A day's failures from this network, short of the 15-minute limit: the shared counter is set as they would have left it.
    const { limit, message } = RATE_LIMITS.signin.daily;
    await h
      .db('rate_limit_counters')
      .where({ limiter: 'signin:daily', key: `username:${a.phoneNumber}|net:${ip}` })
      .update({ hits: limit });
    expect(
      await h.api('POST', '/api/users/signin', { ip, body: { phoneNumber: a.phoneNumber, password: a.password } }),
    ).toMatchObject({ status: 429, body: { error: message } });
    expect(
      (
        await h.api('POST', '/api/users/signin', {
          ip: newIp(),
          body: { phoneNumber: a.phoneNumber, password: a.password },
        })
      ).status,
    ).toBe(200);
  });
});

describe('rate limits on every API process', () => {
  it('when one address spreads its requests over two API processes, then the limit holds across both', async () => {
    // A second app on the same database with its own deps and connection pool, as another process would have.
    const db = createDb(h.config.DATABASE_URL);
    const server = http.createServer(createApp({ ...h.deps, db }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const other = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const ip = newIp();
      const viaOther = (phoneNumber: string) =>
        fetch(`${other}/api/users/forget-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ phoneNumber }),
        });
      const { limit } = RATE_LIMITS.forgetPassword.ip;
      const statuses = await repeat(limit, async (i) =>
        i % 2
          ? viaOther(freshPhone())
          : h.api('POST', '/api/users/forget-password', { ip, body: { phoneNumber: freshPhone() } }),
      );
      expect(statuses).toEqual(Array(limit).fill(200));
      // In-process counters would let each process take `limit` before saying no.
      expect((await viaOther(freshPhone())).status).toBe(429);
      expect(
        (await h.api('POST', '/api/users/forget-password', { ip, body: { phoneNumber: freshPhone() } })).status,
      ).toBe(429);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await db.destroy();
    }
  });
});
