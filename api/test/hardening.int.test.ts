import { COMMON_PASSWORD } from '@fajr/activities/domain/passwords';
import { LONDON, LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { signupPhone, useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { NUL_REFUSED } from '../src/middleware/nul-bytes';
import { destinationKey, hashCode, type CodePurpose } from '@fajr/activities/repositories/codes.repository';
import { RESET_CODE_REJECTED } from '../src/services/codes.service';

jest.setTimeout(60_000);

// Issue 14, points 3, 4 and 7: bad input, caching, passwords, dates, the reset step's work.
const h = useApi({ userPreferences: LONDON_PREFS });

describe('NUL characters in text fields', () => {
  it.each([
    [
      'sign-up',
      '/api/users/signup?source=web',
      false,
      { phoneNumber: '+447400111222', password: 'pass\u0000word 123' },
    ],
    ['preferences', '/api/salah-schedules/fajr-prefs', true, { ...LONDON, cityName: 'Lon\u0000don', allowCalls: true }],
    [
      'help contact',
      '/api/data/feedback/contact',
      false,
      { email: 'a@example.com', type: 'Other', details: 'hello\u0000' },
    ],
    ['mosque request', '/api/data/mosques/request', true, { name: 'Masjid\u0000', address: '1 Road' }],
    ['support message', '/api/support/messages', true, { text: '\u0000' }],
  ])('when %s carries a NUL, then 400 and nothing is stored', async (_what, path, auth, body) => {
    const u = auth ? await h.user() : undefined;
    const res = await h.api('POST', path, { token: u?.token, body });
    expect(res).toMatchObject({ status: 400, body: { error: NUL_REFUSED } });
  });

  it('when the query string carries a NUL, then 400', async () => {
    expect((await h.api('GET', '/api/data/cities?q=Lon%00don')).status).toBe(400);
  });

  it('when a nested key or value carries one, then 400 too', async () => {
    const res = await h.api('POST', '/api/users/signin', {
      body: { phoneNumber: 'a@example.com', password: 'x', nested: { ['k\u0000']: 1 } },
    });
    expect(res.status).toBe(400);
  });
});

describe('answers with a session or personal data are never cached', () => {
  it('when signing up, signing in or reading as a signed-in user, then Cache-Control is no-store', async () => {
    const a = await signupPhone(h);
    const signin = await h.api('POST', '/api/users/signin', {
      body: { phoneNumber: a.phoneNumber, password: a.password },
    });
    expect(signin.status).toBe(200);
    expect(signin.headers.get('cache-control')).toBe('no-store');
    const signup = await h.api('POST', '/api/users/signup?source=web', {
      body: { phoneNumber: freshPhone(), password: 'correct horse battery' },
    });
    expect(signup.headers.get('cache-control')).toBe('no-store');
    for (const path of [
      '/api/users/current-user',
      '/api/salah-schedules/fajr-schedules',
      '/api/salah-schedules/fajr-schedules/today',
    ]) {
      expect((await h.api('GET', path, { token: a.token })).headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('new passwords (NIST 800-63B)', () => {
  it('when someone signs up with a common password, then 400 says so and no account is made', async () => {
    const phoneNumber = freshPhone();
    expect(
      await h.api('POST', '/api/users/signup?source=web', { body: { phoneNumber, password: 'password1' } }),
    ).toMatchObject({ status: 400, body: { error: COMMON_PASSWORD } });
    expect(await h.db('users').where({ phone_number: phoneNumber })).toHaveLength(0);
  });

  it('when a reset chooses a common password, then 400 says so, for a known account and an unknown one alike', async () => {
    const a = await signupPhone(h);
    for (const phoneNumber of [a.phoneNumber, freshPhone()]) {
      expect(
        await h.api('POST', '/api/users/forget-password/reset', {
          body: { phoneNumber, code: '123456', password: 'iloveyou' },
        }),
      ).toMatchObject({ status: 400, body: { error: COMMON_PASSWORD } });
    }
  });

  it('when the last reset step names an unknown account, then it answers exactly as for a wrong code', async () => {
    const a = await signupPhone(h);
    const body = (phoneNumber: string) => ({ phoneNumber, code: '123456', password: 'a brand new password' });
    const known = await h.api('POST', '/api/users/forget-password/reset', { body: body(a.phoneNumber) });
    const unknown = await h.api('POST', '/api/users/forget-password/reset', { body: body(freshPhone()) });
    expect(known).toEqual({ status: 400, body: { error: RESET_CODE_REJECTED, code: 'code.reset_rejected' } });
    expect(unknown).toEqual(known);
  });
});

describe('schedule dates', () => {
  it.each(['1846-01-01', '1899-12-31', '2101-01-01'])('when from is %s (outside 1900–2100), then 400', async (from) => {
    const u = await h.user({ plan: 'BASIC', phoneNumber: freshPhone() });
    const res = await h.api('GET', `/api/salah-schedules/fajr-schedules?from=${from}&days=2`, { token: u.token });
    expect(res).toMatchObject({ status: 400, body: { error: 'from: from must be a date between 1900 and 2100' } });
  });

  it('when from is at the edges, then the schedule is planned', async () => {
    const u = await h.user({ plan: 'BASIC', phoneNumber: freshPhone() });
    for (const from of ['1900-01-01', '2100-12-30']) {
      const res = await h.api('GET', `/api/salah-schedules/fajr-schedules?from=${from}&days=2`, { token: u.token });
      expect(res.status).toBe(200);
      expect(res.body.result[0].fajrCallTimeIso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    }
  });
});

describe('ceilings on wrong codes per account (a year of guessing stays under 0.025 %)', () => {
  const HOUR = 3600_000;
  /** Codes of an account as stored, sent to `to`: each with its wrong guesses, issued `hoursAgo`; the last one live with `code`. */
  async function codes(
    purpose: CodePurpose,
    userId: string,
    to: string,
    history: { hoursAgo: number; attempts: number }[],
    code: string,
  ) {
    const now = Date.now();
    for (const [i, c] of history.entries()) {
      const live = i === history.length - 1;
      await h.db('one_time_codes').insert({
        purpose,
        subject: userId,
        code_hash: hashCode(h.config.OTP_SECRET, purpose, userId, to, live ? code : '000000'),
        attempts: c.attempts,
        destination_key: destinationKey(h.config.OTP_SECRET, to),
        created_at: new Date(now - c.hoursAgo * HOUR),
        sent_at: new Date(now - c.hoursAgo * HOUR),
        expires_at: live ? new Date(now + 10 * 60_000) : new Date(now - c.hoursAgo * HOUR + 10 * 60_000),
        consumed_at: live ? null : new Date(now - c.hoursAgo * HOUR),
      });
    }
  }

  it('when an account had 10 wrong verification codes today, then even the right one is not checked and 429 says when', async () => {
    const phoneNumber = freshPhone();
    const u = await h.user({ phoneNumber, phoneVerified: false });
    await codes(
      'verify-phone',
      u.id,
      phoneNumber,
      [
        { hoursAgo: 20, attempts: 5 },
        { hoursAgo: 3, attempts: 5 },
        { hoursAgo: 0, attempts: 0 },
      ],
      '424242',
    );
    const res = await h.api('POST', '/api/users/verify-phone-code', { token: u.token, body: { code: '424242' } });
    expect(res).toMatchObject({ status: 429, body: { error: 'Too many wrong codes, please try again in 4 hours' } });
    expect((await h.db('users').where({ id: u.id }).first()).phone_verified_at).toBeNull();
  });

  it("when other networks made 20 wrong reset guesses on an account in 30 days, then the owner's right code is still accepted (issue 42)", async () => {
    const a = await signupPhone(h);
    const spread = [1, 2, 3, 4, 5].map((d) => ({ hoursAgo: d * 24 * 5, attempts: 4 }));
    await codes('reset-password', a.user.id, a.phoneNumber, [...spread, { hoursAgo: 0, attempts: 0 }], '434343');
    const res = await h.api('POST', '/api/users/forget-password/reset', {
      body: { phoneNumber: a.phoneNumber, code: '434343' },
    });
    expect(res).toMatchObject({ status: 200 });
  });

  it('when one network made 10 wrong reset guesses today, then its right code gets the wrong-code answer and another network is not held back', async () => {
    const a = await signupPhone(h);
    await codes('reset-password', a.user.id, a.phoneNumber, [{ hoursAgo: 0, attempts: 0 }], '464646');
    for (let i = 0; i < 10; i++) {
      const other = await signupPhone(h);
      await codes('reset-password', other.user.id, other.phoneNumber, [{ hoursAgo: 0, attempts: 0 }], '111111');
      const wrong = await h.api('POST', '/api/users/forget-password/reset', {
        ip: '203.0.113.9',
        body: { phoneNumber: other.phoneNumber, code: '222222' },
      });
      expect(wrong).toEqual({ status: 400, body: { error: RESET_CODE_REJECTED, code: 'code.reset_rejected' } });
    }
    const blocked = await h.api('POST', '/api/users/forget-password/reset', {
      ip: '203.0.113.9',
      body: { phoneNumber: a.phoneNumber, code: '464646' },
    });
    expect(blocked).toEqual({ status: 400, body: { error: RESET_CODE_REJECTED, code: 'code.reset_rejected' } });
    const owner = await h.api('POST', '/api/users/forget-password/reset', {
      ip: '198.51.100.7',
      body: { phoneNumber: a.phoneNumber, code: '464646' },
    });
    expect(owner).toMatchObject({ status: 200 });
  });

  it('when the guesses are under the ceilings, then the right code is accepted', async () => {
    const a = await signupPhone(h);
    await codes(
      'reset-password',
      a.user.id,
      a.phoneNumber,
      [
        { hoursAgo: 30, attempts: 5 },
        { hoursAgo: 2, attempts: 4 },
        { hoursAgo: 0, attempts: 0 },
      ],
      '454545',
    );
    const res = await h.api('POST', '/api/users/forget-password/reset', {
      body: { phoneNumber: a.phoneNumber, code: '454545' },
    });
    expect(res).toMatchObject({ status: 200 });
  });
});
