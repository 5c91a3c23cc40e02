// What the real App Store adapter and the local one share: Apple's signed data, verified by Apple's
// own SignedDataVerifier, read into our terms. Only the trusted root and the API client differ.
import {
  APIException,
  Status,
  VerificationException,
  VerificationStatus,
  type JWSRenewalInfoDecodedPayload,
  type JWSTransactionDecodedPayload,
  type SignedDataVerifier,
  type StatusResponse,
  type TransactionInfoResponse,
} from '@apple/app-store-server-library';
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

/** The App Store Server API calls the adapter needs: AppStoreServerAPIClient has them, the local store imitates them. */
export interface AppleStatusSource {
  getTransactionInfo(transactionId: string): Promise<TransactionInfoResponse>;
  getAllSubscriptionStatuses(anyTransactionId: string): Promise<StatusResponse>;
}

const STATUS: Record<number, StoreStatus> = {
  [Status.ACTIVE]: 'active',
  [Status.EXPIRED]: 'expired',
  [Status.BILLING_RETRY]: 'billing_retry',
  [Status.BILLING_GRACE_PERIOD]: 'in_grace_period',
  [Status.REVOKED]: 'revoked',
};

/** Apple's signed data of one subscription in our terms; `status` is Apple's when it sent one. */
export function appleSubscription(
  tx: JWSTransactionDecodedPayload,
  renewal: JWSRenewalInfoDecodedPayload | undefined,
  status: number | undefined,
  signedAt: Date,
  planOf: (productId: string) => Plan | undefined,
): StoreSubscription {
  let ours: StoreStatus;
  if (tx.revocationDate) ours = 'revoked';
  else if (status !== undefined && STATUS[status]) ours = STATUS[status]!;
  else ours = tx.expiresDate && tx.expiresDate > signedAt.getTime() ? 'active' : 'expired';
  const expires =
    ours === 'in_grace_period' && renewal?.gracePeriodExpiresDate ? renewal.gracePeriodExpiresDate : tx.expiresDate;
  return {
    store: 'apple',
    subscriptionId: String(tx.originalTransactionId ?? tx.transactionId),
    productId: String(tx.productId),
    plan: planOf(String(tx.productId)) ?? null,
    status: ours,
    expiresAt: expires ? new Date(expires) : null,
    accountRef: tx.appAccountToken ? tx.appAccountToken.toLowerCase() : null,
    replaces: null,
    signedAt,
  };
}

function verificationError(err: unknown): Error {
  if (err instanceof VerificationException) {
    if (
      err.status === VerificationStatus.INVALID_APP_IDENTIFIER ||
      err.status === VerificationStatus.INVALID_ENVIRONMENT
    ) {
      return new WebhookPayloadError('Signed data of another app or environment');
    }
    if (err.status === VerificationStatus.RETRYABLE_VERIFICATION_FAILURE)
      return new StoreUnavailableError('Apple certificate status could not be checked');
  }
  return new WebhookSignatureError('App Store signature did not verify');
}

/**
 * The App Store behind the store interface: notifications (V2, `{ signedPayload }`) and look-ups
 * (Get Transaction Info, then Get All Subscription Statuses) both verified with `verifier`.
 */
export function appleStore(
  provider: 'apple' | 'local',
  verifier: SignedDataVerifier,
  api: AppleStatusSource,
  planOf: (productId: string) => Plan | undefined,
): AppStore {
  return {
    store: 'apple',
    provider,

    async parseNotification(body) {
      const signedPayload = (body as { signedPayload?: unknown } | null)?.signedPayload;
      if (typeof signedPayload !== 'string' || !signedPayload) throw new WebhookSignatureError('No signedPayload');
      try {
        const n = await verifier.verifyAndDecodeNotification(signedPayload);
        if (!n.notificationUUID || !n.notificationType)
          throw new WebhookPayloadError('Not an App Store Server Notification');
        const signedAt = new Date(n.signedDate ?? Date.now());
        const data = n.data;
        if (!data?.signedTransactionInfo)
          return { store: 'apple', eventId: n.notificationUUID, type: String(n.notificationType), subscription: null };
        const tx = await verifier.verifyAndDecodeTransaction(data.signedTransactionInfo);
        const renewal = data.signedRenewalInfo
          ? await verifier.verifyAndDecodeRenewalInfo(data.signedRenewalInfo)
          : undefined;
        const type = n.subtype ? `${n.notificationType}/${n.subtype}` : String(n.notificationType);
        return {
          store: 'apple',
          eventId: n.notificationUUID,
          type,
          subscription: appleSubscription(tx, renewal, data.status, signedAt, planOf),
        };
      } catch (err) {
        if (err instanceof WebhookPayloadError || err instanceof WebhookSignatureError) throw err;
        throw verificationError(err);
      }
    },

    async lookUp(transactionId) {
      if (!/^\d{1,32}$/.test(transactionId)) throw new StorePurchaseNotFoundError('Not an App Store transaction id');
      // The transaction names its subscription (originalTransactionId); the statuses give that
      // subscription's latest signed state (the customer may have others, e.g. through Family Sharing).
      const ask = async <T>(call: () => Promise<T>): Promise<T> => {
        try {
          return await call();
        } catch (err) {
          if (err instanceof APIException && (err.httpStatusCode === 404 || err.httpStatusCode === 400)) {
            throw new StorePurchaseNotFoundError('The App Store knows no such transaction');
          }
          throw new StoreUnavailableError(`App Store Server API: ${(err as Error).message}`);
        }
      };
      const verified = async <T>(verify: () => Promise<T>): Promise<T> => {
        try {
          return await verify();
        } catch (err) {
          const e = verificationError(err);
          // An answer from the API that does not verify is not believed: the purchase stays unproven.
          throw e instanceof StoreUnavailableError ? e : new StorePurchaseNotFoundError(e.message);
        }
      };
      const info = await ask(() => api.getTransactionInfo(transactionId));
      if (!info.signedTransactionInfo) throw new StorePurchaseNotFoundError('The App Store knows no such transaction');
      const purchased = await verified(() => verifier.verifyAndDecodeTransaction(info.signedTransactionInfo!));
      const original = String(purchased.originalTransactionId ?? purchased.transactionId);
      const res = await ask(() => api.getAllSubscriptionStatuses(transactionId));
      const last = res.data
        ?.flatMap((g) => g.lastTransactions ?? [])
        .find((t) => String(t.originalTransactionId) === original && t.signedTransactionInfo);
      if (!last?.signedTransactionInfo)
        throw new StorePurchaseNotFoundError('The App Store knows no subscription for this transaction');
      return verified(async () => {
        const tx = await verifier.verifyAndDecodeTransaction(last.signedTransactionInfo!);
        const renewal = last.signedRenewalInfo
          ? await verifier.verifyAndDecodeRenewalInfo(last.signedRenewalInfo)
          : undefined;
        return appleSubscription(tx, renewal, last.status, new Date(tx.signedDate ?? Date.now()), planOf);
      });
    },
  };
}
