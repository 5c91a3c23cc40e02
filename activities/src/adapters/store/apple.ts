// The real App Store: Apple's own library verifies notifications and transactions against Apple's
// root (with online revocation checks), and its App Store Server API client looks purchases up.
import { AppStoreServerAPIClient, Environment, SignedDataVerifier } from '@apple/app-store-server-library';
import type { SharedConfig } from '../../config';
import type { Plan } from '../../domain/entitlements';
import { appleStore } from './apple-format';
import { APPLE_ROOT_CERTIFICATES } from './apple-roots';
import { StorePurchaseNotFoundError, type AppStore } from './types';

function storeIn(
  config: SharedConfig,
  environment: Environment,
  planOf: (productId: string) => Plan | undefined,
): AppStore {
  const verifier = new SignedDataVerifier(
    APPLE_ROOT_CERTIFICATES,
    true,
    environment,
    config.APPLE_BUNDLE_ID,
    config.APPLE_APP_APPLE_ID,
  );
  const client = new AppStoreServerAPIClient(
    config.APPLE_API_PRIVATE_KEY ?? '',
    config.APPLE_API_KEY_ID ?? '',
    config.APPLE_API_ISSUER_ID ?? '',
    config.APPLE_BUNDLE_ID,
    environment,
  );
  return appleStore('apple', verifier, client, planOf);
}

/**
 * The App Store adapter (APP_STORE_PROVIDER=apple); config is checked for the API key at start. In
 * Production, a purchase the production App Store does not know is looked up in the sandbox, as
 * Apple asks (App Review buys with sandbox accounts against the production server); only the
 * app's own sandbox testers can make such purchases.
 */
export function createAppleStore(config: SharedConfig, planOf: (productId: string) => Plan | undefined): AppStore {
  if (config.APPLE_ENVIRONMENT !== 'Production') return storeIn(config, Environment.SANDBOX, planOf);
  const production = storeIn(config, Environment.PRODUCTION, planOf);
  const sandbox = storeIn(config, Environment.SANDBOX, planOf);
  return {
    ...production,
    async lookUp(transactionId) {
      try {
        return await production.lookUp(transactionId);
      } catch (err) {
        if (err instanceof StorePurchaseNotFoundError) return sandbox.lookUp(transactionId);
        throw err;
      }
    },
  };
}
