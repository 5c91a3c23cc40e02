import type { Knex } from 'knex';
import type { SharedConfig } from '../config';
import type { Logger } from '../logger';
import { latestOutboxMessages } from '../repositories/outbox.repository';
import { createAttestation } from './attestation';
import { createEmail } from './email';
import { createMessaging } from './messaging';
import { createPayments } from './payments';
import { createStores } from './store';
import { createTelephony } from './telephony';
import type { Providers } from './types';

export type { DevConsoles, LocalOutboxConsole, Providers } from './types';

/** Builds every provider as configured, and the development consoles of the local ones (the API decides where to serve them). */
export function createProviders(config: SharedConfig, db: Knex, logger: Logger): Providers {
  const { telephony, callStatusCallbacks, devConsole: phone } = createTelephony(config, db, logger);
  const { payments, devConsole: checkout } = createPayments(config, db, logger);
  const { attestation, devConsole: appAttestation } = createAttestation(config);
  const { stores, devConsole: store } = createStores(config, db, logger);
  const localOutbox = config.MESSAGING_PROVIDER === 'local' || config.EMAIL_PROVIDER === 'local';
  return {
    telephony,
    callStatusCallbacks,
    messaging: createMessaging(config, db, logger),
    email: createEmail(config, db, logger),
    payments,
    attestation,
    stores,
    devConsoles: {
      attestation: appAttestation,
      payments: checkout,
      store,
      phone,
      outbox: localOutbox ? { latest: (recipient, limit) => latestOutboxMessages(db, recipient, limit) } : undefined,
    },
  };
}
