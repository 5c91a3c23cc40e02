import type { OutboxMessage } from '../repositories/outbox.repository';
import type { AppAttestation, LocalAttestationConsole } from './attestation/types';
import type { Email } from './email/types';
import type { Messaging } from './messaging/types';
import type { LocalPaymentsConsole, Payments } from './payments/types';
import type { LocalStoreConsole, Stores } from './store/types';
import type { CallStatusCallbacks, LocalPhoneConsole, Telephony } from './telephony/types';

/** The paid providers, each behind an interface with a real and a local adapter chosen by config. */
export interface Providers {
  telephony: Telephony;
  /** Reads the telephony provider's signed status callbacks (the API's side of telephony). */
  callStatusCallbacks: CallStatusCallbacks;
  messaging: Messaging;
  email: Email;
  payments: Payments;
  /** Proof that an app sign-up comes from our app (Apple App Attest, Google Play Integrity). */
  attestation: AppAttestation;
  /** The app stores (in-app purchases): App Store and Google Play. */
  stores: Stores;
  /** The local providers' development consoles: each is present only when its provider is local. */
  devConsoles: DevConsoles;
}

/** What the local SMS and e-mail adapters "sent", for the development outbox page. */
export interface LocalOutboxConsole {
  /** The latest messages to one recipient, newest first. */
  latest(recipient: string, limit: number): Promise<OutboxMessage[]>;
}

/**
 * The person's side of the local (simulated) providers, which the API serves as development pages
 * (api/src/routes/dev-consoles.ts): the checkout and portal pages wherever local payments run (they
 * stand in for Stripe's hosted pages), the phone page and the outbox only outside production.
 */
export interface DevConsoles {
  phone?: LocalPhoneConsole;
  payments?: LocalPaymentsConsole;
  /** The local app stores: buy in the "app" and change the purchase, each with the store's signed notification. */
  store?: LocalStoreConsole;
  outbox?: LocalOutboxConsole;
  /** The app's side of local attestation: proofs for development builds (simulators cannot attest). */
  attestation?: LocalAttestationConsole;
}
