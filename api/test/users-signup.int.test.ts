import { userSchema } from '../src/contracts/users.contract';
import { INVALID_CREDENTIALS } from '../src/services/auth.service';
import { lastOutboxId, nextCode, signupEmail, signupPhone, useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { workflowStatus } from '@fajr/scripts/testing/temporal';
import { localAppAttestation } from '@fajr/scripts/testing/attestation';
import { subscribedSignal, fajrCallsWorkflowId, trialWorkflowId, UserIdKey } from '@fajr/workflows';

jest.setTimeout(60_000);

const h = useApi({ worker: 'accounts' });
const status = (workflowId: string) => workflowStatus(h.temporal, workflowId);

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
