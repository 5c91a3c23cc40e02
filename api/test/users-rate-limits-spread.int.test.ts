import { useApi } from '@fajr/scripts/testing/api';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb } from '@fajr/activities';
import { hashPassword } from '@fajr/activities/domain/passwords';
import { createApp } from '../src/app';
import { RATE_LIMITS, SIGNIN_SLOW_DOWN } from '../src/middleware/rate-limit';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { newIp, repeat, signIn } from '@fajr/scripts/testing/rate-limits';

jest.setTimeout(90_000);

const h = useApi({ worker: 'accounts', rateLimits: 'on' });

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
    expect((await signIn(h, ip, a.phoneNumber, 'wrong password')).status).toBe(401);
    // A day's failures from this network, short of the 15-minute limit: the shared counter is set as they would have left it.
    const { limit, message } = RATE_LIMITS.signin.daily;
    await h
      .db('rate_limit_counters')
      .where({ limiter: 'signin:daily', key: `username:${a.phoneNumber}|net:${ip}` })
      .update({ hits: limit });
    expect(await signIn(h, ip, a.phoneNumber, a.password)).toMatchObject({ status: 429, body: { error: message } });
    expect((await signIn(h, newIp(), a.phoneNumber, a.password)).status).toBe(200);
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
