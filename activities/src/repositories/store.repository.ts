import type { Knex } from 'knex';
import type { Plan } from '../domain/entitlements';

/** A store subscription's state to store, in the `subscriptions` table beside Stripe's. */
export interface StoreSubscriptionChange {
  provider: 'apple' | 'google';
  subscriptionId: string;
  productId: string;
  plan: Plan;
  status: string;
  expiresAt: Date | null;
  /** The account token as the store carries it (stored for support; empty when none). */
  accountRef: string | null;
  /** Our user the account token names, when it names one: the owner from now on. */
  userId: string | null;
  /** When the store signed (or reported) this state: an older state never undoes a newer one. */
  signedAt: Date;
}

/** The user a store subscription belongs to now, if known. */
export async function findStoreSubscriptionUserId(
  db: Knex,
  provider: string,
  subscriptionId: string,
): Promise<string | null> {
  const row = await db('subscriptions')
    .select('user_id')
    .where({ provider, provider_subscription_id: subscriptionId })
    .first();
  return row?.user_id ?? null;
}

/**
 * Stores a store subscription's state unless a later one is stored already (the signed dates
 * decide, so a repeat or an older notification changes nothing). The account token moves the
 * subscription to the user it names (a purchase moved to another account); without one the owner
 * stays. Returns whether it applied and every user whose plan may have changed (old and new owner).
 */
export async function applyStoreSubscription(
  trx: Knex,
  c: StoreSubscriptionChange,
  at: Date,
): Promise<{ applied: boolean; users: string[] }> {
  const key = { provider: c.provider, provider_subscription_id: c.subscriptionId };
  const fields = {
    provider_customer_id: c.accountRef ?? '',
    product_id: c.productId,
    plan: c.plan,
    status: c.status,
    current_period_end: c.expiresAt,
    provider_updated_at: c.signedAt,
    updated_at: at,
  };
  for (let round = 0; round < 2; round++) {
    const row = await trx('subscriptions').where(key).forUpdate().first();
    if (!row) {
      const inserted = await trx('subscriptions')
        .insert({ ...key, ...fields, user_id: c.userId, created_at: at })
        .onConflict(['provider', 'provider_subscription_id'])
        .ignore()
        .returning('id');
      // A concurrent delivery inserted it first: take the row lock and judge again.
      if (inserted.length) return { applied: true, users: c.userId ? [c.userId] : [] };
      continue;
    }
    if (row.provider_updated_at && c.signedAt.getTime() < row.provider_updated_at.getTime())
      return { applied: false, users: [] };
    const owner: string | null = c.userId ?? row.user_id;
    await trx('subscriptions')
      .where(key)
      .update({ ...fields, user_id: owner });
    return { applied: true, users: [...new Set([row.user_id, owner].filter((u): u is string => Boolean(u)))] };
  }
  throw new Error(`store subscription ${c.provider}:${c.subscriptionId} could not be stored`);
}

/**
 * Ends a Google purchase token that a newer one replaced (plan change: Play links the new token to
 * the old); a later state of the old token, should one come, still wins. Returns its user.
 */
export async function markStoreSubscriptionReplaced(
  trx: Knex,
  provider: string,
  subscriptionId: string,
  signedAt: Date,
  at: Date,
): Promise<string | null> {
  const [row] = await trx('subscriptions')
    .where({ provider, provider_subscription_id: subscriptionId })
    .andWhere((q) => q.whereNull('provider_updated_at').orWhere('provider_updated_at', '<=', signedAt))
    .update({ status: 'replaced', provider_updated_at: signedAt, updated_at: at })
    .returning('user_id');
  return row?.user_id ?? null;
}
