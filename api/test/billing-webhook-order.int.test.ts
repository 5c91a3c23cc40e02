import { signalsOf } from '@fajr/scripts/testing/api';
import { deliverStripeEvent, subscriptionObject } from '@fajr/scripts/testing/payments';
import { fajrCallsWorkflowId } from '@fajr/workflows';
import { useStripeWebhookApi } from '@fajr/scripts/testing/billing-api';

jest.setTimeout(60_000);

const { h, now, evtId, deliver, planOf, newSubscriber, subscriptionCreated } = useStripeWebhookApi();

describe('idempotency and ordering', () => {
  it('when the same event is delivered twice, then the plan changes once', async () => {
    const u = await newSubscriber();
    const event = subscriptionCreated(u, 'price_local_plus', { plan: 'PLUS' });
    const first = await deliverStripeEvent(h, event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const second = await deliverStripeEvent(h, event);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, duplicate: true });

    expect(await planOf(u.id)).toBe('PLUS');
    expect((await h.db('users').where({ id: u.id }).first()).billing_customer_id).toBe(u.customer);
    expect(await h.db('webhook_events').where({ provider_event_id: event.id })).toHaveLength(1);
    expect(await h.db('subscriptions').where({ provider_subscription_id: u.sub })).toHaveLength(1);
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged']);
  });

  it('when an older update arrives after a newer one (and twice), then only the newer one counts', async () => {
    const u = await newSubscriber();
    const t0 = now() - 200;
    const sub = (price: string, status = 'active') =>
      subscriptionObject({ id: u.sub, customer: u.customer, userId: u.id, price, status });
    const created = {
      id: evtId(),
      type: 'customer.subscription.created',
      created: t0,
      object: sub('price_local_basic'),
    };
    const newer = {
      id: evtId(),
      type: 'customer.subscription.updated',
      created: t0 + 100,
      object: sub('price_local_premium'),
    };
    const older = {
      id: evtId(),
      type: 'customer.subscription.updated',
      created: t0 + 50,
      object: sub('price_local_plus'),
    };

    expect((await deliverStripeEvent(h, created)).status).toBe(200);
    expect(await planOf(u.id)).toBe('BASIC');
    expect((await deliverStripeEvent(h, newer)).status).toBe(200);
    expect(await planOf(u.id)).toBe('PREMIUM');
    const late = await deliverStripeEvent(h, older);
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ received: true, ignored: 'out of order' });
    expect((await deliverStripeEvent(h, older)).status).toBe(200);
    expect((await deliverStripeEvent(h, newer)).status).toBe(200);

    expect(await planOf(u.id)).toBe('PREMIUM');
    const row = await h.db('subscriptions').where({ provider_subscription_id: u.sub }).first();
    expect(row.plan).toBe('PREMIUM');
    expect(row.provider_updated_at.getTime()).toBe((t0 + 100) * 1000);
    // BASIC, then PREMIUM: two plan changes, two re-plans; the late and repeated deliveries changed nothing.
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged', 'prefsChanged']);
  });

  it('when the update arrives before the creation, then the creation is ignored', async () => {
    const u = await newSubscriber();
    const t0 = now() - 100;
    const sub = (price: string) => subscriptionObject({ id: u.sub, customer: u.customer, userId: u.id, price });
    await deliver('customer.subscription.updated', t0 + 1, sub('price_local_premium'));
    const res = await deliver('customer.subscription.created', t0, sub('price_local_basic'));
    expect(await res.json()).toEqual({ received: true, ignored: 'out of order' });
    expect(await planOf(u.id)).toBe('PREMIUM');
  });

  it('when the subscription is deleted, then the plan is cleared and a later-delivered older update cannot revive it', async () => {
    const u = await newSubscriber();
    const t0 = now() - 100;
    const sub = (price: string, status = 'active') =>
      subscriptionObject({ id: u.sub, customer: u.customer, userId: u.id, price, status });
    await deliver('customer.subscription.created', t0, sub('price_local_plus'));
    expect(await planOf(u.id)).toBe('PLUS');
    await deliver('customer.subscription.deleted', t0 + 10, sub('price_local_plus', 'canceled'));
    expect(await planOf(u.id)).toBeNull();
    const stale = await deliver('customer.subscription.updated', t0 + 5, sub('price_local_plus'));
    expect(await stale.json()).toEqual({ received: true, ignored: 'out of order' });
    // Even an update with the same second as the deletion cannot bring a cancelled subscription back.
    await deliver('customer.subscription.updated', t0 + 10, sub('price_local_premium'));
    expect(await planOf(u.id)).toBeNull();
    expect((await h.db('subscriptions').where({ provider_subscription_id: u.sub }).first()).status).toBe('canceled');
  });

  it("when a plan is lost after the user's workflows were ended (account deletion), then no calls chain is started again", async () => {
    const u = await newSubscriber();
    const t0 = now() - 100;
    const sub = (status: string) =>
      subscriptionObject({ id: u.sub, customer: u.customer, userId: u.id, price: 'price_local_plus', status });
    await deliver('customer.subscription.created', t0, sub('active'));
    const chain = h.temporal.workflow.getHandle(fajrCallsWorkflowId(u.id));
    expect((await chain.describe()).status.name).toBe('RUNNING');
    await chain.terminate('account deleted');
    const res = await deliver('customer.subscription.deleted', t0 + 1, sub('canceled'));
    expect(res.status).toBe(200);
    expect(await planOf(u.id)).toBeNull();
    expect((await h.temporal.workflow.getHandle(fajrCallsWorkflowId(u.id)).describe()).status.name).toBe('TERMINATED');
  });

  it('when a subscription stops being paid (unpaid), then the plan is cleared; past_due keeps it', async () => {
    const u = await newSubscriber();
    const t0 = now() - 100;
    const sub = (status: string) =>
      subscriptionObject({ id: u.sub, customer: u.customer, userId: u.id, price: 'price_local_plus', status });
    await deliver('customer.subscription.created', t0, sub('active'));
    await deliver('customer.subscription.updated', t0 + 1, sub('past_due'));
    expect(await planOf(u.id)).toBe('PLUS');
    await deliver('customer.subscription.updated', t0 + 2, sub('unpaid'));
    expect(await planOf(u.id)).toBeNull();
  });

  it('when the subscription event carries no user metadata and comes before checkout completion, then completion links it', async () => {
    const u = await newSubscriber();
    const t0 = now() - 10;
    const res = await deliver(
      'customer.subscription.created',
      t0,
      subscriptionObject({ id: u.sub, customer: u.customer, price: 'price_local_basic' }),
    );
    expect(await res.json()).toEqual({ received: true, ignored: 'unknown user' });
    expect(await planOf(u.id)).toBeNull();
    await h.db('checkout_sessions').insert({ id: 'cs_test_link', user_id: u.id, plan: 'BASIC' });
    const done = await deliverStripeEvent(h, {
      id: evtId(),
      type: 'checkout.session.completed',
      created: t0 + 1,
      object: {
        id: 'cs_test_link',
        object: 'checkout.session',
        customer: u.customer,
        subscription: u.sub,
        client_reference_id: u.id,
      },
    });
    expect(done.status).toBe(200);
    expect(await planOf(u.id)).toBe('BASIC');
    expect((await h.db('users').where({ id: u.id }).first()).billing_customer_id).toBe(u.customer);
    expect((await h.db('checkout_sessions').where({ id: 'cs_test_link' }).first()).completed_at).not.toBeNull();
  });

  it("when an event names another account's customer, then it does not take that customer over", async () => {
    const owner = await newSubscriber();
    const other = await newSubscriber();
    await deliverStripeEvent(h, {
      id: evtId(),
      type: 'customer.subscription.created',
      created: now() - 5,
      object: subscriptionObject({
        id: owner.sub,
        customer: owner.customer,
        userId: owner.id,
        price: 'price_local_plus',
      }),
    });
    await h.db('checkout_sessions').insert({ id: 'cs_test_other', user_id: other.id, plan: 'PLUS' });
    await deliverStripeEvent(h, {
      id: evtId(),
      type: 'checkout.session.completed',
      created: now(),
      object: {
        id: 'cs_test_other',
        object: 'checkout.session',
        customer: owner.customer,
        client_reference_id: other.id,
      },
    });
    expect((await h.db('users').where({ id: other.id }).first()).billing_customer_id).toBeNull();
    expect((await h.db('users').where({ id: owner.id }).first()).billing_customer_id).toBe(owner.customer);
  });
});
