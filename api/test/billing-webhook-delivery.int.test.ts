import { Client, Connection } from '@temporalio/client';
import { signalsOf } from '@fajr/scripts/testing/api';
import { deliverStripeEvent } from '@fajr/scripts/testing/payments';
import { fajrCallsWorkflowId } from '@fajr/workflows';
import { useStripeWebhookApi } from '@fajr/scripts/testing/billing-api';

jest.setTimeout(60_000);

const { h, now, evtId, planOf, newSubscriber, subscriptionCreated } = useStripeWebhookApi();

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
