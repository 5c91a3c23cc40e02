// What the local app stores share: their purchases in Postgres, the local keys, and the clock they sign with.
import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import type { SharedConfig } from '../../config';
import type { Plan } from '../../domain/entitlements';
import { loadLocalStoreKeys, type LocalStoreKeys } from './local-keys';
import { storeProducts } from './products';
import type { StoreName } from './types';

const DAY_MS = 24 * 3600_000;
export const PERIOD_MS = 30 * DAY_MS;
export const GRACE_MS = 16 * DAY_MS;
export const LOCAL_ENVIRONMENT = 'Sandbox'; // signed as sandbox data, and verified as such, so the real verifier checks it in full
export const PLAN_RANK: Record<Plan, number> = { BASIC: 1, PLUS: 2, PREMIUM: 3 };

export interface PurchaseRow {
  id: string;
  store: StoreName;
  latest_transaction_id: string | null;
  product_id: string;
  renewal_product_id: string | null;
  account_token: string | null;
  state: 'active' | 'grace' | 'retry' | 'expired' | 'revoked' | 'replaced';
  linked_purchase_token: string | null;
  expires_at: Date;
  revoked_at: Date | null;
  acknowledged_at: Date | null;
  created_at: Date;
}

/** One process's local stores: their settings, purchases, keys and signing clock, shared by the Apple and Google sides. */
export interface LocalStoreContext {
  config: SharedConfig;
  db: Knex;
  productOf: (plan: Plan) => string;
  planOf: (productId: string) => Plan | undefined;
  /** Where Google's Pub/Sub pushes are addressed, and the service account its tokens name. */
  audience: string;
  serviceAccount: string;
  keyring: () => Promise<LocalStoreKeys>;
  /** Epoch ms to sign with; never the same twice in a process. */
  signedNow: () => number;
  find: (store: StoreName, purchase: string) => Promise<PurchaseRow | undefined>;
  update: (r: PurchaseRow, fields: Partial<PurchaseRow>) => Promise<PurchaseRow>;
}

export function localStoreContext(config: SharedConfig, db: Knex): LocalStoreContext {
  const { productOf, planOf } = storeProducts(config);
  let keys: Promise<LocalStoreKeys> | undefined;
  // Signed dates only move forward within a process, so two changes in one millisecond still order.
  let lastSigned = 0;
  return {
    config,
    db,
    productOf,
    planOf,
    audience: config.GOOGLE_PUBSUB_AUDIENCE ?? `${config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/api/webhooks/google`,
    serviceAccount: config.GOOGLE_PUBSUB_SERVICE_ACCOUNT ?? 'local-play-push@fajr.local',
    keyring: () => (keys ??= loadLocalStoreKeys(db).catch((err) => ((keys = undefined), Promise.reject(err)))),
    signedNow: () => (lastSigned = Math.max(Date.now(), lastSigned + 1)),
    find: async (store, purchase) =>
      db('local_store_purchases')
        .where({ store })
        .andWhere((q) => q.where({ id: purchase }).orWhere({ latest_transaction_id: purchase }))
        .first(),
    update: async (r, fields) => {
      const [row] = await db('local_store_purchases')
        .where({ id: r.id })
        .update({ ...fields, updated_at: new Date() })
        .returning('*');
      return row as PurchaseRow;
    },
  };
}

export const newTransactionId = () => String(randomInt(1e9, 1e10)) + String(randomInt(1e5, 1e6));
