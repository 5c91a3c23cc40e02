import { WorkflowNotFoundError } from '@temporalio/client';
import { userSchema } from '../src/contracts/users.contract';
import { INVALID_CREDENTIALS, INVALID_USERNAME } from '../src/services/auth.service';
import {
  CODE_EXPIRED,
  CODE_LOCKED,
  RESET_CODE_REJECTED,
  RESET_CODE_SENT,
  WRONG_CODE,
} from '../src/services/codes.service';
import { GOODBYE_MESSAGE, WRONG_PASSWORD } from '../src/services/users.service';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { createApp } from '../src/app';
import { loadApiConfig } from '../src/config';
import { lastOutboxId, nextCode, signupEmail, signupPhone, useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { localAppAttestation } from '@fajr/scripts/testing/attestation';
import {
  subscribedSignal,
  fajrCallsWorkflowId,
  trialWorkflowId,
  oneTimeCodeWorkflowId,
  UserIdKey,
} from '@fajr/workflows';

jest.setTimeout(60_000);

const h = useApi({ worker: 'accounts' });

const status = async (workflowId: string) => {
  try {
    return (await h.temporal.workflow.getHandle(workflowId).describe()).status.name;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return 'NOT_FOUND';
    throw err;
  }
};

describe('POST /api/users/signup', () => {
  it('when a web user signs up with a phone number, then it is stored in E.164, the trial starts and the answer is {user, token}', async () => {
    const phone = freshPhone();
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
    const r = await h.api('POST', '/api/users/signup?source=web', {
      body: { phoneNumber: spaced, password: 'correct horse battery' },
    });
    expect(r.status).toBe(200);
    const user = userSchema.strict().parse(r.body.result.user);
    expect(r.body.result.token).toMatch(/^[\w-]{43}$/);
    expect(user).toMatchObject({
      phoneNumber: phone,
      email: null,
      phoneNumberVerified: false,
      isAppUser: false,
      isFree: true,
      freeTrialDaysRemaining: 14,
      subscriptionPlanName: null,
      isPlus: false,
      isPremium: false,
      prayerCalcMethod: 'MuslimWorldLeague',
      prayerCalcHlat: 'MiddleOfTheNight',
      polarConvention: 'NearestDaysBlended',
      fajrAdhaanId: 'Default',
      fajrCallTimePrefTitle: 'As soon as Fajr starts',
      allowCalls: true,
      allowRepeatCalls: false,
      mosqueId: null,
      fajrCallerNumber: h.deps.config.FAJR_CALLER_NUMBER,
    });
    const row = await h.db('users').where({ id: user.id }).first();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('correct horse');
    expect(await status(trialWorkflowId(user.id))).toBe('RUNNING');
    // The call chain was signalled-with-start (its workflow type is the calls code's).
    expect(await status(fajrCallsWorkflowId(user.id))).not.toBe('NOT_FOUND');
    // Operators find the chain by UserId, as they find the day's calls.
    const chain = await h.temporal.workflow.getHandle(fajrCallsWorkflowId(user.id)).describe();
    expect(chain.typedSearchAttributes.get(UserIdKey)).toBe(user.id);
  });

  it('when the user subscribes, then the billing signal ends the trial workflow early', async () => {
    const a = await signupPhone(h);
    const trial = h.temporal.workflow.getHandle(trialWorkflowId(a.user.id));
    await trial.signal(subscribedSignal);
    expect(await trial.result()).toBe('subscribed');
    expect(await h.db('local_outbox').where({ recipient: a.phoneNumber })).toHaveLength(0);
  });

  it('when the e-mail has capitals, then it is stored lower-cased; app users get no trial', async () => {
    // Issue 14 point 2: the app status needs the app's attestation (app-signup.int.test.ts).
    const attestation = await localAppAttestation(h.base);
    const r = await h.api('POST', '/api/users/signup?source=app', {
      body: { phoneNumber: '  New.Person@Example.COM ', password: 'correct horse battery', attestation },
    });
    expect(r.status).toBe(200);
    expect(r.body.result.user).toMatchObject({
      email: 'new.person@example.com',
      phoneNumber: null,
      isAppUser: true,
      freeTrialDaysRemaining: null,
      isFree: true,
    });
    expect(await status(trialWorkflowId(r.body.result.user.id))).toBe('NOT_FOUND');
  });

  it('when a web user types a national number with its country, then it is stored in E.164 and signs in the same way', async () => {
    const phone = freshPhone(); // +447…
    const national = `0${phone.slice(3)}`;
    const r = await h.api('POST', '/api/users/signup?source=web', {
      body: {
        phoneNumber: `${national.slice(0, 5)} ${national.slice(5)}`,
        country: 'GB',
        password: 'correct horse battery',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.result.user.phoneNumber).toBe(phone);
    const again = await h.api('POST', '/api/users/signin', {
      body: { phoneNumber: national, country: 'gb', password: 'correct horse battery' },
    });
    expect(again.status).toBe(200);
    expect(again.body.result.user.id).toBe(r.body.result.user.id);
    // Without its country a national number names no account.
    expect(
      await h.api('POST', '/api/users/signin', { body: { phoneNumber: national, password: 'correct horse battery' } }),
    ).toMatchObject({ status: 401, body: { error: INVALID_CREDENTIALS } });
  });

  it('when an account has no phone number, then it can add one (national, with its country), correct it until verified, and no more after', async () => {
    const e = await signupEmail(h);
    const taken = await signupPhone(h);
    expect(
      await h.api('POST', '/api/users/phone-number', {
        token: e.token,
        body: { phoneNumber: '07400 1', country: 'GB' },
      }),
    ).toMatchObject({ status: 400, body: { error: 'This is too short for a United Kingdom number' } });
    expect(
      await h.api('POST', '/api/users/phone-number', { token: e.token, body: { phoneNumber: taken.phoneNumber } }),
    ).toMatchObject({ status: 409, body: { error: 'Another account has this phone number' } });
    const typo = freshPhone();
    expect(
      (await h.api('POST', '/api/users/phone-number', { token: e.token, body: { phoneNumber: typo } })).status,
    ).toBe(200);
    const phone = freshPhone();
    const added = await h.api('POST', '/api/users/phone-number', {
      token: e.token,
      body: { phoneNumber: `0${phone.slice(3)}`, country: 'GB' },
    });
    expect(added).toMatchObject({
      status: 200,
      body: { result: { user: { email: e.email, phoneNumber: phone, phoneNumberVerified: false } } },
    });
    const since = await lastOutboxId(h, phone);
    expect((await h.api('POST', '/api/users/send-verification', { token: e.token })).status).toBe(200);
    const { code } = await nextCode(h, phone, since);
    expect((await h.api('POST', '/api/users/verify-phone-code', { token: e.token, body: { code } })).status).toBe(200);
    expect(
      await h.api('POST', '/api/users/phone-number', { token: e.token, body: { phoneNumber: freshPhone() } }),
    ).toMatchObject({ status: 409, body: { error: 'Your phone number is verified already' } });
    expect((await h.api('POST', '/api/users/phone-number', { body: { phoneNumber: freshPhone() } })).status).toBe(401);
  });

  it('when the source is left out, then it is a web sign-up', async () => {
    const r = await h.api('POST', '/api/users/signup', {
      body: { phoneNumber: freshPhone(), password: 'correct horse battery' },
    });
    expect(r.status).toBe(200);
    expect(r.body.result.user.isAppUser).toBe(false);
  });

  it('when the phone number or e-mail is taken (in another spelling), then 409 says so', async () => {
    const { phoneNumber } = await signupPhone(h);
    const again = await h.api('POST', '/api/users/signup', {
      body: { phoneNumber: `00${phoneNumber.slice(1)}`, password: 'another password' },
    });
    expect(again).toMatchObject({
      status: 409,
      body: { error: 'An account with this phone number already exists, please sign in' },
    });
    const { email } = await signupEmail(h);
    const dup = await h.api('POST', '/api/users/signup?source=app', {
      body: { phoneNumber: email.toUpperCase(), password: 'another password' },
    });
    expect(dup).toMatchObject({
      status: 409,
      body: { error: 'An account with this email already exists, please sign in' },
    });
  });

  it.each([
    ['no body', undefined, 'phoneNumber: Please enter your email or phone number'],
    ['no password', { phoneNumber: '+447911000001' }, 'password: Please enter a password'],
    [
      'a short password',
      { phoneNumber: '+447911000001', password: 'short' },
      'password: The password must be at least 8 characters',
    ],
    [
      'a long password',
      { phoneNumber: '+447911000001', password: 'x'.repeat(129) },
      'password: The password must be at most 128 characters',
    ],
    // A web sign-up gives the number we call: the answer says exactly what is wrong with it.
    [
      'a username that is not a number',
      { phoneNumber: 'not a phone', password: 'correct horse battery' },
      'A phone number has only digits, spaces and an optional + before the country code',
    ],
    [
      'a national number without its country',
      { phoneNumber: '07911123456', password: 'correct horse battery' },
      'Please choose the country of this number, or start it with + and the country code',
    ],
    [
      'a national number too short for its country',
      { phoneNumber: '07400 1', country: 'GB', password: 'correct horse battery' },
      'This is too short for a United Kingdom number',
    ],
    [
      'an e-mail address',
      { phoneNumber: 'aisha@example.com', password: 'correct horse battery' },
      'Please enter a phone number, not an email address',
    ],
    [
      'a bad country',
      { phoneNumber: '07400 123456', country: 'United Kingdom', password: 'correct horse battery' },
      'country: Please choose a country',
    ],
    [
      'an unknown field',
      { phoneNumber: '+447911000001', password: 'correct horse battery', isAdmin: true },
      'Unrecognized key: "isAdmin"',
    ],
  ])('when the body has %s, then 400 with a clear message and nothing is created', async (_what, body, error) => {
    const before = await h.db('users').count({ n: '*' }).first();
    const r = await h.api('POST', '/api/users/signup', { body });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain(error);
    expect(await h.db('users').count({ n: '*' }).first()).toEqual(before);
  });

  it('when the source is unknown or the JSON is broken, then 400', async () => {
    const r = await h.api('POST', '/api/users/signup?source=tv', {
      body: { phoneNumber: freshPhone(), password: 'correct horse battery' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^source:/);
    const broken = await h.api('POST', '/api/users/signup', { rawBody: '{"phoneNumber": ' });
    expect(broken).toMatchObject({ status: 400, body: { error: 'The request body is not valid JSON' } });
  });
});

describe('POST /api/users/signin and /signout', () => {
  it('when the phone number is typed another way, then sign-in works and the token opens current-user', async () => {
    const { phoneNumber, password, user } = await signupPhone(h);
    const r = await h.api('POST', '/api/users/signin', {
      body: { phoneNumber: `00 ${phoneNumber.slice(1)}`, password },
    });
    expect(r.status).toBe(200);
    expect(r.body.result.user.id).toBe(user.id);
    const me = await h.api('GET', '/api/users/current-user', { token: r.body.result.token });
    expect(me.body.result.user.id).toBe(user.id);
  });

  it('when the e-mail has other capitals, then sign-in works', async () => {
    const { email, password } = await signupEmail(h);
    const r = await h.api('POST', '/api/users/signin', { body: { phoneNumber: email.toUpperCase(), password } });
    expect(r.status).toBe(200);
  });

  it('when the password is wrong or the account unknown, then 401 with one message', async () => {
    const { phoneNumber } = await signupPhone(h);
    const wrong = await h.api('POST', '/api/users/signin', { body: { phoneNumber, password: 'wrong password' } });
    expect(wrong).toMatchObject({ status: 401, body: { error: INVALID_CREDENTIALS } });
    const unknown = await h.api('POST', '/api/users/signin', {
      body: { phoneNumber: freshPhone(), password: 'whatever1' },
    });
    expect(unknown).toMatchObject({ status: 401, body: { error: INVALID_CREDENTIALS } });
    const garbage = await h.api('POST', '/api/users/signin', {
      body: { phoneNumber: 'nobody', password: 'whatever1' },
    });
    expect(garbage).toMatchObject({ status: 401, body: { error: INVALID_CREDENTIALS } });
  });

  it('when fields are missing, then 400', async () => {
    expect((await h.api('POST', '/api/users/signin', { body: { phoneNumber: '+447911000001' } })).body.error).toBe(
      'password: Please enter your password',
    );
    expect((await h.api('POST', '/api/users/signin', { body: { password: 'x' } })).status).toBe(400);
  });

  it('when a user signs out, then that token stops working and their other sessions go on', async () => {
    const { phoneNumber, password, token } = await signupPhone(h);
    const second = (await h.api('POST', '/api/users/signin', { body: { phoneNumber, password } })).body.result.token;
    const out = await h.api('POST', '/api/users/signout', { token });
    expect(out).toMatchObject({ status: 200, body: { message: 'Signed out' } });
    expect((await h.api('GET', '/api/users/current-user', { token })).status).toBe(401);
    expect((await h.api('GET', '/api/users/current-user', { token: second })).status).toBe(200);
  });

  it('when sign-out has no or a bad token, then 401', async () => {
    expect(await h.api('POST', '/api/users/signout')).toMatchObject({ status: 401, body: { error: 'Please sign in' } });
    expect(await h.api('POST', '/api/users/signout', { token: 'nope' })).toMatchObject({
      status: 401,
      body: { error: 'Session expired, please sign in' },
    });
  });
});

describe('GET /api/users/current-user', () => {
  it('when two users ask, then each sees only their own account', async () => {
    const a = await signupPhone(h);
    const b = await signupEmail(h);
    const ra = await h.api('GET', '/api/users/current-user', { token: a.token });
    const rb = await h.api('GET', '/api/users/current-user', { token: b.token });
    expect(ra.body.result.user).toMatchObject({ id: a.user.id, phoneNumber: a.phoneNumber });
    expect(rb.body.result.user).toMatchObject({ id: b.user.id, email: b.email, phoneNumber: null });
    userSchema.strict().parse(ra.body.result.user);
  });

  it('when the user prays at a mosque and the trial is over, then the mosque name shows and the days are negative', async () => {
    const a = await signupPhone(h);
    const mosque = await h.db('mosques').where({ name: 'East London Mosque' }).first();
    await h.db('preferences').where({ user_id: a.user.id }).update({ mosque_id: mosque.id });
    await h
      .db('users')
      .where({ id: a.user.id })
      .update({ trial_ends_at: new Date(Date.now() - 2.5 * 24 * 3600_000) });
    const r = await h.api('GET', '/api/users/current-user', { token: a.token });
    expect(r.body.result.user).toMatchObject({
      mosqueId: mosque.id,
      mosqueName: 'East London Mosque',
      freeTrialDaysRemaining: -2,
      isFree: true,
    });
  });

  it('when the user has a plan, then the flags follow it', async () => {
    const a = await signupPhone(h);
    await h.db('users').where({ id: a.user.id }).update({ plan: 'PLUS' });
    const r = await h.api('GET', '/api/users/current-user', { token: a.token });
    expect(r.body.result.user).toMatchObject({
      subscriptionPlanName: 'PLUS',
      isFree: false,
      isPlus: true,
      isPremium: false,
    });
  });

  it('when the token is missing, malformed or expired, then 401', async () => {
    expect((await h.api('GET', '/api/users/current-user')).status).toBe(401);
    expect((await h.api('GET', '/api/users/current-user', { token: 'x'.repeat(43) })).status).toBe(401);
    const a = await signupPhone(h);
    await h
      .db('sessions')
      .where({ user_id: a.user.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await h.api('GET', '/api/users/current-user', { token: a.token })).status).toBe(401);
  });
});

describe('POST /api/users/validate-phone-number', () => {
  it('when the number is valid, then its E.164 form and country come back; when not, valid is false', async () => {
    const ok = await h.api('POST', '/api/users/validate-phone-number', { body: { phoneNumber: '+44 20 7946 0018' } });
    expect(ok).toMatchObject({
      status: 200,
      body: { result: { valid: true, phoneNumber: '+442079460018', countryCode: 'GB' } },
    });
    const bad = await h.api('POST', '/api/users/validate-phone-number', { body: { phoneNumber: '+44 12' } });
    expect(bad).toMatchObject({
      status: 200,
      body: { result: { valid: false, phoneNumber: null, countryCode: null } },
    });
  });

  it('when the body is missing the number, then 400', async () => {
    expect((await h.api('POST', '/api/users/validate-phone-number', { body: {} })).status).toBe(400);
  });
});

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

describe('POST /api/users/goodbye', () => {
  it('when the password is right, then the personal data, sessions and workflows are gone and other users are untouched', async () => {
    const a = await signupPhone(h);
    const b = await signupPhone(h);
    await h.api('POST', '/api/users/send-verification', { token: a.token });
    await nextCode(h, a.phoneNumber);
    await h
      .db('users')
      .where({ id: a.user.id })
      .update({ billing_customer_id: `cus_local_${a.user.id.slice(0, 8)}` });

    const r = await h.api('POST', '/api/users/goodbye', { token: a.token, body: { password: a.password } });
    expect(r).toMatchObject({ status: 200, body: { result: { message: GOODBYE_MESSAGE } } });
    expect(await h.db('users').where({ id: a.user.id }).first()).toBeUndefined();
    expect(await h.db('preferences').where({ user_id: a.user.id }).first()).toBeUndefined();
    expect(await h.db('sessions').where({ user_id: a.user.id }).first()).toBeUndefined();
    expect(await h.db('one_time_codes').where({ subject: a.user.id }).first()).toBeUndefined();
    expect((await h.api('GET', '/api/users/current-user', { token: a.token })).status).toBe(401);
    expect(await status(trialWorkflowId(a.user.id))).toBe('TERMINATED');
    expect(await status(fajrCallsWorkflowId(a.user.id))).toBe('TERMINATED');
    expect(await status(oneTimeCodeWorkflowId('verify-phone', a.user.id))).toBe('TERMINATED');

    expect((await h.api('GET', '/api/users/current-user', { token: b.token })).status).toBe(200);
    expect(await status(trialWorkflowId(b.user.id))).toBe('RUNNING');
    // The username is free again.
    expect(
      (await h.api('POST', '/api/users/signup', { body: { phoneNumber: a.phoneNumber, password: 'a new start here' } }))
        .status,
    ).toBe(200);
  });

  it('when the password is wrong or missing, then 400 and nothing is deleted', async () => {
    const a = await signupPhone(h);
    expect(
      await h.api('POST', '/api/users/goodbye', { token: a.token, body: { password: 'not my password' } }),
    ).toMatchObject({ status: 400, body: { error: WRONG_PASSWORD } });
    expect(await h.api('POST', '/api/users/goodbye', { token: a.token, body: {} })).toMatchObject({
      status: 400,
      body: { error: 'password: Please enter your password' },
    });
    expect((await h.api('GET', '/api/users/current-user', { token: a.token })).status).toBe(200);
  });

  it("when another user's password is given, then it does not delete anyone", async () => {
    const a = await signupPhone(h, { password: 'password of a user' });
    const b = await signupPhone(h, { password: 'password of b user' });
    expect((await h.api('POST', '/api/users/goodbye', { token: a.token, body: { password: b.password } })).status).toBe(
      400,
    );
    expect((await h.api('GET', '/api/users/current-user', { token: a.token })).status).toBe(200);
    expect((await h.api('GET', '/api/users/current-user', { token: b.token })).status).toBe(200);
  });

  it('when the token is missing or bad, then 401', async () => {
    expect((await h.api('POST', '/api/users/goodbye', { body: { password: 'whatever' } })).status).toBe(401);
    expect((await h.api('POST', '/api/users/goodbye', { token: 'bad', body: { password: 'whatever' } })).status).toBe(
      401,
    );
  });
});

describe('GET /api/dev/outbox', () => {
  it('when the recipient is missing or not an address, then 400', async () => {
    expect((await h.api('GET', '/api/dev/outbox')).status).toBe(400);
    expect((await h.api('GET', '/api/dev/outbox?recipient=nobody')).status).toBe(400);
  });

  it('when a recipient is given in another spelling, then their messages come newest first', async () => {
    const a = await signupPhone(h);
    await h.api('POST', '/api/users/send-verification', { token: a.token });
    await nextCode(h, a.phoneNumber);
    const r = await h.api('GET', `/api/dev/outbox?recipient=${encodeURIComponent(`00${a.phoneNumber.slice(1)}`)}`);
    expect(r.status).toBe(200);
    expect(r.body.result.messages[0]).toMatchObject({ channel: 'sms', recipient: a.phoneNumber });
  });

  it.each([
    [
      'in production',
      {
        NODE_ENV: 'production',
        ALLOW_LOCAL_PROVIDERS_IN_PRODUCTION: 'true',
        OTP_SECRET: 'a-production-secret-value',
        LOCAL_TELEPHONY_AUTH_TOKEN: 'a-production-telephony-token',
        LOCAL_PAYMENTS_WEBHOOK_SECRET: 'a-production-webhook-secret',
        LOCAL_ATTESTATION_SECRET: 'a-production-attestation-secret',
      },
    ],
    [
      'with real SMS and e-mail providers',
      {
        MESSAGING_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 't',
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: 'smtp://localhost:2525',
      },
    ],
  ])('when the app runs %s, then the outbox does not exist', async (_what, env) => {
    const config = loadApiConfig({ DATABASE_URL: h.testDb.url, LOG_LEVEL: 'silent', ...env });
    const server = createApp({ ...h.deps, config }).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const res = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/dev/outbox?recipient=%2B447911123456`,
      );
      expect(res.status).toBe(404);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('when Temporal cannot take the work', () => {
  /** The app on the same database with other Temporal settings. */
  async function withApp(overrides: { taskQueue?: string; temporal?: Client }, body: (base: string) => Promise<void>) {
    const config = { ...h.deps.config, TEMPORAL_TASK_QUEUE: overrides.taskQueue ?? h.deps.config.TEMPORAL_TASK_QUEUE };
    const server = createApp({ ...h.deps, config, temporal: overrides.temporal ?? h.deps.temporal }).listen(
      0,
      '127.0.0.1',
    );
    await new Promise((r) => server.once('listening', r));
    try {
      await body(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
    } finally {
      await new Promise((r) => server.close(r));
    }
  }
  const post = (url: string, body: unknown, token?: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  it('when no worker answers a code request, then 503 after a while instead of hanging', async () => {
    const a = await signupPhone(h);
    await withApp({ taskQueue: 'no-worker-polls-this-queue' }, async (base) => {
      const res = await post(`${base}/users/send-verification`, {}, a.token);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        error: 'We could not send the code just now, please try again shortly',
        code: 'code.send_failed',
      });
    });
  }, 30_000);

  it('when Temporal is unreachable at sign-up, then 503 and no account is left behind', async () => {
    const temporal = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1', connectTimeout: '1s' }) });
    const phone = freshPhone();
    await withApp({ temporal }, async (base) => {
      const res = await post(`${base}/users/signup`, { phoneNumber: phone, password: 'correct horse battery' });
      expect(res.status).toBe(503);
    });
    expect(await h.db('users').where({ phone_number: phone }).first()).toBeUndefined();
    await temporal.connection.close().catch(() => undefined);
  }, 60_000);

  it('when Temporal is unreachable at account deletion, then 503 and nothing is deleted', async () => {
    const temporal = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1', connectTimeout: '1s' }) });
    const a = await signupPhone(h);
    await withApp({ temporal }, async (base) => {
      const res = await post(`${base}/users/goodbye`, { password: a.password }, a.token);
      expect(res.status).toBe(503);
    });
    expect(await h.db('users').where({ id: a.user.id }).first()).toBeDefined();
    expect((await h.api('GET', '/api/users/current-user', { token: a.token })).status).toBe(200);
    await temporal.connection.close().catch(() => undefined);
  }, 60_000);
});
