// The local app stores (development and tests): purchases kept in Postgres, notifications signed the
// way the stores sign them, and the same verification code as the real adapters with the local keys
// trusted instead of Apple's root and Google's certificates.
import { randomBytes } from 'node:crypto';
import { Environment, SignedDataVerifier } from '@apple/app-store-server-library';
import { OAuth2Client } from 'google-auth-library';
import type { Knex } from 'knex';
import type { SharedConfig } from '../../config';
import type { Logger } from '../../logger';
import { appleStore } from './apple-format';
import { googlePlay } from './google-format';
import { appleAct, appleNotification, localAppleApi } from './local-apple';
import { googleAct, localGoogleSource, subscriptionNotification } from './local-google';
import { derOf } from './local-keys';
import { localStoreContext, newTransactionId, PERIOD_MS } from './local-purchases';
import type { AppStore, LocalStoreConsole, StoreName, Stores } from './types';

/** The local App Store and Google Play, and their console. */
export function createLocalStores(
  config: SharedConfig,
  db: Knex,
  logger: Logger,
  which: { apple: boolean; google: boolean },
): { stores: Partial<Stores>; devConsole: LocalStoreConsole } {
  const ctx = localStoreContext(config, db);
  const { keyring, find, productOf, planOf, audience, serviceAccount } = ctx;
  const appleApi = localAppleApi(ctx);
  const googleSource = localGoogleSource(ctx);

  const stores: Partial<Stores> = {};
  if (which.apple)
    stores.apple = lazyStore('apple', async () => {
      const k = await keyring();
      const verifier = new SignedDataVerifier(
        [derOf(k.appleRootPem)],
        false,
        Environment.SANDBOX,
        config.APPLE_BUNDLE_ID,
      );
      return appleStore('local', verifier, appleApi, planOf);
    });
  if (which.google)
    stores.google = lazyStore('google', async () => {
      const k = await keyring();
      const certs = { [k.googleKeyId]: k.googlePublicKeyPem };
      return googlePlay(
        'local',
        config.GOOGLE_PLAY_PACKAGE_NAME,
        { client: new OAuth2Client(), audience, serviceAccount, certs: async () => certs },
        googleSource,
        planOf,
      );
    });

  const devConsole: LocalStoreConsole = {
    async buy(store, userId, plan) {
      const id = store === 'apple' ? newTransactionId() : `local-gp.${randomBytes(24).toString('base64url')}`;
      const [row] = await db('local_store_purchases')
        .insert({
          id,
          store,
          latest_transaction_id: store === 'apple' ? id : null,
          product_id: productOf(plan),
          account_token: userId.toLowerCase(),
          state: 'active',
          expires_at: new Date(Date.now() + PERIOD_MS),
        })
        .returning('*');
      logger.info({ store, plan }, 'local store: purchase');
      const notification =
        store === 'apple'
          ? await appleNotification(ctx, row, 'SUBSCRIBED', 'INITIAL_BUY')
          : await subscriptionNotification(ctx, id, 4);
      return { purchase: id, notification };
    },

    async act(store, purchase, action) {
      const r = await find(store, purchase);
      if (!r) throw new Error(`local store: no ${store} purchase ${purchase}`);
      return store === 'apple' ? appleAct(ctx, r, action) : googleAct(ctx, r, action);
    },

    async deliver(n) {
      const res = await fetch(`${config.PUBLIC_BASE_URL.replace(/\/+$/, '')}${n.path}`, {
        method: 'POST',
        headers: n.headers,
        body: JSON.stringify(n.body),
      });
      return res.status;
    },
  };

  return { stores, devConsole };
}

/** A store whose verifier needs the keyring first: built on first use, then reused. */
function lazyStore(store: StoreName, build: () => Promise<AppStore>): AppStore {
  let built: Promise<AppStore> | undefined;
  const get = () => (built ??= build().catch((err) => ((built = undefined), Promise.reject(err))));
  return {
    store,
    provider: 'local',
    parseNotification: async (body, authorization) => (await get()).parseNotification(body, authorization),
    lookUp: async (purchase) => (await get()).lookUp(purchase),
  };
}
