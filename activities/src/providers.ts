/**
 * The providers as the API may know them: interfaces, the events their webhooks become, their
 * errors and the development consoles' types. No implementation: those are chosen by config in
 * createProviders (the composition root calls it) and reached through the deps.
 */
export type { DevConsoles, LocalOutboxConsole, Providers } from './adapters/types';
export { WebhookPayloadError, WebhookSignatureError } from './adapters/errors';
export {
  LOCAL_OUTCOMES,
  TelephonyError,
  type CallStatusCallbacks,
  type CallStatusEvent,
  type LocalBehaviour,
  type LocalOutcome,
  type LocalPhoneConsole,
  type ManualAction,
  type StatusCallbackRequest,
  type Telephony,
} from './adapters/telephony/types';
export {
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  LocalPaymentsError,
  type CheckoutSessionDetails,
  type LocalCheckoutView,
  type LocalPaymentsConsole,
  type LocalPortalView,
  type Payments,
  type PaymentsWebhookEvent,
  type PlanChangePreview,
  type PlanPrices,
} from './adapters/payments/types';
export {
  StorePurchaseNotFoundError,
  StoreUnavailableError,
  type AppStore,
  type LocalStoreAction,
  type LocalStoreConsole,
  type LocalStoreDelivery,
  type StoreName,
  type StoreNotification,
  type StoreStatus,
  type StoreSubscription,
  type Stores,
} from './adapters/store/types';
export type { Email, EmailMessage } from './adapters/email/types';
export type { Messaging } from './adapters/messaging/types';
export {
  AttestationUnavailableError,
  type AppAttestation,
  type AppPlatform,
  type AppProof,
  type AttestationVerdict,
  type LocalAttestationConsole,
} from './adapters/attestation/types';
