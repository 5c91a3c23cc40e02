// What the real Google Play adapter and the local one share: the Pub/Sub push's OIDC token checked by
// google-auth-library, the Real-time developer notification read, and the subscription (as the
// Android Publisher API returns it, `SubscriptionPurchaseV2`) put in our terms. Only the token's
// signing certificates and the subscription source differ.
import type { androidpublisher_v3 } from '@googleapis/androidpublisher';
import type { OAuth2Client } from 'google-auth-library';
import type { Plan } from '../../domain/entitlements';
import {
  StorePurchaseNotFoundError,
  StoreUnavailableError,
  WebhookPayloadError,
  WebhookSignatureError,
  type AppStore,
  type StoreStatus,
  type StoreSubscription,
} from './types';

export type SubscriptionPurchaseV2 = androidpublisher_v3.Schema$SubscriptionPurchaseV2;

/** Where subscriptions are looked up: purchases.subscriptionsv2.get, or the local store's state in the same shape. */
export interface GoogleSubscriptionSource {
  /** The subscription of a purchase token; undefined when Play knows no such token for the app. */
  get(purchaseToken: string): Promise<SubscriptionPurchaseV2 | undefined>;
  /** purchases.subscriptions.acknowledge: Play refunds a purchase that nobody acknowledged within 3 days. */
  acknowledge(purchaseToken: string, productId: string): Promise<void>;
}

/** How the push's OIDC token is checked: the audience and the service account it must name, and the certificates that sign it. */
export interface PushAuthentication {
  client: OAuth2Client;
  audience: string;
  serviceAccount: string;
  /** Google's certificates (OAuth2Client.getFederatedSignonCertsAsync) or the local store's. */
  certs(): Promise<Record<string, string>>;
}

/** Issuers of Google-signed OIDC tokens (what OAuth2Client.verifyIdToken accepts). */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

const STATES: Record<string, StoreStatus> = {
  SUBSCRIPTION_STATE_ACTIVE: 'active',
  SUBSCRIPTION_STATE_IN_GRACE_PERIOD: 'in_grace_period',
  SUBSCRIPTION_STATE_ON_HOLD: 'on_hold',
  SUBSCRIPTION_STATE_PAUSED: 'paused',
  SUBSCRIPTION_STATE_EXPIRED: 'expired',
  SUBSCRIPTION_STATE_PENDING: 'pending',
  SUBSCRIPTION_STATE_PENDING_PURCHASE_CANCELED: 'expired',
};

/** A Play subscription in our terms. A cancelled one (auto-renew off) still counts until it expires. */
export function googleSubscription(
  purchaseToken: string,
  s: SubscriptionPurchaseV2,
  signedAt: Date,
  planOf: (productId: string) => Plan | undefined,
): StoreSubscription {
  const item = s.lineItems?.[0];
  const expiresAt = item?.expiryTime ? new Date(item.expiryTime) : null;
  let status: StoreStatus = STATES[s.subscriptionState ?? ''] ?? 'pending';
  if (s.subscriptionState === 'SUBSCRIPTION_STATE_CANCELED')
    status = expiresAt && expiresAt > signedAt ? 'active' : 'expired';
  const productId = item?.productId ?? '';
  return {
    store: 'google',
    subscriptionId: purchaseToken,
    productId,
    plan: planOf(productId) ?? null,
    status,
    expiresAt,
    accountRef: s.externalAccountIdentifiers?.obfuscatedExternalAccountId?.toLowerCase() ?? null,
    replaces: s.linkedPurchaseToken ?? null,
    signedAt,
  };
}

/** Checks a push's `Authorization: Bearer <OIDC token>`: Google's signature, our audience, the push subscription's service account. */
export async function verifyPushAuthorization(auth: PushAuthentication, header: string | undefined): Promise<void> {
  const token = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  if (!token) throw new WebhookSignatureError('No bearer token');
  let payload;
  try {
    const ticket = await auth.client.verifySignedJwtWithCertsAsync(
      token,
      await auth.certs(),
      auth.audience,
      GOOGLE_ISSUERS,
    );
    payload = ticket.getPayload();
  } catch {
    throw new WebhookSignatureError('Pub/Sub push token did not verify');
  }
  if (!payload || payload.email !== auth.serviceAccount || payload.email_verified !== true) {
    throw new WebhookSignatureError('Pub/Sub push token is not from the configured service account');
  }
}

interface DeveloperNotification {
  packageName?: string;
  eventTimeMillis?: string;
  subscriptionNotification?: { notificationType?: number; purchaseToken?: string };
  voidedPurchaseNotification?: { purchaseToken?: string; productType?: number };
  testNotification?: unknown;
}

