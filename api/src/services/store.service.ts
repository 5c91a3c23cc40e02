import type { Plan } from '@fajr/activities/domain/entitlements';
import { isUuid } from '@fajr/activities/domain/uuid';
import {
  StorePurchaseNotFoundError,
  StoreUnavailableError,
  WebhookPayloadError,
  WebhookSignatureError,
  type StoreName,
  type StoreNotification,
  type StoreSubscription,
} from '@fajr/activities/providers';
import {
  findBillingUser,
  listEntitledSubscriptions,
  lockUser,
  recordWebhookEvent,
  refreshUserPlan,
} from '@fajr/activities/repositories/billing.repository';
import {
  applyStoreSubscription,
  findStoreSubscriptionUserId,
  markStoreSubscriptionReplaced,
} from '@fajr/activities/repositories/store.repository';
import type { Knex } from 'knex';
import type {
  BillingOverview,
  BillingSource,
  BillingSubscription,
  StorePurchaseBody,
} from '../contracts/subscriptions.contract';
import type { ApiDeps } from '../deps';
import {
  BadGatewayError,
  BadRequestError,
  ForbiddenError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '../errors';
import { settleWebhookDelivery, signalUsers, type WebhookOutcome } from './payments-webhook.service';

export const PURCHASE_NOT_VERIFIED = 'This purchase could not be verified with the store';
export const PURCHASE_OF_ANOTHER_ACCOUNT = 'This purchase belongs to another account';

interface Applied {
  changed: { userId: string; plan: Plan | null }[];
  /** Users the state is about (signalled again when a delivery takes over an unfinished one). */
  users: string[];
  ignored?: string;
}

/**
 * Applies what a store says about a subscription, the same way for a notification and for a
 * purchase the app handed over: stored unless a later signed state is (repeats and older
 * notifications change nothing), owned by the user its account token names, a replaced Google
 * token ended, and the plan of every user concerned recomputed over all their subscriptions
 * (Stripe's included: the highest plan wins).
 */
async function applyStoreState(trx: Knex, s: StoreSubscription, at: Date): Promise<Applied> {
  if (!s.plan) return { changed: [], users: [], ignored: 'product of no plan' };
  const named = isUuid(s.accountRef) && (await findBillingUser(trx, s.accountRef)) ? s.accountRef : null;
  const current = await findStoreSubscriptionUserId(trx, s.store, s.subscriptionId);
  // Every billing change locks its users first, in one order, so concurrent deliveries never deadlock.
  for (const u of [...new Set([named, current].filter((x): x is string => Boolean(x)))].sort()) await lockUser(trx, u);
  const applied = await applyStoreSubscription(
    trx,
    {
      provider: s.store,
      subscriptionId: s.subscriptionId,
      productId: s.productId,
      plan: s.plan,
      status: s.status,
      expiresAt: s.expiresAt,
      accountRef: s.accountRef,
      userId: named,
      signedAt: s.signedAt,
    },
    at,
  );
  if (!applied.applied) return { changed: [], users: [], ignored: 'out of order' };
  const users = new Set(applied.users);
  if (s.replaces) {
    const previous = await markStoreSubscriptionReplaced(trx, s.store, s.replaces, s.signedAt, at);
    if (previous) users.add(previous);
  }
  const changed: Applied['changed'] = [];
  for (const userId of users) {
    const plan = await refreshUserPlan(trx, userId, at);
    if (plan && plan.before !== plan.after) changed.push({ userId, plan: plan.after });
  }
  return { changed, users: [...users], ignored: users.size ? undefined : 'unknown user' };
}

/**
 * Handles POST /webhooks/apple and /webhooks/google: the store adapter verifies the notification
 * (Apple's signed JWS; the Pub/Sub push's OIDC token) and reads the subscription's state; its id
 * is recorded (a repeat is acknowledged and ignored), the state applied in one transaction, then
 * the users' workflows are signalled exactly as for a Stripe event.
 */
export async function handleStoreNotification(
  deps: ApiDeps,
  store: StoreName,
  body: unknown,
  authorization: string | undefined,
): Promise<WebhookOutcome> {
  let n: StoreNotification;
  try {
    n = await deps.providers.stores[store].parseNotification(body, authorization);
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw new BadRequestError('Invalid webhook signature');
    if (err instanceof WebhookPayloadError) throw new BadRequestError(err.message);
    // Google's notification names a token Play does not know for this app: nothing of ours to change.
    if (err instanceof StorePurchaseNotFoundError) return { received: true, ignored: 'unknown purchase' };
    if (err instanceof StoreUnavailableError) {
      deps.logger.warn({ store, err: err.message }, 'store notification could not be verified now');
      throw new ServiceUnavailableError('The store could not be reached; please retry');
    }
    throw err;
  }
  const at = deps.now();
  const outcome = await deps.db.transaction(async (trx) => {
    const seen = await recordWebhookEvent(trx, { provider: store, eventId: n.eventId, type: n.type, at });
    if (seen !== 'new') return { seen, applied: undefined };
    if (!n.subscription) return { seen, applied: { changed: [], users: [], ignored: 'nothing to apply' } as Applied };
    return { seen, applied: await applyStoreState(trx, n.subscription, at) };
  });
  const sub = n.subscription;
  const result = await settleWebhookDelivery(
    deps,
    store,
    n.eventId,
    outcome.seen,
    outcome.applied?.changed ?? [],
    async () => {
      const owner = sub ? await findStoreSubscriptionUserId(deps.db, store, sub.subscriptionId) : null;
      const user = owner ? await findBillingUser(deps.db, owner) : undefined;
      return user ? [{ userId: user.id, plan: user.plan }] : [];
    },
  );
  if (outcome.applied?.changed.length)
    deps.logger.info({ store, eventId: n.eventId, type: n.type, changed: outcome.applied.changed }, 'plan changed');
  return outcome.applied?.ignored && !result.duplicate ? { ...result, ignored: outcome.applied.ignored } : result;
}

const sourceOf = (provider: string): BillingSource =>
  provider === 'apple' || provider === 'google' ? provider : 'stripe';

/**
 * POST /subscriptions/store-purchases: the app hands over a purchase right after buying. It is
 * believed only as the store confirms it (looked up and verified), and only for the account the
 * app tied it to at purchase (the account token must be this user's id); then it changes the plan
 * at once, through the same path as a notification (which, arriving later, changes nothing more).
 */
export async function submitStorePurchase(
  deps: ApiDeps,
  userId: string,
  body: StorePurchaseBody,
): Promise<{ plan: Plan | null; subscription: BillingSubscription }> {
  if (!(await findBillingUser(deps.db, userId))) throw new UnauthorizedError();
  let s: StoreSubscription;
  try {
    s = await deps.providers.stores[body.store].lookUp(
      body.store === 'apple' ? body.transactionId : body.purchaseToken,
    );
  } catch (err) {
    if (err instanceof StorePurchaseNotFoundError) throw new BadRequestError(PURCHASE_NOT_VERIFIED);
    deps.logger.error(
      { store: body.store, err: (err as Error).message, userId },
      'store purchase could not be looked up',
    );
    throw new BadGatewayError('The store could not be reached; please try again');
  }
  // The account token is set by our app to the user's id at purchase: anything else is not this user's purchase.
  if (s.accountRef !== userId.toLowerCase()) throw new ForbiddenError(PURCHASE_OF_ANOTHER_ACCOUNT);
  if (!s.plan) throw new BadRequestError('This product is not one of our plans');
  const plan = s.plan;
  const at = deps.now();
  const applied = await deps.db.transaction((trx) => applyStoreState(trx, s, at));
  await signalUsers(deps, applied.changed);
  if (applied.changed.length)
    deps.logger.info({ store: body.store, changed: applied.changed }, 'plan changed by an app purchase');
  const user = await findBillingUser(deps.db, userId);
  return {
    plan: user?.plan ?? null,
    subscription: { source: body.store, plan, status: s.status, currentPeriodEnd: s.expiresAt?.toISOString() ?? null },
  };
}

/** GET /subscriptions/current: the user's plan and each subscription granting one, with where it is managed. */
export async function billingOverview(deps: ApiDeps, userId: string): Promise<BillingOverview> {
  const user = await findBillingUser(deps.db, userId);
  if (!user) throw new UnauthorizedError();
  const subs = await listEntitledSubscriptions(deps.db, userId);
  return {
    plan: user.plan,
    subscriptions: subs.map((s) => ({
      source: sourceOf(s.provider),
      plan: s.plan,
      status: s.status,
      currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
    })),
  };
}
