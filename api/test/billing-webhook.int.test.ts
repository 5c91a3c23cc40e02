import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { signalsOf } from '@fajr/scripts/testing/api';
import { useLocalBillingApi } from '@fajr/scripts/testing/billing-api';
import { deliverStripeEvent, subscriptionObject } from '@fajr/scripts/testing/payments';
import { fajrCallsWorkflowId } from '@fajr/workflows';

jest.setTimeout(60_000);

const { h, started } = useLocalBillingApi();

const evtId = () => `evt_test_${randomUUID().replace(/-/g, '')}`;
const now = () => Math.floor(Date.now() / 1000);
const planOf = async (userId: string) => (await h.db('users').where({ id: userId }).first()).plan;

async function newSubscriber() {
  const user = await h.user();
  started.push(fajrCallsWorkflowId(user.id));
  return { ...user, customer: `cus_test_${randomUUID().slice(0, 8)}`, sub: `sub_test_${randomUUID().slice(0, 8)}` };
}

/** A customer.subscription.created event (now) of the subscriber's subscription at `price`; a fresh id unless given. */
const subscriptionCreated = (
  u: Awaited<ReturnType<typeof newSubscriber>>,
  price: string,
  o: { id?: string; plan?: string } = {},
) => ({
  id: o.id ?? evtId(),
  type: 'customer.subscription.created',
  created: now(),
  object: subscriptionObject({ id: u.sub, customer: u.customer, userId: u.id, price, plan: o.plan }),
});