const SUBSCRIPTION_TYPES: Record<number, string> = {
  1: 'SUBSCRIPTION_RECOVERED',
  2: 'SUBSCRIPTION_RENEWED',
  3: 'SUBSCRIPTION_CANCELED',
  4: 'SUBSCRIPTION_PURCHASED',
  5: 'SUBSCRIPTION_ON_HOLD',
  6: 'SUBSCRIPTION_IN_GRACE_PERIOD',
  7: 'SUBSCRIPTION_RESTARTED',
  9: 'SUBSCRIPTION_DEFERRED',
  10: 'SUBSCRIPTION_PAUSED',
  11: 'SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED',
  12: 'SUBSCRIPTION_REVOKED',
  13: 'SUBSCRIPTION_EXPIRED',
  19: 'SUBSCRIPTION_PRICE_CHANGE_UPDATED',
  20: 'SUBSCRIPTION_PENDING_PURCHASE_CANCELED',
};

/**
 * Google Play behind the store interface: Real-time developer notifications (Pub/Sub push, its
 * token checked) name a purchase token; the subscription itself is always looked up, so a
 * notification only ever says "look again" and cannot be forged into a state.
 */
export function googlePlay(
  provider: 'google' | 'local',
  packageName: string,
  auth: PushAuthentication,
  source: GoogleSubscriptionSource,
  planOf: (productId: string) => Plan | undefined,
): AppStore {
  async function read(purchaseToken: string, signedAt: Date): Promise<StoreSubscription> {
    let s: SubscriptionPurchaseV2 | undefined;
    try {
      s = await source.get(purchaseToken);
    } catch (err) {
      const status = (err as { status?: number; code?: number }).status ?? (err as { code?: number }).code;
      if (status === 404 || status === 410 || status === 400)
        throw new StorePurchaseNotFoundError('Google Play knows no such purchase token');
      throw new StoreUnavailableError(`Android Publisher API: ${(err as Error).message}`);
    }
    if (!s) throw new StorePurchaseNotFoundError('Google Play knows no such purchase token');
    const sub = googleSubscription(purchaseToken, s, signedAt, planOf);
    // Acknowledged here, once verified, so a purchase is kept even when the app never acknowledges it.
    if (s.acknowledgementState === 'ACKNOWLEDGEMENT_STATE_PENDING' && sub.status === 'active' && sub.plan) {
      try {
        await source.acknowledge(purchaseToken, sub.productId);
      } catch (err) {
        throw new StoreUnavailableError(`Android Publisher API (acknowledge): ${(err as Error).message}`);
      }
    }
    return sub;
  }

  return {
    store: 'google',
    provider,

    async parseNotification(body, authorization) {
      await verifyPushAuthorization(auth, authorization);
      const message = (body as { message?: { data?: unknown; messageId?: unknown; message_id?: unknown } } | null)
        ?.message;
      const messageId = message?.messageId ?? message?.message_id;
      if (typeof messageId !== 'string' || typeof message?.data !== 'string')
        throw new WebhookPayloadError('Not a Pub/Sub push message');
      let n: DeveloperNotification;
      try {
        n = JSON.parse(Buffer.from(message.data, 'base64').toString('utf8')) as DeveloperNotification;
      } catch {
        throw new WebhookPayloadError('The message is not a developer notification');
      }
      // Authentic, but about another app on the same topic: acknowledged, or Pub/Sub would redeliver it for days.
      if (n.packageName !== packageName)
        return { store: 'google', eventId: messageId, type: 'OTHER_APP', subscription: null };
      const signedAt = new Date(Number(n.eventTimeMillis) || Date.now());
      const sub = n.subscriptionNotification;
      const voided = n.voidedPurchaseNotification;
      if (sub?.purchaseToken) {
        const type = SUBSCRIPTION_TYPES[sub.notificationType ?? 0] ?? `SUBSCRIPTION_${sub.notificationType}`;
        return { store: 'google', eventId: messageId, type, subscription: await read(sub.purchaseToken, signedAt) };
      }
      if (voided?.purchaseToken && voided.productType === 1) {
        // A refund or chargeback: Play revokes access; the look-up may still show the paid period.
        const s = await read(voided.purchaseToken, signedAt);
        return {
          store: 'google',
          eventId: messageId,
          type: 'VOIDED_PURCHASE',
          subscription: { ...s, status: 'revoked' },
        };
      }
      return { store: 'google', eventId: messageId, type: n.testNotification ? 'TEST' : 'OTHER', subscription: null };
    },

    async lookUp(purchaseToken) {
      if (!/^[A-Za-z0-9._-]{8,512}$/.test(purchaseToken)) throw new StorePurchaseNotFoundError('Not a purchase token');
      return read(purchaseToken, new Date());
    },
  };
}
