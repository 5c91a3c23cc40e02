import type { Knex } from 'knex';
import type { SharedConfig } from '../../config';
import type { Logger } from '../../logger';
import { createAppleStore } from './apple';
import { createGooglePlay } from './google';
import { createLocalStores } from './local';
import { storeProducts } from './products';
import type { LocalStoreConsole, Stores } from './types';

export * from './types';

/** Builds the configured stores (APP_STORE_PROVIDER local|apple, PLAY_STORE_PROVIDER local|google), and the local stores' console. */
export function createStores(
  config: SharedConfig,
  db: Knex,
  logger: Logger,
): { stores: Stores; devConsole?: LocalStoreConsole } {
  const { planOf } = storeProducts(config);
  const apple = config.APP_STORE_PROVIDER === 'local';
  const google = config.PLAY_STORE_PROVIDER === 'local';
  const local = apple || google ? createLocalStores(config, db, logger, { apple, google }) : undefined;
  return {
    stores: {
      apple: local?.stores.apple ?? createAppleStore(config, planOf),
      google: local?.stores.google ?? createGooglePlay(config, planOf),
    },
    devConsole: local?.devConsole,
  };
}
