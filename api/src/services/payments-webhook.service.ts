import type { Plan } from '@fajr/activities/domain/entitlements';
import { isUuid } from '@fajr/activities/domain/uuid';
import { WebhookPayloadError, WebhookSignatureError, type PaymentsWebhookEvent } from '@fajr/activities/providers';
import {
  applySubscriptionChange,
  claimUnfinishedWebhookEvent,
  completeCheckoutSession,
  findBillingUser,
  findSubscriptionUserId,
  findUserIdByCustomer,
  linkCustomer,
  lockUser,
  markWebhookEventProcessed,
  recordWebhookEvent,
  refreshUserPlan,
} from '@fajr/activities/repositories/billing.repository';
import type { ApiDeps } from '../deps';
import { BadRequestError, ConflictError, ServiceUnavailableError } from '../errors';
import { notifyPrefsChanged, notifySubscribed, replanFriendCalls, replanIfRunning } from '../temporal';
import { activeFriendIds } from '@fajr/activities/repositories/friends.repository';

const PROVIDER = 'stripe'; // webhook_events/subscriptions provider key: the local adapter speaks Stripe's format too
// Far longer than a delivery takes; a delivery unfinished for this long has failed.
const UNFINISHED_TAKEOVER_MS = 30_000;

export interface WebhookOutcome {
  received: true;
  duplicate?: true;
  ignored?: string;
}

interface Effects {
  /** Users whose plan changed, with the new plan. */
  changed: { userId: string; plan: Plan | null }[];
  /** Users an event is about (re-signalled when a delivery is retried after a failed signal). */
  about: string[];
}

/**
 * Handles POST /webhooks/stripe: the payments adapter verifies the signature over the raw body and
 * reads the event; its id is recorded (a repeat is acknowledged and ignored), checkout completion and
 * subscription changes are applied in one transaction (older, out-of-order events change nothing),
 * then the user's workflows are signalled.
 */
export async function handlePaymentsWebhook(
  deps: ApiDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  let event: PaymentsWebhookEvent;
  try {
    event = deps.providers.payments.parseWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw new BadRequestError('Invalid webhook signature');
    if (err instanceof WebhookPayloadError) throw new BadRequestError(err.message);
    throw err;
  }
  const at = deps.now();

  const outcome = await deps.db.transaction(async (trx) => {
    const seen = await recordWebhookEvent(trx, { provider: PROVIDER, eventId: event.eventId, type: event.type, at });
    if (seen !== 'new')
      return { seen, effects: undefined as Effects | undefined, ignored: undefined as string | undefined };
    const effects: Effects = { changed: [], about: [] };
    const noteUser = async (userId: string) => {
      effects.about.push(userId);
      const plan = await refreshUserPlan(trx, userId, at);
      if (plan && plan.before !== plan.after) effects.changed.push({ userId, plan: plan.after });
    };

    switch (event.kind) {
      case 'checkout-completed': {
        const recorded = await completeCheckoutSession(trx, event.sessionId, at);
        const userId = recorded ?? (isUuid(event.userRef) ? event.userRef : undefined);
        if (!userId || !(await lockUser(trx, userId))) return { seen, effects, ignored: 'unknown user' };
        if (event.customerId && !(await linkCustomer(trx, userId, event.customerId, at))) {
          deps.logger.warn(
            { userId, eventId: event.eventId },
            'checkout customer already belongs to another account or user has another customer',
          );
        }
        await noteUser(userId);
        return { seen, effects, ignored: undefined };
      }
      case 'subscription-changed': {
        if (!event.plan) return { seen, effects, ignored: 'price of no plan' };
        // The account: our own metadata first (order-proof), then the customer link, then an earlier event.
        const metaUser = event.userRef;
        let userId: string | undefined =
          isUuid(metaUser) && (await findBillingUser(trx, metaUser)) ? metaUser : undefined;
        userId ??= await findUserIdByCustomer(trx, event.customerId);
        userId ??= await findSubscriptionUserId(trx, PROVIDER, event.subscriptionId);
        if (userId) await lockUser(trx, userId);
        const result = await applySubscriptionChange(
          trx,
          {
            provider: PROVIDER,
            subscriptionId: event.subscriptionId,
            customerId: event.customerId,
            userId: userId ?? null,
            plan: event.plan,
            // A deleted subscription is over whatever status the payload carries.
            status: event.change === 'deleted' ? 'canceled' : event.status,
            currentPeriodEnd: event.currentPeriodEnd,
            eventAt: event.occurredAt,
            kind: event.change,
          },
          at,
        );
        if (!result.applied) return { seen, effects, ignored: 'out of order' };
        if (result.userId) {
          await linkCustomer(trx, result.userId, event.customerId, at);
          await noteUser(result.userId);
        }
        return { seen, effects, ignored: result.userId ? undefined : 'unknown user' };
      }
      default:
        return { seen, effects, ignored: 'event type not handled' };
    }
  });

  const result = await settleWebhookDelivery(
    deps,
    PROVIDER,
    event.eventId,
    outcome.seen,
    outcome.effects?.changed ?? [],
    async () => (await usersOfEvent(deps, event.about)).map((u) => ({ userId: u.id, plan: u.plan })),
  );
  if (outcome.effects?.changed.length)
    deps.logger.info({ eventId: event.eventId, type: event.type, changed: outcome.effects.changed }, 'plan changed');
  return outcome.ignored && !result.duplicate ? { ...result, ignored: outcome.ignored } : result;
}

