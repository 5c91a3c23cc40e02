// The app stores' interface: what their notifications and purchase look-ups become in our terms.
import type { Plan } from '../../domain/entitlements';

export { WebhookPayloadError, WebhookSignatureError } from '../errors';

export type StoreName = 'apple' | 'google';

/**
 * A store subscription's state in our terms. Entitled: `active` (paid, auto-renewing or not) and
 * `in_grace_period` (the renewal payment failed, the store keeps access open while it retries).
 * Not entitled: `billing_retry` (Apple, no grace period left), `on_hold` (Google's account hold),
 * `paused`, `pending` (not paid yet), `expired`, `revoked` (refunded or revoked), `replaced` (a Google
 * purchase token superseded by an upgrade or downgrade).
 */
export type StoreStatus =
  | 'active'
  | 'in_grace_period'
  | 'billing_retry'
  | 'on_hold'
  | 'paused'
  | 'pending'
  | 'expired'
  | 'revoked'
  | 'replaced';

/** What a store says about one subscription, read from data the store signed or returned. */
export interface StoreSubscription {
  store: StoreName;
  /** Apple's originalTransactionId; Google's purchase token. Stable across renewals. */
  subscriptionId: string;
  /** The product the user pays for now (after an upgrade; a downgrade takes effect at renewal). */
  productId: string;
  /** The plan that product stands for; null when it is none of ours. */
  plan: Plan | null;
  status: StoreStatus;
  /** End of the paid period (or of the grace period while in it). */
  expiresAt: Date | null;
  /**
   * Our user id as the app set it at purchase (Apple's appAccountToken, Google's
   * obfuscatedExternalAccountId); unchecked, lower-cased. Null when the purchase carries none.
   */
  accountRef: string | null;
  /** Google: the purchase token this one replaces (upgrade, downgrade, resubscribe); null otherwise. */
  replaces: string | null;
  /** When the store signed (Apple) or reported (Google) this state: a later state wins, an older one never undoes it. */
  signedAt: Date;
}

/** A store's server notification in our terms. */
export interface StoreNotification {
  store: StoreName;
  /** Apple's notificationUUID; Pub/Sub's messageId: deliveries are recorded under it (a repeat changes nothing). */
  eventId: string;
  /** The store's type, e.g. DID_RENEW or SUBSCRIPTION_RENEWED (recorded and logged). */
  type: string;
  /** The subscription it is about, as the store now says it is; null for notifications about nothing we sell (tests, other products). */
  subscription: StoreSubscription | null;
}

/** The store knows no such purchase, or it is not one of this app's (the app's claim is refused). */
export class StorePurchaseNotFoundError extends Error {
  override name = 'StorePurchaseNotFoundError';
}

/** The store could not be asked (network, credentials, its outage): try again later. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/** One store behind its real or local adapter. */
export interface AppStore {
  readonly store: StoreName;
  readonly provider: 'apple' | 'google' | 'local';
  /**
   * Verifies a server notification (Apple: the JWS chain to Apple's root; Google: the Pub/Sub push's
   * OIDC token) and reads it, looking the subscription up where the notification does not carry it
   * (Google). Throws WebhookSignatureError (not from the store) or WebhookPayloadError (authentic,
   * but not what the store sends, or for another app).
   */
  parseNotification(body: unknown, authorization: string | undefined): Promise<StoreNotification>;
  /**
   * Asks the store about a purchase the app handed over (Apple: a transaction id; Google: a purchase
   * token) and verifies the answer. Throws StorePurchaseNotFoundError or StoreUnavailableError.
   */
  lookUp(purchase: string): Promise<StoreSubscription>;
}

export interface Stores {
  apple: AppStore;
  google: AppStore;
}

/** A notification the local store produced, signed the way the store signs it, ready to be POSTed. */
export interface LocalStoreDelivery {
  path: '/api/webhooks/apple' | '/api/webhooks/google';
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** What the local store can do to a subscription, as the real store would after the user or the bank did it. */
export type LocalStoreAction =
  | { kind: 'renew' }
  | { kind: 'change-plan'; plan: Plan }
  | { kind: 'grace-period' }
  | { kind: 'billing-retry' }
  | { kind: 'recover' }
  | { kind: 'expire' }
  | { kind: 'refund' }
  | { kind: 'transfer'; userId: string };

/** The person's side of the local stores: buy in the "app", and what happens afterwards, each with its signed notification. */
export interface LocalStoreConsole {
  /**
   * Buys a plan as the app would (its account token set to `userId`) and returns what the app gets
   * back (Apple: the transaction id; Google: the purchase token) and the store's notification.
   */
  buy(store: StoreName, userId: string, plan: Plan): Promise<{ purchase: string; notification: LocalStoreDelivery }>;
  /** Changes a purchase (by what `buy` returned, or the current purchase token after a Google plan change) and returns the notification. */
  act(
    store: StoreName,
    purchase: string,
    action: LocalStoreAction,
  ): Promise<{ purchase: string; notification: LocalStoreDelivery }>;
  /** POSTs a notification to this API (PUBLIC_BASE_URL), as the store would; returns the HTTP status. */
  deliver(notification: LocalStoreDelivery): Promise<number>;
}
