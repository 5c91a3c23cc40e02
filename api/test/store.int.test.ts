import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import jwt from 'jsonwebtoken';
import { X509Certificate } from 'node:crypto';
import { generateLocalStoreKeys, derOf, loadLocalStoreKeys } from '@fajr/activities/adapters/store/local-keys';
import type { LocalStoreAction, LocalStoreDelivery, StoreName } from '@fajr/activities/providers';
import { signalsOf, startApi, type ApiHarness } from '@fajr/scripts/testing/api';
import { deliverStripeEvent, subscriptionObject } from '@fajr/scripts/testing/payments';
import { fajrCallsWorkflowId, trial, trialWorkflowId } from '@fajr/workflows';

jest.setTimeout(60_000);

let h: ApiHarness;
const started: string[] = [];

beforeAll(async () => {
  h = await startApi({ userPreferences: false });
});

afterAll(async () => {
  for (const id of started)
    await h.temporal.workflow
      .getHandle(id)
      .terminate('test over')
      .catch(() => undefined);
  await h.close();
});

// Keys of someone else: a complete Apple-shaped chain and an RSA key, trusted by nobody here.
let otherKeys: ReturnType<typeof generateLocalStoreKeys> | undefined;
const other = () => (otherKeys ??= generateLocalStoreKeys());
const local = () => h.deps.providers.devConsoles.store!;
const post = (n: LocalStoreDelivery) => h.api('POST', n.path, { body: n.body, headers: n.headers });
const planOf = async (userId: string) => (await h.db('users').where({ id: userId }).first()).plan;
const row = (store: StoreName, id: string) =>
  h.db('subscriptions').where({ provider: store, provider_subscription_id: id }).first();
const act = (store: StoreName, purchase: string, action: LocalStoreAction) => local().act(store, purchase, action);

async function appUser() {
  const user = await h.user({ isAppUser: true });
  started.push(fajrCallsWorkflowId(user.id));
  return user;
}

