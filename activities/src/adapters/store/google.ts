// The real Google Play: the Pub/Sub push's OIDC token checked against Google's certificates by
// google-auth-library, and subscriptions looked up with the official Android Publisher client.
import { androidpublisher, auth as googleAuth } from '@googleapis/androidpublisher';
import { OAuth2Client } from 'google-auth-library';
import type { SharedConfig } from '../../config';
import type { Plan } from '../../domain/entitlements';
import { googlePlay } from './google-format';
import type { AppStore } from './types';

/** The Google Play adapter (PLAY_STORE_PROVIDER=google). */
export function createGooglePlay(config: SharedConfig, planOf: (productId: string) => Plan | undefined): AppStore {
  const client = new OAuth2Client();
  const publisher = androidpublisher({
    version: 'v3',
    auth: new googleAuth.GoogleAuth({
      keyFile: config.GOOGLE_PLAY_CREDENTIALS_FILE,
      scopes: ['https://www.googleapis.com/auth/androidpublisher'],
    }),
  });
  const packageName = config.GOOGLE_PLAY_PACKAGE_NAME;
  return googlePlay(
    'google',
    packageName,
    {
      client,
      audience: config.GOOGLE_PUBSUB_AUDIENCE ?? `${config.PUBLIC_BASE_URL.replace(/\/+$/, '')}/api/webhooks/google`,
      serviceAccount: config.GOOGLE_PUBSUB_SERVICE_ACCOUNT ?? '',
      // Google's current signing certificates, cached by the client until they expire.
      certs: async () => (await client.getFederatedSignonCertsAsync()).certs as Record<string, string>,
    },
    {
      get: async (token) => (await publisher.purchases.subscriptionsv2.get({ packageName, token })).data,
      acknowledge: async (token, subscriptionId) => {
        await publisher.purchases.subscriptions.acknowledge({ packageName, subscriptionId, token, requestBody: {} });
      },
    },
    planOf,
  );
}
