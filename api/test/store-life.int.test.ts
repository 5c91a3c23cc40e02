import { signalsOf } from '@fajr/scripts/testing/api';
import { fajrCallsWorkflowId } from '@fajr/workflows';
import { useStoreApi } from '@fajr/scripts/testing/store-api';

jest.setTimeout(60_000);

const { h, local, post, planOf, row, act, appUser } = useStoreApi();

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