/**
 * The part of every billing webhook (Stripe, App Store, Google Play) after its database changes:
 * signal the users whose plan changed, then mark the event processed. A repeat of a finished event
 * is a duplicate; a repeat of an unfinished one is either still being handled by its first delivery
 * (409, so the sender retries later) or was left unfinished long enough ago that this delivery
 * takes it over and signals `resignal()`'s users again.
 */
export async function settleWebhookDelivery(
  deps: ApiDeps,
  provider: string,
  eventId: string,
  seen: 'new' | 'processed' | 'unfinished',
  changed: { userId: string; plan: Plan | null }[],
  resignal: () => Promise<{ userId: string; plan: Plan | null }[]>,
): Promise<WebhookOutcome> {
  if (seen === 'processed') return { received: true, duplicate: true };
  if (seen === 'unfinished') {
    const claimed = await claimUnfinishedWebhookEvent(deps.db, {
      provider,
      eventId,
      startedBefore: new Date(deps.now().getTime() - UNFINISHED_TAKEOVER_MS),
      at: deps.now(),
    });
    if (!claimed) throw new ConflictError('This event is still being processed; retry later');
    await signalUsers(deps, await resignal());
    await markWebhookEventProcessed(deps.db, provider, eventId, deps.now());
    return { received: true, duplicate: true };
  }
  await signalUsers(deps, changed);
  await markWebhookEventProcessed(deps.db, provider, eventId, deps.now());
  return { received: true };
}

async function usersOfEvent(
  deps: ApiDeps,
  about: PaymentsWebhookEvent['about'],
): Promise<{ id: string; plan: Plan | null }[]> {
  const ids = new Set<string>(about.userRefs.filter(isUuid));
  if (about.customerId) {
    const byCustomer = await findUserIdByCustomer(deps.db, about.customerId);
    if (byCustomer) ids.add(byCustomer);
  }
  const users = [];
  for (const id of ids) {
    const user = await findBillingUser(deps.db, id);
    if (user) users.push({ id: user.id, plan: user.plan });
  }
  return users;
}

/**
 * Tells a user's workflows about a plan change. Gaining a plan: `subscribed` ends a running trial
 * early, and the calls chain re-plans (signal-with-start, so a missing chain starts). Losing it: a
 * running chain re-plans; a chain that is not running is left alone (an account being deleted has
 * just had its workflows ended and must not get them back). Below Premium, the chains of the user's
 * active Fajr friends re-plan too (they find the Premium gone, tell the friend and end). Users deleted meanwhile are skipped.
 * Temporal being unreachable is a 503 so the provider retries the delivery (the event stays
 * unfinished until the signals went out).
 */
export async function signalUsers(deps: ApiDeps, changes: { userId: string; plan: Plan | null }[]): Promise<void> {
  try {
    for (const { userId, plan } of changes) {
      if (!(await findBillingUser(deps.db, userId))) continue;
      if (plan !== null) {
        await notifySubscribed(deps, userId);
        await notifyPrefsChanged(deps, userId);
      } else {
        await replanIfRunning(deps, userId);
      }
      // Fajr friends end with the inviter's Premium: their chains re-plan now, tell the friend and end (docs/CALLS.md "Fajr friends").
      if (plan !== 'PREMIUM')
        for (const friendId of await activeFriendIds(deps.db, userId)) await replanFriendCalls(deps, friendId);
    }
  } catch (err) {
    deps.logger.error({ err: (err as Error).message }, 'could not signal user workflows after a plan change');
    throw new ServiceUnavailableError('Could not notify the scheduler; please retry');
  }
}
