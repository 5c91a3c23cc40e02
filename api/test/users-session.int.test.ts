import { userSchema } from '../src/contracts/users.contract';
import { INVALID_CREDENTIALS } from '../src/services/auth.service';
import { signupEmail, signupPhone, useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';

jest.setTimeout(60_000);

const h = useApi({ worker: 'accounts' });

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