describe.each(['apple', 'google'] as const)('%s: the whole life of a store subscription', (store) => {
  it('purchase, duplicate, renewal, upgrade, downgrade, grace period, billing retry, recovery, expiry: each changes the plan once, to the right state', async () => {
    const u = await appUser();
    const bought = await local().buy(store, u.id, 'PLUS');
    expect(await post(bought.notification)).toEqual({ status: 200, body: { received: true } });
    expect(await planOf(u.id)).toBe('PLUS');
    expect(await row(store, bought.purchase)).toMatchObject({
      user_id: u.id,
      plan: 'PLUS',
      status: 'active',
      product_id: 'fajr_plus_monthly',
    });
    // The same path as Stripe: the calls chain re-plans with the new entitlements.
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged']);

    // A repeat is acknowledged and changes nothing.
    expect((await post(bought.notification)).body).toEqual({ received: true, duplicate: true });

    const periodEnd = (await row(store, bought.purchase)).current_period_end as Date;
    const renewed = await act(store, bought.purchase, { kind: 'renew' });
    expect((await post(renewed.notification)).status).toBe(200);
    expect(await planOf(u.id)).toBe('PLUS');
    expect(((await row(store, bought.purchase)).current_period_end as Date).getTime()).toBeGreaterThan(
      periodEnd.getTime(),
    );

    const upgraded = await act(store, renewed.purchase, { kind: 'change-plan', plan: 'PREMIUM' });
    expect((await post(upgraded.notification)).status).toBe(200);
    expect(await planOf(u.id)).toBe('PREMIUM');
    if (store === 'google') {
      // Play replaces the purchase token; the old one no longer grants anything.
      expect(upgraded.purchase).not.toBe(bought.purchase);
      expect((await row(store, bought.purchase)).status).toBe('replaced');
    }

    const downgraded = await act(store, upgraded.purchase, { kind: 'change-plan', plan: 'BASIC' });
    expect((await post(downgraded.notification)).status).toBe(200);
    if (store === 'apple') {
      // Apple keeps the paid-for plan until the renewal, which moves to the lower product.
      expect(await planOf(u.id)).toBe('PREMIUM');
      expect((await post((await act(store, downgraded.purchase, { kind: 'renew' })).notification)).status).toBe(200);
    }
    expect(await planOf(u.id)).toBe('BASIC');
    const current = downgraded.purchase;

    expect((await post((await act(store, current, { kind: 'grace-period' })).notification)).status).toBe(200);
    expect(await planOf(u.id)).toBe('BASIC');
    expect((await row(store, current)).status).toBe('in_grace_period');

    expect((await post((await act(store, current, { kind: 'billing-retry' })).notification)).status).toBe(200);
    expect(await planOf(u.id)).toBeNull();
    expect((await row(store, current)).status).toBe(store === 'apple' ? 'billing_retry' : 'on_hold');

    expect((await post((await act(store, current, { kind: 'recover' })).notification)).status).toBe(200);
    expect(await planOf(u.id)).toBe('BASIC');

    expect((await post((await act(store, current, { kind: 'expire' })).notification)).status).toBe(200);
    expect(await planOf(u.id)).toBeNull();
    expect((await row(store, current)).status).toBe('expired');
  });

  it('refund: the plan ends at once', async () => {
    const u = await appUser();
    const bought = await local().buy(store, u.id, 'PREMIUM');
    await post(bought.notification);
    expect(await planOf(u.id)).toBe('PREMIUM');
    const refunded = await act(store, bought.purchase, { kind: 'refund' });
    expect((await post(refunded.notification)).status).toBe(200);
    expect(await planOf(u.id)).toBeNull();
    expect((await row(store, bought.purchase)).status).toBe('revoked');
  });

  it('a purchase moved to another account: the account token decides, the old owner loses the plan', async () => {
    const a = await appUser();
    const b = await appUser();
    const bought = await local().buy(store, a.id, 'PLUS');
    await post(bought.notification);
    const moved = await act(store, bought.purchase, { kind: 'transfer', userId: b.id });
    expect((await post(moved.notification)).status).toBe(200);
    expect(await planOf(a.id)).toBeNull();
    expect(await planOf(b.id)).toBe('PLUS');
    expect((await row(store, bought.purchase)).user_id).toBe(b.id);
  });

  it('out of order: an older notification delivered after a newer one changes nothing (the signed dates decide)', async () => {
    const u = await appUser();
    const bought = await local().buy(store, u.id, 'PLUS');
    const retry = await act(store, bought.purchase, { kind: 'billing-retry' });
    const recovered = await act(store, bought.purchase, { kind: 'recover' });
    expect((await post(recovered.notification)).body).toEqual({ received: true });
    expect(await planOf(u.id)).toBe('PLUS');
    expect((await post(retry.notification)).body).toEqual({ received: true, ignored: 'out of order' });
    expect((await post(bought.notification)).body).toEqual({ received: true, ignored: 'out of order' });
    expect(await planOf(u.id)).toBe('PLUS');
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged']);
  });

  it('five deliveries of one notification at once change the plan once', async () => {
    const u = await appUser();
    const bought = await local().buy(store, u.id, 'BASIC');
    const replies = await Promise.all([1, 2, 3, 4, 5].map(() => post(bought.notification)));
    expect(replies.filter((r) => r.status === 200 && !r.body.duplicate)).toHaveLength(1);
    for (const r of replies) expect([200, 409]).toContain(r.status);
    expect(await planOf(u.id)).toBe('BASIC');
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged']);
  });
});

describe('the scheduler unreachable', () => {
  it('a store notification answers 503 (the store retries); the retry minutes later sends the signals it missed, once', async () => {
    const u = await appUser();
    const bought = await local().buy('apple', u.id, 'PLUS');
    const working = h.deps.temporal;
    // Nothing listens on port 1: every call fails to connect (after a short timeout).
    h.deps.temporal = new Client({
      connection: Connection.lazy({ address: '127.0.0.1:1', connectTimeout: '1s', interceptors: [] }),
      namespace: 'default',
    });
    try {
      expect((await post(bought.notification)).status).toBe(503);
    } finally {
      await h.deps.temporal.connection.close().catch(() => undefined);
      h.deps.temporal = working;
    }
    expect(await planOf(u.id)).toBe('PLUS');
    // Right away it could still be in progress: 409, retry later.
    expect((await post(bought.notification)).status).toBe(409);
    const realNow = h.deps.now;
    h.deps.now = () => new Date(Date.now() + 5 * 60_000);
    try {
      expect((await post(bought.notification)).body).toEqual({ received: true, duplicate: true });
    } finally {
      h.deps.now = realNow;
    }
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged']);
    expect((await post(bought.notification)).body).toEqual({ received: true, duplicate: true });
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged']);
  });
});

