import type { SharedConfig } from '../../config';
import { createLocalAttestation, LOCAL_ANDROID_PACKAGE, LOCAL_APPLE_APP_ID } from './local';
import { createPlatformAttestation, googleIntegrityDecoder } from './platform';
import type { AppAttestation, LocalAttestationConsole } from './types';

export * from './types';

/** Builds the configured attestation adapter (ATTESTATION_PROVIDER platform|local), and the local one's console (the app's side). */
export function createAttestation(config: SharedConfig): {
  attestation: AppAttestation;
  devConsole?: LocalAttestationConsole;
} {
  const environment = config.APPLE_APP_ATTEST_ENVIRONMENT;
  if (config.ATTESTATION_PROVIDER === 'platform') {
    return {
      attestation: createPlatformAttestation({
        apple: config.APPLE_APP_ID ? { appId: config.APPLE_APP_ID, environment } : undefined,
        android:
          config.ANDROID_PACKAGE_NAME && config.PLAY_INTEGRITY_SERVICE_ACCOUNT
            ? {
                packageName: config.ANDROID_PACKAGE_NAME,
                decode: googleIntegrityDecoder(config.PLAY_INTEGRITY_SERVICE_ACCOUNT),
              }
            : undefined,
      }),
    };
  }
  return createLocalAttestation({
    secret: config.LOCAL_ATTESTATION_SECRET,
    appleAppId: config.APPLE_APP_ID ?? LOCAL_APPLE_APP_ID,
    environment,
    androidPackageName: config.ANDROID_PACKAGE_NAME ?? LOCAL_ANDROID_PACKAGE,
  });
}
