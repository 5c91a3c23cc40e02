import { randomUUID } from 'node:crypto';
import { useApi } from '@fajr/scripts/testing/api';
import { deliverStripeEvent, subscriptionObject } from '@fajr/scripts/testing/payments';

jest.setTimeout(60_000);

const h = useApi({ payments: 'local' });

const now = () => Math.floor(Date.now() / 1000);
const repeatOf = async (userId: string) =>
  (await h.db('preferences').where({ user_id: userId }).first()).allow_repeat_calls;

/** A subscription event for the user on the plan's price, as the provider signs it. */
async function subscribe(userId: string, customer: string, sub: string, price: string, created = now()) {
  const res = await deliverStripeEvent(h, {
    id: `evt_test_${randomUUID().replace(/-/g, '')}`,
    type: 'customer.subscription.updated',
    created,
    object: subscriptionObject({ id: sub, customer, userId, price }),
  });
  expect(res.status).toBe(200);
}

describe('a new Premium buyer has the repeat on', () => {
  it('when a user buys Premium, then the repeat of unanswered calls is switched on; Plus leaves it off', async () => {
    const plus = await h.user();
    await subscribe(plus.id, `cus_${plus.id.slice(0, 8)}`, `sub_${plus.id.slice(0, 8)}`, 'price_local_plus');
    expect(await repeatOf(plus.id)).toBe(false);

    const premium = await h.user();
    await subscribe(
      premium.id,
      `cus_${premium.id.slice(0, 8)}`,
      `sub_${premium.id.slice(0, 8)}`,
      'price_local_premium',
    );
    expect((await h.db('users').where({ id: premium.id }).first()).plan).toBe('PREMIUM');
    expect(await repeatOf(premium.id)).toBe(true);
  });

  it('when a Premium user switched the repeat off, then a later event about the same plan leaves it off', async () => {
    const u = await h.user();
    const [customer, sub] = [`cus_${u.id.slice(0, 8)}`, `sub_${u.id.slice(0, 8)}`];
    await subscribe(u.id, customer, sub, 'price_local_premium');
    await h.db('preferences').where({ user_id: u.id }).update({ allow_repeat_calls: false });
    // A later event (a renewal) about the plan the user already has.
    await subscribe(u.id, customer, sub, 'price_local_premium', now() + 60);
    expect((await h.db('subscriptions').where({ user_id: u.id }).first()).plan).toBe('PREMIUM');
    expect(await repeatOf(u.id)).toBe(false);
  });
});
