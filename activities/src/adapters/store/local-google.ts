// The local Google Play: a Pub/Sub push with an RS256 OIDC token, as Pub/Sub authenticates its pushes, the
// Play Developer API's purchase, and what the console does to a purchase with the notification Play would send.
import { randomBytes, randomInt } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { SubscriptionPurchaseV2 } from './google-format';
import { GRACE_MS, PERIOD_MS, type LocalStoreContext, type PurchaseRow } from './local-purchases';
import type { LocalStoreAction, LocalStoreDelivery } from './types';

/** The Play Developer API's subscription purchase, answered from the local purchases. */
export function localGoogleSource(ctx: LocalStoreContext) {
  const { db, find } = ctx;
  return {
    async acknowledge(token: string) {
      await db('local_store_purchases')
        .where({ id: token, store: 'google' })
        .whereNull('acknowledged_at')
        .update({ acknowledged_at: new Date() });
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
        subscriptionState:
          r.expires_at.getTime() <= Date.now() && r.state === 'active' ? 'SUBSCRIPTION_STATE_EXPIRED' : state[r.state],
        linkedPurchaseToken: r.linked_purchase_token ?? undefined,
        acknowledgementState: r.acknowledged_at
          ? 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED'
          : 'ACKNOWLEDGEMENT_STATE_PENDING',
        externalAccountIdentifiers: r.account_token ? { obfuscatedExternalAccountId: r.account_token } : undefined,
        lineItems: [
          {
            productId: r.product_id,
            expiryTime: r.expires_at.toISOString(),
            autoRenewingPlan: { autoRenewEnabled: r.state === 'active' },
          },
        ],
      };
    },
  };
}

async function googleNotification(ctx: LocalStoreContext, notification: object): Promise<LocalStoreDelivery> {
  const { config, audience, serviceAccount } = ctx;
  const k = await ctx.keyring();
  const now = ctx.signedNow();
  const data = Buffer.from(
    JSON.stringify({
      version: '1.0',
      packageName: config.GOOGLE_PLAY_PACKAGE_NAME,
      eventTimeMillis: String(now),
      ...notification,
    }),
  ).toString('base64');
  const token = jwt.sign(
    {
      aud: audience,
      azp: '100000000000000000000',
      email: serviceAccount,
      email_verified: true,
      sub: '100000000000000000000',
      iss: 'https://accounts.google.com',
    },
    k.googlePrivateKeyPem,
    { algorithm: 'RS256', keyid: k.googleKeyId, expiresIn: 3600 },
  );
  const messageId = String(randomInt(1e9, 1e10)) + String(randomInt(1e5, 1e6));
  return {
    path: '/api/webhooks/google',
    body: {
      message: { data, messageId, message_id: messageId, publishTime: new Date(now).toISOString() },
      subscription: 'projects/fajr-local/subscriptions/play-rtdn',
    },
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  };
}

/** A real-time developer notification about a subscription (Play's notificationType numbers). */
export function subscriptionNotification(
  ctx: LocalStoreContext,
  token: string,
  notificationType: number,
): Promise<LocalStoreDelivery> {
  return googleNotification(ctx, {
    subscriptionNotification: { version: '1.0', notificationType, purchaseToken: token, subscriptionId: '' },
  });
}

/** What the console's action does to a Play purchase, and the notification it sends. */
export async function googleAct(ctx: LocalStoreContext, r: PurchaseRow, action: LocalStoreAction) {
  const { db, update, productOf } = ctx;
  switch (action.kind) {
    case 'renew':
      await update(r, { state: 'active', expires_at: new Date(r.expires_at.getTime() + PERIOD_MS) });
      return { purchase: r.id, notification: await subscriptionNotification(ctx, r.id, 2) };
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
      return { purchase: token, notification: await subscriptionNotification(ctx, token, 4) };
    }
    case 'grace-period':
      await update(r, { state: 'grace', expires_at: new Date(Date.now() + GRACE_MS) });
      return { purchase: r.id, notification: await subscriptionNotification(ctx, r.id, 6) };
    case 'billing-retry':
      await update(r, { state: 'retry' });
      return { purchase: r.id, notification: await subscriptionNotification(ctx, r.id, 5) };
    case 'recover':
      await update(r, { state: 'active', expires_at: new Date(Date.now() + PERIOD_MS) });
      return { purchase: r.id, notification: await subscriptionNotification(ctx, r.id, 1) };
    case 'expire':
      await update(r, { state: 'expired', expires_at: new Date(Date.now() - 1000) });
      return { purchase: r.id, notification: await subscriptionNotification(ctx, r.id, 13) };
    case 'refund':
      await update(r, { state: 'revoked', revoked_at: new Date() });
      return {
        purchase: r.id,
        notification: await googleNotification(ctx, {
          voidedPurchaseNotification: {
            purchaseToken: r.id,
            orderId: `GPA.local-${r.id.slice(-8)}`,
            productType: 1,
            refundType: 1,
          },
        }),
      };
    case 'transfer':
      await update(r, { account_token: action.userId.toLowerCase() });
      return { purchase: r.id, notification: await subscriptionNotification(ctx, r.id, 7) };
  }
}
