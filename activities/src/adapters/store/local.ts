// The local app stores (development and tests): purchases kept in Postgres, notifications signed the
// way the stores sign them, and the same verification code as the real adapters with the local keys
// trusted instead of Apple's root and Google's certificates.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { APIException, Environment, SignedDataVerifier, type StatusResponse } from '@apple/app-store-server-library';
import { OAuth2Client } from 'google-auth-library';
import jwt from 'jsonwebtoken';
import type { Knex } from 'knex';
import type { SharedConfig } from '../../config';
import type { Plan } from '../../domain/entitlements';
import type { Logger } from '../../logger';
import { appleStore, type AppleStatusSource } from './apple-format';
import { googlePlay, type SubscriptionPurchaseV2 } from './google-format';
import { derOf, loadLocalStoreKeys, type LocalStoreKeys } from './local-keys';
import { storeProducts } from './products';
import type { AppStore, LocalStoreAction, LocalStoreConsole, LocalStoreDelivery, StoreName, Stores } from './types';

const DAY_MS = 24 * 3600_000;
const PERIOD_MS = 30 * DAY_MS;
const GRACE_MS = 16 * DAY_MS;
const LOCAL_ENVIRONMENT = 'Sandbox'; // signed as sandbox data, and verified as such, so the real verifier checks it in full
const PLAN_RANK: Record<Plan, number> = { BASIC: 1, PLUS: 2, PREMIUM: 3 };

