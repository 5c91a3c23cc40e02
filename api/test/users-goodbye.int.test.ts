import { GOODBYE_MESSAGE, WRONG_PASSWORD } from '../src/services/users.service';
import { Client, Connection } from '@temporalio/client';
import { loadApiConfig } from '../src/config';
import { nextCode, signupPhone, useApi } from '@fajr/scripts/testing/api';
import { LOCAL_PRODUCTION_ENV, withAppOn } from '@fajr/scripts/testing/app-server';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { workflowStatus } from '@fajr/scripts/testing/temporal';
import { fajrCallsWorkflowId, trialWorkflowId, oneTimeCodeWorkflowId } from '@fajr/workflows';

jest.setTimeout(60_000);

const h = useApi({ worker: 'accounts' });
const status = (workflowId: string) => workflowStatus(h.temporal, workflowId);

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
    ['in production', LOCAL_PRODUCTION_ENV],
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
    await withAppOn({ ...h.deps, config }, async (origin) => {
      const res = await fetch(`${origin}/api/dev/outbox?recipient=%2B447911123456`);
      expect(res.status).toBe(404);
    });
  });
});

describe('when Temporal cannot take the work', () => {
  /** The app on the same database with other Temporal settings. */
  async function withApp(overrides: { taskQueue?: string; temporal?: Client }, body: (base: string) => Promise<void>) {
    const config = { ...h.deps.config, TEMPORAL_TASK_QUEUE: overrides.taskQueue ?? h.deps.config.TEMPORAL_TASK_QUEUE };
    await withAppOn({ ...h.deps, config, temporal: overrides.temporal ?? h.deps.temporal }, (origin) =>
      body(`${origin}/api`),
    );
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
