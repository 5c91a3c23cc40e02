import type { Knex } from 'knex';
import type { SharedConfig } from '../config';
import type { Logger } from '../logger';
import { createEmail, type Email } from './email';
import { createMessaging, type Messaging } from './messaging';
import { createPayments, type Payments } from './payments';
import { createTelephony, type Telephony } from './telephony';

/** The paid providers, each behind an interface with a real and a local adapter chosen by config. */
export interface Providers {
  telephony: Telephony;
  messaging: Messaging;
  email: Email;
  payments: Payments;
}

export function createProviders(config: SharedConfig, db: Knex, logger: Logger): Providers {
  return {
    telephony: createTelephony(config, db, logger),
    messaging: createMessaging(config, db, logger),
    email: createEmail(config, db, logger),
    payments: createPayments(config, db, logger),
  };
}
