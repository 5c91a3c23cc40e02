import Stripe from 'stripe';
import { createLogger, sharedConfigSchema } from '@fajr/activities';
import { createStripePayments } from '@fajr/activities/adapters/payments/stripe';
import { WebhookSignatureError } from '@fajr/activities/providers';
import { paymentSession } from '../src/contracts/subscriptions.contract';
import { staticResult } from '../src/contracts/data.contract';
import { startApi, WEB_ORIGIN, type ApiHarness } from '@fajr/scripts/testing/api';
import { deliverStripeEvent, STRIPE_TEST_ENV } from '@fajr/scripts/testing/payments';
import { startStripeMock, type StripeMock } from '@fajr/scripts/testing/stripe-mock';

jest.setTimeout(120_000);

let mock: StripeMock;
let h: ApiHarness;

beforeAll(async () => {
  mock = await startStripeMock();
  h = await startApi({ payments: { stripeMock: mock }, userPreferences: false });
});

afterAll(async () => {
  await h?.close();
  await mock?.stop();
});

describe('the Stripe adapter against stripe-mock (requests checked against the Stripe OpenAPI spec)', () => {
  const config = sharedConfigSchema.parse({
    DATABASE_URL: 'postgres://unused/db',
    PAYMENTS_PROVIDER: 'stripe',
    ...STRIPE_TEST_ENV,
  });
  const payments = () =>
    createStripePayments(config, createLogger('test', 'silent'), {
      host: mock.host,
      port: mock.port,
      protocol: mock.protocol,
    });

  it('creates a subscription checkout session and reads one back in the shape the success page needs', async () => {
    const created = await payments().createCheckoutSession(
      { userId: '7d1c1a52-4a7e-4c4e-9a57-1d1f2c3b4a5e', email: 'a@example.com', billingCustomerId: null },
      'PLUS',
      'https://fajr.example/app/subscriptions/success?session_id={CHECKOUT_SESSION_ID}',
      'https://fajr.example/app/subscriptions/cancelled',
    );
    expect(created.id).toMatch(/^cs_/);
    const again = await payments().createCheckoutSession(
      { userId: '7d1c1a52-4a7e-4c4e-9a57-1d1f2c3b4a5e', email: null, billingCustomerId: 'cus_123' },
      'PREMIUM',
      'https://fajr.example/s',
      'https://fajr.example/c',
    );
    expect(again.id).toMatch(/^cs_/);
    const details = await payments().retrieveCheckoutSession(created.id);
    expect(paymentSession.safeParse(details).success).toBe(true);
  });

  it('creates a billing portal session', async () => {
    const url = await payments().createPortalSession('cus_123', 'https://fajr.example/app');
    expect(url).toMatch(/^https:\/\//);
  });

  it("opens the portal's plan-change confirmation for a live subscription", async () => {
    const url = await payments().createPlanChangeSession('cus_123', 'sub_123', 'PREMIUM', 'https://fajr.example/app');
    expect(url).toMatch(/^https:\/\//);
  });

  it("previews what a plan change charges now (Stripe's invoice preview with always_invoice)", async () => {
    const quote = await payments().previewPlanChange('cus_123', 'sub_123', 'PREMIUM');
    expect(quote).toEqual({
      amountDue: expect.any(Number),
      currency: expect.any(String),
      monthlyAmount: expect.any(Number),
      periodEnd: expect.any(Date),
    });
    expect(Number.isNaN(quote.periodEnd.getTime())).toBe(false);
  });

  it("cancels a customer's subscriptions", async () => {
    await expect(payments().cancelSubscriptions('cus_123')).resolves.toBeUndefined();
  });

  it('reads plan prices in the shape of /data/static', async () => {
    const prices = await payments().planPrices();
    expect(staticResult.safeParse({ result: { prices } }).success).toBe(true);
    // stripe-mock's price fixture (20.00 USD), not the GBP fallback: the amounts were read from the API.
    expect(prices.basic.currencies).toEqual({ usd: { unit_amount: 2000 } });
  });

  it('maps its configured price ids to plans and nothing else', () => {
    expect(payments().planOfPrice('price_plus_test')).toBe('PLUS');
    expect(payments().planOfPrice('price_local_plus')).toBeUndefined();
  });

  it('verifies webhook signatures with the Stripe webhook secret only', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'invoice.paid',
      created: 1,
      data: { object: {} },
    });
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET });
    expect(payments().parseWebhook(Buffer.from(payload), good).eventId).toBe('evt_1');
    const local = Stripe.webhooks.generateTestHeaderString({ payload, secret: config.LOCAL_PAYMENTS_WEBHOOK_SECRET });
    expect(() => payments().parseWebhook(Buffer.from(payload), local)).toThrow(WebhookSignatureError);
    expect(() => payments().parseWebhook(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError);
  });
});

describe('the API with PAYMENTS_PROVIDER=stripe (against stripe-mock)', () => {
  it('when a web user subscribes, then the answer is the Checkout url Stripe returned and the session is recorded for the user', async () => {
    const user = await h.user();
    const res = await h.api('POST', '/api/subscriptions/premium/BASIC', { token: user.token, origin: WEB_ORIGIN });
    expect(res.status).toBe(200);
    expect(res.body.result.url).toMatch(/^https:\/\//);
    const rows = await h.db('checkout_sessions').where({ user_id: user.id });
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toMatch(/^cs_/);
  });

  it('when the user has a Stripe customer, then the portal url comes from Stripe', async () => {
    const user = await h.user();
    await h.db('users').where({ id: user.id }).update({ billing_customer_id: 'cus_123' });
    const res = await h.api('POST', '/api/subscriptions/view-portal', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.result.url).toMatch(/^https:\/\//);
  });

  it('when a paying user picks another plan, then the answer is the portal confirmation, not a second checkout', async () => {
    const user = await h.user({ plan: 'PLUS' });
    await h.db('users').where({ id: user.id }).update({ billing_customer_id: 'cus_plan_change' });
    await h.db('subscriptions').insert({
      user_id: user.id,
      provider_subscription_id: 'sub_123',
      provider_customer_id: 'cus_plan_change',
      plan: 'PLUS',
      status: 'active',
    });
    const res = await h.api('POST', '/api/subscriptions/premium/PREMIUM', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.result.url).toMatch(/^https:\/\//);
    expect(await h.db('checkout_sessions').where({ user_id: user.id })).toHaveLength(0);
  });

  it('when the provider is Stripe, then the local checkout pages do not exist', async () => {
    expect((await fetch(`${h.base}/api/dev/checkout/cs_local_x`)).status).toBe(404);
  });

  it('when an event is signed with the local secret while Stripe is configured, then 400', async () => {
    const res = await deliverStripeEvent(
      h,
      { id: 'evt_local_forged', type: 'invoice.paid', created: Math.floor(Date.now() / 1000), object: {} },
      { secret: 'whsec_local_development_secret' },
    );
    expect(res.status).toBe(400);
    const ok = await deliverStripeEvent(h, {
      id: 'evt_stripe_ok',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      object: {},
    });
    expect(ok.status).toBe(200);
  });

  it('when Stripe prices are configured, then /data/static is read from them', async () => {
    const res = await h.api('GET', '/api/data/static');
    expect(res.status).toBe(200);
    expect(staticResult.safeParse(res.body).success).toBe(true);
    expect(res.body.result.prices.premium.currencies).toEqual({ usd: { unit_amount: 2000 } });
  });
});
