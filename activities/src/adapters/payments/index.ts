import type { Knex } from 'knex';
import type { SharedConfig } from '../../config';
import type { Logger } from '../../logger';
import { createLocalPayments } from './local';
import { createStripePayments } from './stripe';
import type { LocalPaymentsConsole, Payments } from './types';

export * from './types';

/** Builds the configured payments adapter (PAYMENTS_PROVIDER local|stripe), and the local one's checkout and portal console. */
export function createPayments(
  config: SharedConfig,
  db: Knex,
  logger: Logger,
): { payments: Payments; devConsole?: LocalPaymentsConsole } {
  if (config.PAYMENTS_PROVIDER === 'stripe') return { payments: createStripePayments(config, logger) };
  return createLocalPayments(config, db, logger);
}
