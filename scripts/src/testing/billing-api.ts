import { randomUUID } from 'node:crypto';
import { fajrCallsWorkflowId } from '@fajr/workflows';
import { deliverStripeEvent, subscriptionObject } from './payments';
import { useApi, type ApiHarness, type StartApiOptions } from './api';

/**
 * The API for a test file (beforeAll/afterAll) whose tests start workflows: the ones a test pushes onto
 * `started` are terminated before it closes.
 */
export function useApiEndingWorkflows(opts: StartApiOptions): { h: ApiHarness; started: string[] } {
  const started: string[] = [];
  const h = useApi(opts, async (api) => {
    for (const id of started)
      await api.temporal.workflow
        .getHandle(id)
        .terminate('test over')
        .catch(() => undefined);
  });
  return { h, started };
}

/** The API on the local payment provider for a billing test file. */
export function useLocalBillingApi(): { h: ApiHarness; started: string[] } {
  return useApiEndingWorkflows({ payments: 'local', userPreferences: false });
}

/** A user's plan as stored. */
export const planOfUser = async (h: ApiHarness, userId: string): Promise<string | null> =>
  (await h.db('users').where({ id: userId }).first()).plan;

/** A fresh Stripe event id. */
export const stripeEventId = () => `evt_test_${randomUUID().replace(/-/g, '')}`;

/** The local-billing API with the Stripe webhook tests' helpers: subscribers and their events. */
export function useStripeWebhookApi() {
  const { h, started } = useLocalBillingApi();
  const now = () => Math.floor(Date.now() / 1000);
  /** A user with a customer and a subscription id at Stripe (not yet told to us). */
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
    id: o.id ?? stripeEventId(),
    type: 'customer.subscription.created',
    created: now(),
    object: subscriptionObject({ id: u.sub, customer: u.customer, userId: u.id, price, plan: o.plan }),
  });
  /** Delivers a Stripe event of `type` made at `created` (unix seconds) about `object`, under a fresh id. */
  const deliver = (type: string, created: number, object: unknown) =>
    deliverStripeEvent(h, { id: stripeEventId(), type, created, object });
  return {
    h,
    started,
    now,
    evtId: stripeEventId,
    deliver,
    planOf: (userId: string) => planOfUser(h, userId),
    newSubscriber,
    subscriptionCreated,
  };
}

/** Posts an HTML form to the app as a browser does, without following its redirect. */
export async function postForm(h: ApiHarness, path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${h.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** The local checkout session's id from its URL. */
export const sessionIdOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').pop()!;