describe('notifications not from the store', () => {
  it('Apple: a JWS signed by another chain (with Apple OIDs, but not under the trusted root) is refused and nothing is stored', async () => {
    const u = await appUser();
    const x5c = [other().appleLeafPem, other().appleIntermediatePem, other().appleRootPem].map((p) =>
      derOf(p).toString('base64'),
    );
    const sign = (payload: object) =>
      jwt.sign(payload, other().appleLeafKeyPem, {
        algorithm: 'ES256',
        header: { alg: 'ES256', x5c } as jwt.JwtHeader,
      });
    const now = Date.now();
    const tx = sign({
      transactionId: '2000000000000001',
      originalTransactionId: '2000000000000001',
      bundleId: h.config.APPLE_BUNDLE_ID,
      productId: 'fajr_premium_monthly',
      purchaseDate: now,
      expiresDate: now + 30 * 86_400_000,
      type: 'Auto-Renewable Subscription',
      inAppOwnershipType: 'PURCHASED',
      signedDate: now,
      environment: 'Sandbox',
      appAccountToken: u.id,
    });
    const id = randomUUID();
    const signedPayload = sign({
      notificationType: 'SUBSCRIBED',
      subtype: 'INITIAL_BUY',
      notificationUUID: id,
      version: '2.0',
      signedDate: now,
      data: { bundleId: h.config.APPLE_BUNDLE_ID, environment: 'Sandbox', signedTransactionInfo: tx, status: 1 },
    });
    expect(await h.api('POST', '/api/webhooks/apple', { body: { signedPayload } })).toEqual({
      status: 400,
      body: { error: 'Invalid webhook signature', code: 'webhook.bad_signature' },
    });
    expect(await h.api('POST', '/api/webhooks/apple', { body: { signedPayload: 'e30.e30.x' } })).toEqual({
      status: 400,
      body: { error: 'Invalid webhook signature', code: 'webhook.bad_signature' },
    });
    expect(await h.api('POST', '/api/webhooks/apple', { body: {} })).toEqual({
      status: 400,
      body: { error: 'Invalid webhook signature', code: 'webhook.bad_signature' },
    });
    expect(await h.db('webhook_events').where({ provider_event_id: id })).toHaveLength(0);
    expect(await planOf(u.id)).toBeNull();
  });

  it('Google: a push without a token, with a token of another key, audience or service account is refused', async () => {
    const u = await appUser();
    const bought = await local().buy('google', u.id, 'PREMIUM');
    const { body, headers } = bought.notification;
    const token = (claims: object, key = other().googlePrivateKeyPem, kid = other().googleKeyId) =>
      `Bearer ${jwt.sign({ iss: 'https://accounts.google.com', email_verified: true, ...claims }, key, { algorithm: 'RS256', keyid: kid, expiresIn: 600 })}`;
    const keys = await h.db('local_store_keyring').first();
    const audience = `${h.base}/api/webhooks/google`;
    for (const authorization of [
      undefined,
      'Bearer not-a-token',
      token({ aud: audience, email: 'local-play-push@fajr.local' }),
      token(
        { aud: 'https://elsewhere.example/push', email: 'local-play-push@fajr.local' },
        keys.google_private_key_pem,
        keys.google_key_id,
      ),
      token({ aud: audience, email: 'someone@else.example' }, keys.google_private_key_pem, keys.google_key_id),
    ]) {
      const res = await h.api('POST', '/api/webhooks/google', {
        body,
        headers: { ...headers, authorization: authorization ?? '' },
      });
      expect(res).toEqual({ status: 400, body: { error: 'Invalid webhook signature', code: 'webhook.bad_signature' } });
    }
    expect(await planOf(u.id)).toBeNull();
    // Authentic, but about another app on the topic: acknowledged (Pub/Sub would redeliver a refusal for days) and ignored.
    const otherApp = Buffer.from(
      JSON.stringify({
        version: '1.0',
        packageName: 'com.someone.else',
        eventTimeMillis: String(Date.now()),
        subscriptionNotification: { notificationType: 4, purchaseToken: bought.purchase },
      }),
    ).toString('base64');
    const ack = await h.api('POST', '/api/webhooks/google', {
      body: { message: { data: otherApp, messageId: String(Date.now()) } },
      headers,
    });
    expect(ack).toEqual({ status: 200, body: { received: true, ignored: 'nothing to apply' } });
    expect(await planOf(u.id)).toBeNull();
    // The genuine push is accepted.
    expect((await post(bought.notification)).status).toBe(200);
    expect(await planOf(u.id)).toBe('PREMIUM');
  });
});