describe('POST /webhooks/stripe signature', () => {
  it('when the signature is made with another secret, then 400 and nothing is stored', async () => {
    const u = await newSubscriber();
    const id = evtId();
    const res = await deliverStripeEvent(h, subscriptionCreated(u, 'price_local_plus', { id }), {
      secret: 'whsec_someone_else_entirely',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Invalid webhook signature', code: 'webhook.bad_signature' });
    expect(await h.db('webhook_events').where({ provider_event_id: id })).toHaveLength(0);
    expect(await planOf(u.id)).toBeNull();
  });

  it('when the body was changed after signing, then 400', async () => {
    const u = await newSubscriber();
    const res = await deliverStripeEvent(h, subscriptionCreated(u, 'price_local_plus'), { tamper: true });
    expect(res.status).toBe(400);
    expect(await planOf(u.id)).toBeNull();
  });

  it('when the signature header is missing, malformed, or the body is not JSON, then 400', async () => {
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${h.base}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    for (const res of [
      await post({}, '{"id":"evt_1"}'),
      await post({ 'stripe-signature': 'garbage' }, '{"id":"evt_1"}'),
      await post({ 'stripe-signature': `t=${now()},v1=${'0'.repeat(64)}` }, '{"id":"evt_1"}'),
      await post({ 'stripe-signature': `t=${now()},v1=${'0'.repeat(64)}` }, 'not json at all'),
    ]) {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('Invalid webhook signature');
    }
  });

  it('when a correctly signed event is of a type we do not handle, then it is acknowledged and recorded', async () => {
    const id = evtId();
    const res = await deliverStripeEvent(h, {
      id,
      type: 'invoice.paid',
      created: now(),
      object: { id: 'in_1', object: 'invoice' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, ignored: 'event type not handled' });
    expect(await h.db('webhook_events').where({ provider_event_id: id })).toHaveLength(1);
  });

  it('when a signed subscription event has an unexpected shape, then 400 and it is not recorded (a fixed retry can apply)', async () => {
    const id = evtId();
    const res = await deliverStripeEvent(h, {
      id,
      type: 'customer.subscription.updated',
      created: now(),
      object: { id: 'sub_x', status: 42 },
    });
    expect(res.status).toBe(400);
    expect(await h.db('webhook_events').where({ provider_event_id: id })).toHaveLength(0);
  });
});

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
    await deliverStripeEvent(h, {
      id: evtId(),
      type: 'customer.subscription.updated',
      created: t0 + 1,
      object: sub('price_local_premium'),
    });
    const res = await deliverStripeEvent(h, {
      id: evtId(),
      type: 'customer.subscription.created',
      created: t0,
      object: sub('price_local_basic'),
    });
    expect(await res.json()).toEqual({ received: true, ignored: 'out of order' });
    expect(await planOf(u.id)).toBe('PREMIUM');
  });

  it('when the subscription is deleted, then the plan is cleared and a later-delivered older update cannot revive it', async () => {
    const u = await newSubscriber();
    const t0 = now() - 100;
    const sub = (price: string, status = 'active') =>
      subscriptionObject({ id: u.sub, customer: u.customer, userId: u.id, price, status });
    await deliverStripeEvent(h, {
      id: evtId(),
      type: 'customer.subscription.created',
      created: t0,
      object: sub('price_local_plus'),
    });
    expect(await planOf(u.id)).toBe('PLUS');
    await deliverStripeEvent(h, {
      id: evtId(),
      type: 'customer.subscription.deleted',
      created: t0 + 10,
      object: sub('price_local_plus', 'canceled'),
    });
    expect(await planOf(u.id)).toBeNull();
    const stale = await deliverStripeEvent(h, {
      id: evtId(),
      type: 'customer.subscription.updated',
      created: t0 + 5,
      object: sub('price_local_plus'),
    });
    expect(await stale.json()).toEqual({ received: true, ignored: 'out of order' });
    // Even an update with the same second as the deletion cannot bring a cancelled subscription back.
    await deliverStripeEvent(h, {
      id: evtId(),
      type: 'customer.subscription.updated',
      created: t0 + 10,
      object: sub('price_local_premium'),
    });
    expect(await planOf(u.id)).toBeNull();
    expect((await h.db('subscriptions').where({ provider_subscription_id: u.sub }).first()).status).toBe('canceled');
  });

  it("when a plan is lost after the user's workflows were ended (account deletion), then no calls chain is started again", async () => {
    const u = await newSubscriber();
    const t0 = now() - 100;
    const sub = (status: string) =>
      subscriptionObject({ id: u.sub, customer: u.customer, userId: u.id, price: 'price_local_plus', status });
    await deliverStripeEvent(h, {
      id: evtId(),
      type: 'customer.subscription.created',
      created: t0,
      object: sub('active'),
    });
    const chain = h.temporal.workflow.getHandle(fajrCallsWorkflowId(u.id));
    expect((await chain.describe()).status.name).toBe('RUNNING');
    await chain.terminate('account deleted');
    const res = await deliverStripeEvent(h, {
      id: evtId(),
      type: 'customer.subscription.deleted',
      created: t0 + 1,
      object: sub('canceled'),
    });
    expect(res.status).toBe(200);
    expect(await planOf(u.id)).toBeNull();
    expect((await h.temporal.workflow.getHandle(fajrCallsWorkflowId(u.id)).describe()).status.name).toBe('TERMINATED');
  });

  it('when a subscription stops being paid (unpaid), then the plan is cleared; past_due keeps it', async () => {
    const u = await newSubscriber();
    const t0 = now() - 100;
    const sub = (status: string) =>
      subscriptionObject({ id: u.sub, customer: u.customer, userId: u.id, price: 'price_local_plus', status });
    await deliverStripeEvent(h, {
      id: evtId(),
      type: 'customer.subscription.created',
      created: t0,
      object: sub('active'),
    });
    await deliverStripeEvent(h, {
      id: evtId(),
      type: 'customer.subscription.updated',
      created: t0 + 1,
      object: sub('past_due'),
    });
    expect(await planOf(u.id)).toBe('PLUS');
    await deliverStripeEvent(h, {
      id: evtId(),
      type: 'customer.subscription.updated',
      created: t0 + 2,
      object: sub('unpaid'),
    });
    expect(await planOf(u.id)).toBeNull();
  });

  it('when the subscription event carries no user metadata and comes before checkout completion, then completion links it', async () => {
    const u = await newSubscriber();
    const t0 = now() - 10;
    const res = await deliverStripeEvent(h, {
      id: evtId(),
      type: 'customer.subscription.created',
      created: t0,
      object: subscriptionObject({ id: u.sub, customer: u.customer, price: 'price_local_basic' }),
    });
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

describe('deliveries that race or fail halfway', () => {
  it('when the same event arrives five times at once, then it is applied once', async () => {
    const u = await newSubscriber();
    const event = subscriptionCreated(u, 'price_local_premium');
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliverStripeEvent(h, event)));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as {
      received?: true;
      duplicate?: true;
      error?: string;
    }[];
    // One applies it; each other one is acknowledged as a duplicate, or (while the first is still signalling) told to retry.
    for (const [i, r] of answers.entries()) {
      if (r.status === 409) expect(bodies[i]!.error).toMatch(/still being processed/);
      else expect(r.status).toBe(200);
    }
    expect(bodies.filter((b) => b.received && !b.duplicate)).toHaveLength(1);
    expect(await planOf(u.id)).toBe('PREMIUM');
    expect(await h.db('webhook_events').where({ provider_event_id: event.id })).toHaveLength(1);
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged']);
    // The provider's later retry is acknowledged as a duplicate.
    expect(await (await deliverStripeEvent(h, event)).json()).toEqual({ received: true, duplicate: true });
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged']);
  });

  it('when Temporal is unreachable, then 503 so the provider retries, and the retry sends the signals it missed', async () => {
    const u = await newSubscriber();
    const event = subscriptionCreated(u, 'price_local_plus');
    const working = h.deps.temporal;
    // Nothing listens on port 1: every call fails to connect (after a short timeout).
    h.deps.temporal = new Client({
      connection: Connection.lazy({ address: '127.0.0.1:1', connectTimeout: '1s', interceptors: [] }),
      namespace: 'default',
    });
    let failed: Response;
    try {
      failed = await deliverStripeEvent(h, event);
    } finally {
      await h.deps.temporal.connection.close().catch(() => undefined);
      h.deps.temporal = working;
    }
    expect(failed.status).toBe(503);
    expect(typeof ((await failed.json()) as { error: string }).error).toBe('string');
    // The plan is stored; the event is recorded but not finished.
    expect(await planOf(u.id)).toBe('PLUS');
    expect((await h.db('webhook_events').where({ provider_event_id: event.id }).first()).processed_at).toBeNull();

    // A repeat right away could be a delivery still in progress: retry later.
    const early = await deliverStripeEvent(h, event);
    expect(early.status).toBe(409);
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id)).catch(() => [])).toEqual([]);

    // The provider retries minutes later: this delivery takes over and sends the missed signals.
    const realNow = h.deps.now;
    h.deps.now = () => new Date(Date.now() + 5 * 60_000);
    let retry: Response;
    try {
      retry = await deliverStripeEvent(h, event);
    } finally {
      h.deps.now = realNow;
    }
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ received: true, duplicate: true });
    expect((await h.db('webhook_events').where({ provider_event_id: event.id }).first()).processed_at).not.toBeNull();
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged']);

    // Once finished, further repeats signal nothing more.
    expect(await (await deliverStripeEvent(h, event)).json()).toEqual({ received: true, duplicate: true });
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged']);
  });
});