interface PurchaseRow {
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

/** The local App Store and Google Play, and their console. */
export function createLocalStores(
  config: SharedConfig,
  db: Knex,
  logger: Logger,
  which: { apple: boolean; google: boolean },
): { stores: Partial<Stores>; devConsole: LocalStoreConsole } {
  const { productOf, planOf } = storeProducts(config);
  const audience = config.GOOGLE_PUBSUB_AUDIENCE ?? `${config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/api/webhooks/google`;
  const serviceAccount = config.GOOGLE_PUBSUB_SERVICE_ACCOUNT ?? 'local-play-push@fajr.local';
  let keys: Promise<LocalStoreKeys> | undefined;
  const keyring = () => (keys ??= loadLocalStoreKeys(db).catch((err) => ((keys = undefined), Promise.reject(err))));

  // Signed dates only move forward within a process, so two changes in one millisecond still order.
  let lastSigned = 0;
  const signedNow = () => (lastSigned = Math.max(Date.now(), lastSigned + 1));

  const find = async (store: StoreName, purchase: string): Promise<PurchaseRow | undefined> =>
    db('local_store_purchases')
      .where({ store })
      .andWhere((q) => q.where({ id: purchase }).orWhere({ latest_transaction_id: purchase }))
      .first();

  // ---- Apple: JWS with the local chain in x5c, as the App Store signs them.
  const signApple = async (payload: object) => {
    const k = await keyring();
    const x5c = [k.appleLeafPem, k.appleIntermediatePem, k.appleRootPem].map((p) => derOf(p).toString('base64'));
    return jwt.sign(payload, k.appleLeafKeyPem, { algorithm: 'ES256', header: { alg: 'ES256', x5c } as jwt.JwtHeader });
  };
  const appleStatus = (r: PurchaseRow, now: number): number => {
    if (r.state === 'revoked') return 5;
    if (r.state === 'grace') return 4;
    if (r.state === 'retry') return 3;
    if (r.state === 'expired' || r.expires_at.getTime() <= now) return 2;
    return 1;
  };
  const appleSigned = async (r: PurchaseRow, signedDate: number) => {
    const tx = {
      transactionId: r.latest_transaction_id,
      originalTransactionId: r.id,
      bundleId: config.APPLE_BUNDLE_ID,
      productId: r.product_id,
      subscriptionGroupIdentifier: '21000000',
      purchaseDate: signedDate,
      originalPurchaseDate: r.created_at.getTime(),
      expiresDate: r.state === 'grace' ? r.expires_at.getTime() - GRACE_MS : r.expires_at.getTime(),
      quantity: 1,
      type: 'Auto-Renewable Subscription',
      inAppOwnershipType: 'PURCHASED',
      signedDate,
      environment: LOCAL_ENVIRONMENT,
      storefront: 'GBR',
      storefrontId: '143444',
      currency: 'GBP',
      ...(r.account_token ? { appAccountToken: r.account_token } : {}),
      ...(r.revoked_at ? { revocationDate: r.revoked_at.getTime(), revocationReason: 0 } : {}),
    };
    const renewal = {
      originalTransactionId: r.id,
      productId: r.product_id,
      autoRenewProductId: r.renewal_product_id ?? r.product_id,
      autoRenewStatus: r.state === 'expired' || r.state === 'revoked' ? 0 : 1,
      isInBillingRetryPeriod: r.state === 'grace' || r.state === 'retry',
      ...(r.state === 'grace' ? { gracePeriodExpiresDate: r.expires_at.getTime() } : {}),
      signedDate,
      environment: LOCAL_ENVIRONMENT,
      recentSubscriptionStartDate: r.created_at.getTime(),
      renewalDate: r.expires_at.getTime(),
      ...(r.account_token ? { appAccountToken: r.account_token } : {}),
    };
    return { signedTransactionInfo: await signApple(tx), signedRenewalInfo: await signApple(renewal), status: appleStatus(r, signedDate) };
  };
  const appleApi: AppleStatusSource = {
    async getTransactionInfo(transactionId) {
      const r = await find('apple', transactionId);
      if (!r) throw new APIException(404, 4040010, 'Transaction id not found.');
      return { signedTransactionInfo: (await appleSigned(r, signedNow())).signedTransactionInfo };
    },
    async getAllSubscriptionStatuses(transactionId): Promise<StatusResponse> {
      const r = await find('apple', transactionId);
      if (!r) throw new APIException(404, 4040010, 'Transaction id not found.');
      const signed = await appleSigned(r, signedNow());
      return {
        environment: Environment.SANDBOX,
        bundleId: config.APPLE_BUNDLE_ID,
        data: [{ subscriptionGroupIdentifier: '21000000', lastTransactions: [{ originalTransactionId: r.id, ...signed }] }],
      };
    },
  };
  const appleNotification = async (r: PurchaseRow, type: string, subtype?: string): Promise<LocalStoreDelivery> => {
    const signedDate = signedNow();
    const data = { bundleId: config.APPLE_BUNDLE_ID, bundleVersion: '1', environment: LOCAL_ENVIRONMENT, ...(await appleSigned(r, signedDate)) };
    const signedPayload = await signApple({ notificationType: type, ...(subtype ? { subtype } : {}), notificationUUID: randomUUID(), version: '2.0', signedDate, data });
    return { path: '/api/webhooks/apple', body: { signedPayload }, headers: { 'content-type': 'application/json' } };
  };

  // ---- Google: a Pub/Sub push with an RS256 OIDC token, as Pub/Sub authenticates its pushes.
  const googleSource = {
    async acknowledge(token: string) {
      await db('local_store_purchases').where({ id: token, store: 'google' }).whereNull('acknowledged_at').update({ acknowledged_at: new Date() });
    },
    async get(token: string): Promise<SubscriptionPurchaseV2 | undefined> {
      const r = await find('google', token);
      if (!r || r.latest_transaction_id) return undefined;
      const state: Record<PurchaseRow['state'], string> = {
        active: 'SUBSCRIPTION_STATE_ACTIVE',
        grace: 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD',
        retry: 'SUBSCRIPTION_STATE_ON_HOLD',
        expired: 'SUBSCRIPTION_STATE_EXPIRED',
        revoked: 'SUBSCRIPTION_STATE_EXPIRED',
        replaced: 'SUBSCRIPTION_STATE_EXPIRED',
      };
      return {
        kind: 'androidpublisher#subscriptionPurchaseV2',
        regionCode: 'GB',
        startTime: r.created_at.toISOString(),
        subscriptionState: r.expires_at.getTime() <= Date.now() && r.state === 'active' ? 'SUBSCRIPTION_STATE_EXPIRED' : state[r.state],
        linkedPurchaseToken: r.linked_purchase_token ?? undefined,
        acknowledgementState: r.acknowledged_at ? 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED' : 'ACKNOWLEDGEMENT_STATE_PENDING',
        externalAccountIdentifiers: r.account_token ? { obfuscatedExternalAccountId: r.account_token } : undefined,
        lineItems: [{ productId: r.product_id, expiryTime: r.expires_at.toISOString(), autoRenewingPlan: { autoRenewEnabled: r.state === 'active' } }],
      };
    },
  };
  const googleNotification = async (notification: object): Promise<LocalStoreDelivery> => {
    const k = await keyring();
    const now = signedNow();
    const data = Buffer.from(JSON.stringify({ version: '1.0', packageName: config.GOOGLE_PLAY_PACKAGE_NAME, eventTimeMillis: String(now), ...notification })).toString('base64');
    const token = jwt.sign(
      { aud: audience, azp: '100000000000000000000', email: serviceAccount, email_verified: true, sub: '100000000000000000000', iss: 'https://accounts.google.com' },
      k.googlePrivateKeyPem,
      { algorithm: 'RS256', keyid: k.googleKeyId, expiresIn: 3600 },
    );
    const messageId = String(randomInt(1e9, 1e10)) + String(randomInt(1e5, 1e6));
    return {
      path: '/api/webhooks/google',
      body: { message: { data, messageId, message_id: messageId, publishTime: new Date(now).toISOString() }, subscription: 'projects/fajr-local/subscriptions/play-rtdn' },
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    };
  };
  const subscriptionNotification = (token: string, notificationType: number) =>
    googleNotification({ subscriptionNotification: { version: '1.0', notificationType, purchaseToken: token, subscriptionId: '' } });

  const stores: Partial<Stores> = {};
  if (which.apple) stores.apple = lazyStore('apple', async () => {
    const k = await keyring();
    const verifier = new SignedDataVerifier([derOf(k.appleRootPem)], false, Environment.SANDBOX, config.APPLE_BUNDLE_ID);
    return appleStore('local', verifier, appleApi, planOf);
  });
  if (which.google) stores.google = lazyStore('google', async () => {
    const k = await keyring();
    const certs = { [k.googleKeyId]: k.googlePublicKeyPem };
    return googlePlay('local', config.GOOGLE_PLAY_PACKAGE_NAME, { client: new OAuth2Client(), audience, serviceAccount, certs: async () => certs }, googleSource, planOf);
  });

  const update = async (r: PurchaseRow, fields: Partial<PurchaseRow>): Promise<PurchaseRow> => {
    const [row] = await db('local_store_purchases').where({ id: r.id }).update({ ...fields, updated_at: new Date() }).returning('*');
    return row as PurchaseRow;
  };
  const newTransactionId = () => String(randomInt(1e9, 1e10)) + String(randomInt(1e5, 1e6));

  const devConsole: LocalStoreConsole = {
    async buy(store, userId, plan) {
      const id = store === 'apple' ? newTransactionId() : `local-gp.${randomBytes(24).toString('base64url')}`;
      const [row] = await db('local_store_purchases')
        .insert({
          id,
          store,
          latest_transaction_id: store === 'apple' ? id : null,
          product_id: productOf(plan),
          account_token: userId.toLowerCase(),
          state: 'active',
          expires_at: new Date(Date.now() + PERIOD_MS),
        })
        .returning('*');
      logger.info({ store, plan }, 'local store: purchase');
      const notification = store === 'apple' ? await appleNotification(row, 'SUBSCRIBED', 'INITIAL_BUY') : await subscriptionNotification(id, 4);
      return { purchase: id, notification };
    },

    async act(store, purchase, action) {
      const r = await find(store, purchase);
      if (!r) throw new Error(`local store: no ${store} purchase ${purchase}`);
      return store === 'apple' ? appleAct(r, action) : googleAct(r, action);
    },

    async deliver(n) {
      const res = await fetch(`${config.PUBLIC_BASE_URL.replace(/\/+$/, '')}${n.path}`, { method: 'POST', headers: n.headers, body: JSON.stringify(n.body) });
      return res.status;
    },
  };

  async function appleAct(r: PurchaseRow, action: LocalStoreAction) {
    const renewed = { latest_transaction_id: newTransactionId(), expires_at: new Date(Date.now() + PERIOD_MS), state: 'active' as const };
    let row: PurchaseRow;
    let notification: LocalStoreDelivery;
    switch (action.kind) {
      case 'renew':
        row = await update(r, { ...renewed, product_id: r.renewal_product_id ?? r.product_id, renewal_product_id: null });
        notification = await appleNotification(row, 'DID_RENEW');
        break;
      case 'change-plan': {
        const current = planOf(r.product_id);
        if (current && PLAN_RANK[action.plan] > PLAN_RANK[current]) {
          // An upgrade takes effect at once (a new transaction, prorated); a downgrade waits for the renewal.
          row = await update(r, { ...renewed, product_id: productOf(action.plan), renewal_product_id: null });
          notification = await appleNotification(row, 'DID_CHANGE_RENEWAL_PREF', 'UPGRADE');
        } else {
          row = await update(r, { renewal_product_id: productOf(action.plan) });
          notification = await appleNotification(row, 'DID_CHANGE_RENEWAL_PREF', 'DOWNGRADE');
        }
        break;
      }
      case 'grace-period':
        row = await update(r, { state: 'grace', expires_at: new Date(Date.now() + GRACE_MS) });
        notification = await appleNotification(row, 'DID_FAIL_TO_RENEW', 'GRACE_PERIOD');
        break;
      case 'billing-retry':
        row = await update(r, { state: 'retry', expires_at: new Date(Date.now() - 1000) });
        notification = await appleNotification(row, 'DID_FAIL_TO_RENEW');
        break;
      case 'recover':
        row = await update(r, renewed);
        notification = await appleNotification(row, 'DID_RENEW', 'BILLING_RECOVERY');
        break;
      case 'expire':
        row = await update(r, { state: 'expired', expires_at: new Date(Date.now() - 1000) });
        notification = await appleNotification(row, 'EXPIRED', 'VOLUNTARY');
        break;
      case 'refund':
        row = await update(r, { state: 'revoked', revoked_at: new Date() });
        notification = await appleNotification(row, 'REFUND');
        break;
      case 'transfer':
        // Another account of ours bought (or restored) on the same Apple ID: the new transaction carries its token.
        row = await update(r, { ...renewed, account_token: action.userId.toLowerCase() });
        notification = await appleNotification(row, 'SUBSCRIBED', 'RESUBSCRIBE');
        break;
    }
    return { purchase: row.id, notification };
  }

  async function googleAct(r: PurchaseRow, action: LocalStoreAction) {
    switch (action.kind) {
      case 'renew':
        await update(r, { state: 'active', expires_at: new Date(r.expires_at.getTime() + PERIOD_MS) });
        return { purchase: r.id, notification: await subscriptionNotification(r.id, 2) };
      case 'change-plan': {
        // Play replaces the purchase: a new token linked to the old one, which stops at once.
        const token = `local-gp.${randomBytes(24).toString('base64url')}`;
        await db.transaction(async (trx) => {
          await trx('local_store_purchases').where({ id: r.id }).update({ state: 'replaced', updated_at: new Date() });
          await trx('local_store_purchases').insert({
            id: token,
            store: 'google',
            product_id: productOf(action.plan),
            account_token: r.account_token,
            state: 'active',
            linked_purchase_token: r.id,
            expires_at: new Date(Date.now() + PERIOD_MS),
          });
        });
        return { purchase: token, notification: await subscriptionNotification(token, 4) };
      }
      case 'grace-period':
        await update(r, { state: 'grace', expires_at: new Date(Date.now() + GRACE_MS) });
        return { purchase: r.id, notification: await subscriptionNotification(r.id, 6) };
      case 'billing-retry':
        await update(r, { state: 'retry' });
        return { purchase: r.id, notification: await subscriptionNotification(r.id, 5) };
      case 'recover':
        await update(r, { state: 'active', expires_at: new Date(Date.now() + PERIOD_MS) });
        return { purchase: r.id, notification: await subscriptionNotification(r.id, 1) };
      case 'expire':
        await update(r, { state: 'expired', expires_at: new Date(Date.now() - 1000) });
        return { purchase: r.id, notification: await subscriptionNotification(r.id, 13) };
      case 'refund':
        await update(r, { state: 'revoked', revoked_at: new Date() });
        return {
          purchase: r.id,
          notification: await googleNotification({ voidedPurchaseNotification: { purchaseToken: r.id, orderId: `GPA.local-${r.id.slice(-8)}`, productType: 1, refundType: 1 } }),
        };
      case 'transfer':
        await update(r, { account_token: action.userId.toLowerCase() });
        return { purchase: r.id, notification: await subscriptionNotification(r.id, 7) };
    }
  }

  return { stores, devConsole };
}

/** A store whose verifier needs the keyring first: built on first use, then reused. */
function lazyStore(store: StoreName, build: () => Promise<AppStore>): AppStore {
  let built: Promise<AppStore> | undefined;
  const get = () => (built ??= build().catch((err) => ((built = undefined), Promise.reject(err))));
  return {
    store,
    provider: 'local',
    parseNotification: async (body, authorization) => (await get()).parseNotification(body, authorization),
    lookUp: async (purchase) => (await get()).lookUp(purchase),
  };
}
