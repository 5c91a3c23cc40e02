import { randomUUID } from 'node:crypto';
import { signalsOf } from '@fajr/scripts/testing/api';
import { deliverStripeEvent, subscriptionObject } from '@fajr/scripts/testing/payments';
import { fajrCallsWorkflowId, trial, trialWorkflowId } from '@fajr/workflows';
import { useStoreApi } from '@fajr/scripts/testing/store-api';

jest.setTimeout(60_000);

const { h, started, local, post, planOf, act, appUser } = useStoreApi();

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
