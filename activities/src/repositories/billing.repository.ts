import type { Knex } from 'knex';
import { isUuid } from '../domain/uuid';
import type { Plan } from '../domain/entitlements';

/**
 * Subscription statuses that still grant the plan (past_due: Stripe is retrying the payment;
 * in_grace_period: an app store is, and keeps access open meanwhile).
 */
export const ENTITLED_STATUSES = ['active', 'trialing', 'past_due', 'in_grace_period'] as const;
/** Statuses a subscription never leaves. */
const TERMINAL_STATUSES = new Set(['canceled', 'incomplete_expired']);

const PLAN_RANK: Record<Plan, number> = { BASIC: 1, PLUS: 2, PREMIUM: 3 };

export interface BillingUser {
  id: string;
  email: string | null;
  isAppUser: boolean;
  plan: Plan | null;
  billingCustomerId: string | null;
}

/** The billing-relevant fields of a user, or undefined (also for a malformed id). */
export async function findBillingUser(db: Knex, userId: string): Promise<BillingUser | undefined> {
  if (!isUuid(userId)) return undefined;
  const row = await db('users')
    .select('id', 'email', 'is_app_user', 'plan', 'billing_customer_id')
    .where({ id: userId })
    .first();
  return row
    ? {
        id: row.id,
        email: row.email,
        isAppUser: row.is_app_user,
        plan: row.plan,
        billingCustomerId: row.billing_customer_id,
      }
    : undefined;
}

/** The user who owns a provider customer id. */
export async function findUserIdByCustomer(db: Knex, customerId: string): Promise<string | undefined> {
  const row = await db('users').select('id').where({ billing_customer_id: customerId }).first();
  return row?.id;
}

/** Remembers which user started a checkout session (only that user may read it back). */
export async function recordCheckoutSession(
  db: Knex,
  s: { id: string; userId: string; plan: Plan; at: Date },
): Promise<void> {
  await db('checkout_sessions')
    .insert({ id: s.id, user_id: s.userId, plan: s.plan, created_at: s.at })
    .onConflict('id')
    .ignore();
}

/** A checkout session if it belongs to the user; undefined otherwise (unknown or someone else's). */
export async function findCheckoutSessionOfUser(
  db: Knex,
  id: string,
  userId: string,
): Promise<{ id: string; plan: Plan; completedAt: Date | null } | undefined> {
  const row = await db('checkout_sessions').select('id', 'plan', 'completed_at').where({ id, user_id: userId }).first();
  return row ? { id: row.id, plan: row.plan, completedAt: row.completed_at } : undefined;
}

/** Marks a checkout session complete; returns the user who started it, if we created it. */
export async function completeCheckoutSession(trx: Knex, id: string, at: Date): Promise<string | undefined> {
  const row = await trx('checkout_sessions').where({ id }).first();
  if (!row) return undefined;
  if (!row.completed_at) await trx('checkout_sessions').where({ id }).update({ completed_at: at });
  return row.user_id;
}

/**
 * Stores a webhook event id (unique per provider). 'new' when this is its first delivery; otherwise
 * whether the earlier delivery finished (processed_at set) or stopped after its database changes.
 */
export async function recordWebhookEvent(
  trx: Knex,
  e: { provider: string; eventId: string; type: string; at: Date },
): Promise<'new' | 'processed' | 'unfinished'> {
  const inserted = await trx('webhook_events')
    .insert({ provider: e.provider, provider_event_id: e.eventId, type: e.type, received_at: e.at })
    .onConflict(['provider', 'provider_event_id'])
    .ignore()
    .returning('id');
  if (inserted.length) return 'new';
  const row = await trx('webhook_events')
    .select('processed_at')
    .where({ provider: e.provider, provider_event_id: e.eventId })
    .first();
  return row?.processed_at ? 'processed' : 'unfinished';
}

/**
 * Takes over an event whose first delivery stored its changes but never finished (it failed while
 * signalling workflows): only when that delivery started before `startedBefore`, so a delivery still
 * in progress is not doubled. Returns true when this caller now owns the rest of the work.
 */
export async function claimUnfinishedWebhookEvent(
  db: Knex,
  e: { provider: string; eventId: string; startedBefore: Date; at: Date },
): Promise<boolean> {
  const n = await db('webhook_events')
    .where({ provider: e.provider, provider_event_id: e.eventId })
    .whereNull('processed_at')
    .where('received_at', '<', e.startedBefore)
    .update({ received_at: e.at });
  return n > 0;
}

/** Notes that an event's effects (database and workflow signals) are all done. */
export async function markWebhookEventProcessed(db: Knex, provider: string, eventId: string, at: Date): Promise<void> {
  await db('webhook_events').where({ provider, provider_event_id: eventId }).update({ processed_at: at });
}

/**
 * Links a provider customer to a user when the user has none yet and nobody else has it; attaches
 * subscriptions of that customer seen before the link. Returns false when the link was refused.
 */
export async function linkCustomer(trx: Knex, userId: string, customerId: string, at: Date): Promise<boolean> {
  const owner = await trx('users').select('id').where({ billing_customer_id: customerId }).first();
  if (owner && owner.id !== userId) return false;
  if (!owner) {
    const n = await trx('users')
      .where({ id: userId })
      .whereNull('billing_customer_id')
      .update({ billing_customer_id: customerId, updated_at: at });
    if (!n) return false;
  }
  await trx('subscriptions')
    .where({ provider_customer_id: customerId })
    .whereNull('user_id')
    .update({ user_id: userId, updated_at: at });
  return true;
}

