// The local App Store: JWS with the local chain in x5c, as the App Store signs them, its status API, and
// what the console does to a purchase (renew, refund …) with the notification Apple would send.
import { randomUUID } from 'node:crypto';
import { APIException, Environment, type StatusResponse } from '@apple/app-store-server-library';
import jwt from 'jsonwebtoken';
import type { AppleStatusSource } from './apple-format';
import { derOf } from './local-keys';
import {
  GRACE_MS,
  LOCAL_ENVIRONMENT,
  newTransactionId,
  PERIOD_MS,
  PLAN_RANK,
  type LocalStoreContext,
  type PurchaseRow,
} from './local-purchases';
import type { LocalStoreAction, LocalStoreDelivery } from './types';

async function signApple(ctx: LocalStoreContext, payload: object): Promise<string> {
  const k = await ctx.keyring();
  const x5c = [k.appleLeafPem, k.appleIntermediatePem, k.appleRootPem].map((p) => derOf(p).toString('base64'));
  return jwt.sign(payload, k.appleLeafKeyPem, { algorithm: 'ES256', header: { alg: 'ES256', x5c } as jwt.JwtHeader });
}

function appleStatus(r: PurchaseRow, now: number): number {
  if (r.state === 'revoked') return 5;
  if (r.state === 'grace') return 4;
  if (r.state === 'retry') return 3;
  if (r.state === 'expired' || r.expires_at.getTime() <= now) return 2;
  return 1;
}

async function appleSigned(ctx: LocalStoreContext, r: PurchaseRow, signedDate: number) {
  const { config } = ctx;
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
  return {
    signedTransactionInfo: await signApple(ctx, tx),
    signedRenewalInfo: await signApple(ctx, renewal),
    status: appleStatus(r, signedDate),
  };
}

/** The App Store Server API, answered from the local purchases. */
export function localAppleApi(ctx: LocalStoreContext): AppleStatusSource {
  const { config, find, signedNow } = ctx;
  return {
    async getTransactionInfo(transactionId) {
      const r = await find('apple', transactionId);
      if (!r) throw new APIException(404, 4040010, 'Transaction id not found.');
      return { signedTransactionInfo: (await appleSigned(ctx, r, signedNow())).signedTransactionInfo };
    },
    async getAllSubscriptionStatuses(transactionId): Promise<StatusResponse> {
      const r = await find('apple', transactionId);
      if (!r) throw new APIException(404, 4040010, 'Transaction id not found.');
      const signed = await appleSigned(ctx, r, signedNow());
      return {
        environment: Environment.SANDBOX,
        bundleId: config.APPLE_BUNDLE_ID,
        data: [
          { subscriptionGroupIdentifier: '21000000', lastTransactions: [{ originalTransactionId: r.id, ...signed }] },
        ],
      };
    },
  };
}

/** An App Store Server Notification (V2) about a purchase, as Apple signs and posts it. */
export async function appleNotification(
  ctx: LocalStoreContext,
  r: PurchaseRow,
  type: string,
  subtype?: string,
): Promise<LocalStoreDelivery> {
  const signedDate = ctx.signedNow();
  const data = {
    bundleId: ctx.config.APPLE_BUNDLE_ID,
    bundleVersion: '1',
    environment: LOCAL_ENVIRONMENT,
    ...(await appleSigned(ctx, r, signedDate)),
  };
  const signedPayload = await signApple(ctx, {
    notificationType: type,
    ...(subtype ? { subtype } : {}),
    notificationUUID: randomUUID(),
    version: '2.0',
    signedDate,
    data,
  });
  return { path: '/api/webhooks/apple', body: { signedPayload }, headers: { 'content-type': 'application/json' } };
}

/** What the console's action does to an App Store purchase, and the notification it sends. */
export async function appleAct(ctx: LocalStoreContext, r: PurchaseRow, action: LocalStoreAction) {
  const { update, productOf, planOf } = ctx;
  const renewed = {
    latest_transaction_id: newTransactionId(),
    expires_at: new Date(Date.now() + PERIOD_MS),
    state: 'active' as const,
  };
  let row: PurchaseRow;
  let notification: LocalStoreDelivery;
  switch (action.kind) {
    case 'renew':
      row = await update(r, { ...renewed, product_id: r.renewal_product_id ?? r.product_id, renewal_product_id: null });
      notification = await appleNotification(ctx, row, 'DID_RENEW');
      break;
    case 'change-plan': {
      const current = planOf(r.product_id);
      if (current && PLAN_RANK[action.plan] > PLAN_RANK[current]) {
        // An upgrade takes effect at once (a new transaction, prorated); a downgrade waits for the renewal.
        row = await update(r, { ...renewed, product_id: productOf(action.plan), renewal_product_id: null });
        notification = await appleNotification(ctx, row, 'DID_CHANGE_RENEWAL_PREF', 'UPGRADE');
      } else {
        row = await update(r, { renewal_product_id: productOf(action.plan) });
        notification = await appleNotification(ctx, row, 'DID_CHANGE_RENEWAL_PREF', 'DOWNGRADE');
      }
      break;
    }
    case 'grace-period':
      row = await update(r, { state: 'grace', expires_at: new Date(Date.now() + GRACE_MS) });
      notification = await appleNotification(ctx, row, 'DID_FAIL_TO_RENEW', 'GRACE_PERIOD');
      break;
    case 'billing-retry':
      row = await update(r, { state: 'retry', expires_at: new Date(Date.now() - 1000) });
      notification = await appleNotification(ctx, row, 'DID_FAIL_TO_RENEW');
      break;
    case 'recover':
      row = await update(r, renewed);
      notification = await appleNotification(ctx, row, 'DID_RENEW', 'BILLING_RECOVERY');
      break;
    case 'expire':
      row = await update(r, { state: 'expired', expires_at: new Date(Date.now() - 1000) });
      notification = await appleNotification(ctx, row, 'EXPIRED', 'VOLUNTARY');
      break;
    case 'refund':
      row = await update(r, { state: 'revoked', revoked_at: new Date() });
      notification = await appleNotification(ctx, row, 'REFUND');
      break;
    case 'transfer':
      // Another account of ours bought (or restored) on the same Apple ID: the new transaction carries its token.
      row = await update(r, { ...renewed, account_token: action.userId.toLowerCase() });
      notification = await appleNotification(ctx, row, 'SUBSCRIBED', 'RESUBSCRIBE');
      break;
  }
  return { purchase: row.id, notification };
}
