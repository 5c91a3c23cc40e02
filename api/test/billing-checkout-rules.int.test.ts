import { createLogger } from '@fajr/activities';
import { createLocalPayments } from '@fajr/activities/adapters/payments/local';
import { LocalPaymentsError } from '@fajr/activities/providers';
import { APP_USER_UPGRADE } from '@fajr/activities/domain/entitlements';
import { postForm, sessionIdOf, useLocalBillingApi } from '@fajr/scripts/testing/billing-api';

jest.setTimeout(60_000);

const { h } = useLocalBillingApi();

describe('the local provider on its own', () => {
  it('when its webhook cannot be delivered, then Pay fails with a 502-type error naming the webhook url', async () => {
    const user = await h.user();
    const { payments, devConsole } = createLocalPayments(
      { ...h.config, PUBLIC_BASE_URL: 'http://127.0.0.1:1' },
      h.db,
      createLogger('test', 'silent'),
    );
    const { id } = await payments.createCheckoutSession(
      { userId: user.id, email: user.email, billingCustomerId: null },
      'BASIC',
      'http://x/s',
      'http://x/c',
    );
    const err = await devConsole.payCheckout(id, { name: null, email: null, postalCode: null }).catch((e) => e);
    expect(err).toBeInstanceOf(LocalPaymentsError);
    expect(err.status).toBe(502);
    expect(err.message).toContain('http://127.0.0.1:1/api/webhooks/stripe');
    expect((await h.db('users').where({ id: user.id }).first()).plan).toBeNull();
  });
});

describe('who may do what', () => {
  it('when an app user asks for a checkout, then 403 with the app message and nothing is recorded', async () => {
    const app = await h.user({ isAppUser: true });
    const res = await h.api('POST', '/api/subscriptions/premium/PREMIUM', { token: app.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: APP_USER_UPGRADE, code: 'plan.app_user' });
    expect(await h.db('checkout_sessions').where({ user_id: app.id })).toHaveLength(0);
  });

  it("when another user asks for someone's payment session, then 404 as for an unknown one", async () => {
    const owner = await h.user();
    const other = await h.user();
    const checkout = await h.api('POST', '/api/subscriptions/premium/BASIC', { token: owner.token });
    const sessionId = sessionIdOf(checkout.body.result.url);
    const mine = await h.api('GET', `/api/subscriptions/session/${sessionId}`, { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.result).toMatchObject({
      amount_total: 99,
      currency: 'gbp',
      customer_details: { name: null, email: null, address: null },
    });
    const theirs = await h.api('GET', `/api/subscriptions/session/${sessionId}`, { token: other.token });
    expect(theirs).toEqual({
      status: 404,
      body: { error: 'Payment session not found', code: 'billing.session_not_found' },
    });
    const unknown = await h.api('GET', '/api/subscriptions/session/cs_local_unknown', { token: other.token });
    expect(unknown).toEqual({
      status: 404,
      body: { error: 'Payment session not found', code: 'billing.session_not_found' },
    });
  });

  it('when a user without a customer opens the portal, then 400 with a clear message', async () => {
    const user = await h.user();
    const res = await h.api('POST', '/api/subscriptions/view-portal', { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/no subscription to manage/);
  });

  it.each([
    ['POST', '/subscriptions/premium/PLUS'],
    ['POST', '/subscriptions/view-portal'],
    ['GET', '/subscriptions/session/cs_local_x'],
  ])('when %s %s has no token or a bad one, then 401', async (method, path) => {
    const none = await h.api(method, `/api${path}`);
    expect(none.status).toBe(401);
    expect(typeof none.body.error).toBe('string');
    const bad = await h.api(method, `/api${path}`, { token: 'not-a-token' });
    expect(bad.status).toBe(401);
  });
});

describe('validation', () => {
  it.each(['GOLD', 'plus', 'TIER2', '%20'])('when the plan is %p, then 400 naming the plan', async (plan) => {
    const user = await h.user();
    const res = await h.api('POST', `/api/subscriptions/premium/${plan}`, { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/plan/);
    expect(await h.db('checkout_sessions').where({ user_id: user.id })).toHaveLength(0);
  });

  it('when the session id is malformed or too long, then 400', async () => {
    const user = await h.user();
    for (const id of ['abc$def', 'a'.repeat(300), "x'or'1"]) {
      const res = await h.api('GET', `/api/subscriptions/session/${encodeURIComponent(id)}`, { token: user.token });
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('when the checkout form carries an oversized field, then 400 and the checkout stays open', async () => {
    const user = await h.user();
    const checkout = await h.api('POST', '/api/subscriptions/premium/BASIC', { token: user.token });
    const sessionId = sessionIdOf(checkout.body.result.url);
    const res = await postForm(h, `/api/dev/checkout/${sessionId}/pay`, { name: 'x'.repeat(500) });
    expect(res.status).toBe(400);
    expect((await fetch(checkout.body.result.url)).status).toBe(200);
  });
});

describe('prices', () => {
  it('when nobody is signed in, then GET /data/static gives the monthly GBP prices in minor units', async () => {
    const res = await h.api('GET', '/api/data/static');
    expect(res).toEqual({
      status: 200,
      body: {
        result: {
          prices: {
            basic: { currencies: { gbp: { unit_amount: 99 } } },
            plus: { currencies: { gbp: { unit_amount: 399 } } },
            premium: { currencies: { gbp: { unit_amount: 599 } } },
          },
        },
      },
    });
  });
});
