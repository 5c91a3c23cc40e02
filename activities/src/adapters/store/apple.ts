// The real App Store: Apple's own library verifies notifications and transactions against Apple's
// root (with online revocation checks), and its App Store Server API client looks purchases up.
import { AppStoreServerAPIClient, Environment, SignedDataVerifier } from '@apple/app-store-server-library';
import type { SharedConfig } from '../../config';
import type { Plan } from '../../domain/entitlements';
import { appleStore } from './apple-format';
import { APPLE_ROOT_CERTIFICATES } from './apple-roots';
import type { AppStore } from './types';

/** The App Store adapter (APP_STORE_PROVIDER=apple); config is checked for the API key at start. */
export function createAppleStore(config: SharedConfig, planOf: (productId: string) => Plan | undefined): AppStore {
  const environment = config.APPLE_ENVIRONMENT === 'Production' ? Environment.PRODUCTION : Environment.SANDBOX;
  const verifier = new SignedDataVerifier(APPLE_ROOT_CERTIFICATES, true, environment, config.APPLE_BUNDLE_ID, config.APPLE_APP_APPLE_ID);
  const client = new AppStoreServerAPIClient(
    config.APPLE_API_PRIVATE_KEY ?? '',
    config.APPLE_API_KEY_ID ?? '',
    config.APPLE_API_ISSUER_ID ?? '',
    config.APPLE_BUNDLE_ID,
    environment,
  );
  return appleStore('apple', verifier, client, planOf);
}