export interface SubscriptionChange {
  provider: string;
  subscriptionId: string;
  customerId: string;
  userId: string | null;
  plan: Plan;
  status: string;
  currentPeriodEnd: Date | null;
  /** When the provider created the event (its `created`): orders deliveries. */
  eventAt: Date;
  /** created, updated or deleted. */
  kind: 'created' | 'updated' | 'deleted';
}

/**
 * Applies a subscription event unless it is older than what is stored: an event created before the
 * last applied one, a `created` event for a subscription already known (any other event about it
 * happened later), or anything after the subscription ended. Returns the row's user when applied.
 */
export async function applySubscriptionChange(
  trx: Knex,
  c: SubscriptionChange,
  at: Date,
): Promise<{ applied: boolean; userId: string | null }> {
  const key = { provider: c.provider, provider_subscription_id: c.subscriptionId };
  for (let round = 0; round < 2; round++) {
    const row = await trx('subscriptions').where(key).forUpdate().first();
    if (!row) {
      const inserted = await trx('subscriptions')
        .insert({
          ...key,
          provider_customer_id: c.customerId,
          user_id: c.userId,
          plan: c.plan,
          status: c.status,
          current_period_end: c.currentPeriodEnd,
          provider_updated_at: c.eventAt,
          created_at: at,
          updated_at: at,
        })
        .onConflict(['provider', 'provider_subscription_id'])
        .ignore()
        .returning('id');
      // A concurrent delivery inserted it first: take the row lock and judge again.
      if (inserted.length) return { applied: true, userId: c.userId };
      continue;
    }
    const stale =
      (row.provider_updated_at && c.eventAt.getTime() < row.provider_updated_at.getTime()) ||
      c.kind === 'created' ||
      TERMINAL_STATUSES.has(row.status);
    const userId: string | null = row.user_id ?? c.userId;
    if (stale) return { applied: false, userId };
    await trx('subscriptions').where(key).update({
      user_id: userId,
      provider_customer_id: c.customerId,
      plan: c.plan,
      status: c.status,
      current_period_end: c.currentPeriodEnd,
      provider_updated_at: c.eventAt,
      updated_at: at,
    });
    return { applied: true, userId };
  }
  throw new Error(`subscription ${c.subscriptionId} could not be stored`);
}

/**
 * Sets users.plan to the highest plan among the user's subscriptions that still grant one (null when
 * none does), and switches the repeat on for a user who has just become Premium. Locks the user row so
 * concurrent events for one user apply one after the other.
 */
export async function refreshUserPlan(
  trx: Knex,
  userId: string,
  at: Date,
): Promise<{ before: Plan | null; after: Plan | null } | undefined> {
  const user = await trx('users').select('plan').where({ id: userId }).forUpdate().first();
  if (!user) return undefined;
  const subs: { plan: Plan }[] = await trx('subscriptions')
    .select('plan')
    .where({ user_id: userId })
    .whereIn('status', ENTITLED_STATUSES);
  let after: Plan | null = null;
  for (const s of subs) if (PLAN_RANK[s.plan] && (!after || PLAN_RANK[s.plan] > PLAN_RANK[after])) after = s.plan;
  if (after !== user.plan) await trx('users').where({ id: userId }).update({ plan: after, updated_at: at });
  // A new Premium buyer has the repeat they paid for on at once (they can switch it off in Settings).
  if (after === 'PREMIUM' && user.plan !== 'PREMIUM')
    await trx('preferences').where({ user_id: userId }).update({ allow_repeat_calls: true, updated_at: at });
  return { before: user.plan, after };
}

/** The user's live payments-provider subscription that grants a plan (newest first), if any: a plan change on the web goes through it. */
export async function findEntitledSubscription(
  db: Knex,
  userId: string,
): Promise<{ subscriptionId: string; customerId: string; plan: Plan } | undefined> {
  const row = await db('subscriptions')
    .select('provider_subscription_id', 'provider_customer_id', 'plan')
    .where({ user_id: userId, provider: 'stripe' })
    .whereIn('status', ENTITLED_STATUSES)
    .orderBy('created_at', 'desc')
    .first();
  return row
    ? { subscriptionId: row.provider_subscription_id, customerId: row.provider_customer_id, plan: row.plan }
    : undefined;
}

/** The stored subscription's user, when known (deliveries without metadata). */
export async function findSubscriptionUserId(
  db: Knex,
  provider: string,
  subscriptionId: string,
): Promise<string | undefined> {
  const row = await db('subscriptions')
    .select('user_id')
    .where({ provider, provider_subscription_id: subscriptionId })
    .first();
  return row?.user_id ?? undefined;
}

/** Takes the user row's lock first, so every billing change for one user runs in one order (no deadlocks). */
export async function lockUser(trx: Knex, userId: string): Promise<boolean> {
  const row = await trx('users').select('id').where({ id: userId }).forUpdate().first();
  return Boolean(row);
}

/** Every subscription of the user that grants a plan now, highest plan first (the billing page). */
export async function listEntitledSubscriptions(
  db: Knex,
  userId: string,
): Promise<{ provider: string; plan: Plan; status: string; currentPeriodEnd: Date | null }[]> {
  const rows = await db('subscriptions')
    .select('provider', 'plan', 'status', 'current_period_end')
    .where({ user_id: userId })
    .whereIn('status', ENTITLED_STATUSES)
    .orderBy('created_at', 'asc');
  return rows
    .map((r) => ({
      provider: r.provider,
      plan: r.plan as Plan,
      status: r.status,
      currentPeriodEnd: r.current_period_end,
    }))
    .sort((a, b) => (PLAN_RANK[b.plan] ?? 0) - (PLAN_RANK[a.plan] ?? 0));
}
