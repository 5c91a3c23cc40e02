import type { Knex } from 'knex';
import type { SharedConfig } from '../../config';
import type { Logger } from '../../logger';

/** The telephony provider interface (adapters: the real SDK and a local one). Placeholder until built. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Telephony {}

export function createTelephony(_config: SharedConfig, _db: Knex, _logger: Logger): Telephony {
  return {};
}