describe('the local keyring', () => {
  it('a stored chain OpenSSL cannot read (a serial with a leading zero byte, as generated before the fix) is replaced once, by the first reader', async () => {
    await loadLocalStoreKeys(h.db);
    await h.db
      .transaction(async (trx) => {
        // The stored intermediate with its serial made non-minimal: 00 then a byte below 0x80, "illegal padding" to OpenSSL.
        const stored = await trx('local_store_keyring').where({ id: 1 }).first();
        const der = Buffer.from(derOf(stored.apple_intermediate_pem));
        const at = der.indexOf(Buffer.from(new X509Certificate(stored.apple_intermediate_pem).serialNumber, 'hex'));
        der[at] = 0x00;
        der[at + 1]! &= 0x7f;
        const padded = `-----BEGIN CERTIFICATE-----\n${der.toString('base64')}\n-----END CERTIFICATE-----\n`;
        expect(() => new X509Certificate(padded)).toThrow(/padding/);
        await trx('local_store_keyring').where({ id: 1 }).update({ apple_intermediate_pem: padded });

        const [first, second] = await Promise.all([loadLocalStoreKeys(trx), loadLocalStoreKeys(trx)]);
        expect(second).toEqual(first);
        expect(first.appleRootPem).not.toBe(stored.apple_root_pem);
        for (const pem of [first.appleRootPem, first.appleIntermediatePem, first.appleLeafPem])
          expect(() => new X509Certificate(pem)).not.toThrow();
        expect(await loadLocalStoreKeys(trx)).toEqual(first);
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    // Rolled back: the harness's own keyring is as it was.
    const kept = await h.db('local_store_keyring').where({ id: 1 }).first();
    expect(() => new X509Certificate(kept.apple_intermediate_pem)).not.toThrow();
  });
});

describe('POST /api/subscriptions/store-purchases', () => {
  it.each(['apple', 'google'] as const)(
    '%s: the purchase the app hands over is verified with the store and changes the plan at once; the notification later changes nothing more',
    async (store) => {
      const u = await appUser();
      const bought = await local().buy(store, u.id, 'PREMIUM');
      const body =
        store === 'apple' ? { store, transactionId: bought.purchase } : { store, purchaseToken: bought.purchase };
      const res = await h.api('POST', '/api/subscriptions/store-purchases', { token: u.token, body });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({
        plan: 'PREMIUM',
        subscription: { source: store, plan: 'PREMIUM', status: 'active' },
      });
      expect(await planOf(u.id)).toBe('PREMIUM');
      if (store === 'google') {
        // Verified, the purchase is acknowledged to Play (which refunds unacknowledged ones after 3 days).
        expect(
          (await h.db('local_store_purchases').where({ id: bought.purchase }).first()).acknowledged_at,
        ).toBeInstanceOf(Date);
      }
      // The features follow at once: statistics are PLUS and above.
      expect((await h.api('GET', '/api/salah-schedules/calls/stats', { token: u.token })).status).not.toBe(403);
      // The same purchase again, and then the store's own notification: no second change.
      expect(
        (await h.api('POST', '/api/subscriptions/store-purchases', { token: u.token, body })).body.result.plan,
      ).toBe('PREMIUM');
      expect((await post(bought.notification)).status).toBe(200);
      expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged']);
    },
  );

  it("another user's purchase is refused (403) and changes nobody's plan", async () => {
    const owner = await appUser();
    const thief = await appUser();
    for (const store of ['apple', 'google'] as const) {
      const bought = await local().buy(store, owner.id, 'PLUS');
      const body =
        store === 'apple' ? { store, transactionId: bought.purchase } : { store, purchaseToken: bought.purchase };
      expect(await h.api('POST', '/api/subscriptions/store-purchases', { token: thief.token, body })).toEqual({
        status: 403,
        body: { error: 'This purchase belongs to another account', code: 'store.other_account' },
      });
    }
    expect(await planOf(thief.id)).toBeNull();
    expect(await planOf(owner.id)).toBeNull();
  });

  it('a forged purchase (unknown to the store) is refused (400); bad input 400; no session 401', async () => {
    const u = await appUser();
    const send = (body: unknown, token: string | null = u.token) =>
      h.api('POST', '/api/subscriptions/store-purchases', { token: token ?? undefined, body });
    const notVerified = {
      status: 400,
      body: { error: 'This purchase could not be verified with the store', code: 'store.not_verified' },
    };
    expect(await send({ store: 'apple', transactionId: '1999999999999999' })).toEqual(notVerified);
    expect(await send({ store: 'google', purchaseToken: 'local-gp.forged-token-0123456789' })).toEqual(notVerified);
    expect((await send({ store: 'apple', transactionId: 'abc' })).status).toBe(400);
    expect((await send({ store: 'amazon', transactionId: '1' })).status).toBe(400);
    expect((await send({ store: 'google' })).status).toBe(400);
    expect((await send({ store: 'apple', transactionId: '1' }, null)).status).toBe(401);
    expect(await planOf(u.id)).toBeNull();
  });

  it('a web user in a trial who buys in the app: the trial hears `subscribed`, like a Stripe purchase', async () => {
    const u = await h.user();
    await h.temporal.workflow.start(trial, {
      workflowId: trialWorkflowId(u.id),
      taskQueue: h.taskQueue,
      args: [{ userId: u.id }],
    });
    started.push(trialWorkflowId(u.id), fajrCallsWorkflowId(u.id));
    const bought = await local().buy('apple', u.id, 'BASIC');
    expect(
      (
        await h.api('POST', '/api/subscriptions/store-purchases', {
          token: u.token,
          body: { store: 'apple', transactionId: bought.purchase },
        })
      ).status,
    ).toBe(200);
    expect(await signalsOf(h.temporal, trialWorkflowId(u.id))).toEqual(['subscribed']);
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged']);
  });
});

describe('one user, one plan', () => {
  it('a Stripe and a store subscription: the higher plan while either lasts; GET /subscriptions/current says where each is managed', async () => {
    const u = await h.user();
    started.push(fajrCallsWorkflowId(u.id));
    const sub = `sub_test_${randomUUID().slice(0, 8)}`;
    const created = Math.floor(Date.now() / 1000);
    const stripeEvent = (type: string, status: string) => ({
      id: `evt_test_${randomUUID().replace(/-/g, '')}`,
      type,
      created,
      object: subscriptionObject({
        id: sub,
        customer: `cus_test_${u.id.slice(0, 8)}`,
        userId: u.id,
        price: 'price_local_plus',
        status,
      }),
    });
    expect((await deliverStripeEvent(h, stripeEvent('customer.subscription.created', 'active'))).status).toBe(200);
    expect(await planOf(u.id)).toBe('PLUS');

    const bought = await local().buy('google', u.id, 'PREMIUM');
    await post(bought.notification);
    expect(await planOf(u.id)).toBe('PREMIUM');
    const overview = await h.api('GET', '/api/subscriptions/current', { token: u.token });
    expect(overview).toMatchObject({
      status: 200,
      body: {
        result: {
          plan: 'PREMIUM',
          subscriptions: [
            { source: 'google', plan: 'PREMIUM', status: 'active' },
            { source: 'stripe', plan: 'PLUS', status: 'active' },
          ],
        },
      },
    });

    // The store plan ends: the Stripe one still lasts.
    await post((await act('google', bought.purchase, { kind: 'expire' })).notification);
    expect(await planOf(u.id)).toBe('PLUS');
    expect((await h.api('GET', '/api/subscriptions/current', { token: u.token })).body.result.subscriptions).toEqual([
      expect.objectContaining({ source: 'stripe', plan: 'PLUS' }),
    ]);
  });

  it('a web plan change goes through the Stripe subscription only, never a store one', async () => {
    const u = await h.user();
    started.push(fajrCallsWorkflowId(u.id));
    const bought = await local().buy('apple', u.id, 'PLUS');
    await post(bought.notification);
    expect(await planOf(u.id)).toBe('PLUS');
    // No Stripe subscription: the web offers a new checkout for PREMIUM, not a portal change of the App Store one.
    const res = await h.api('POST', '/api/subscriptions/premium/PREMIUM', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.result.url).toContain('/api/dev/checkout/');
  });
});
