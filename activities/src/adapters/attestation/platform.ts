import { auth, playintegrity } from '@googleapis/playintegrity';
import { X509Certificate } from './x509';
import { APPLE_APP_ATTESTATION_ROOT_CA, verifyAppleAttestation, type AppAttestEnvironment } from './apple-app-attest';
import { checkIntegrityVerdict, type IntegrityPayload } from './play-integrity-verdict';
import { AttestationUnavailableError, type AppAttestation } from './types';

/** Decodes an integrity token for a package: its payload, or 'invalid' when Google refuses the token itself. */
export type IntegrityDecoder = (packageName: string, integrityToken: string) => Promise<IntegrityPayload | 'invalid'>;

/** Google's decodeIntegrityToken (the official client), signed in with the service account allowed to call it. */
export function googleIntegrityDecoder(serviceAccountJson: string): IntegrityDecoder {
  const client = playintegrity({
    version: 'v1',
    auth: new auth.GoogleAuth({
      credentials: JSON.parse(serviceAccountJson),
      scopes: ['https://www.googleapis.com/auth/playintegrity'],
    }),
  });
  return async (packageName, integrityToken) => {
    try {
      const res = await client.v1.decodeIntegrityToken({ packageName, requestBody: { integrityToken } });
      return res.data.tokenPayloadExternal ?? 'invalid';
    } catch (err) {
      const status =
        (err as { status?: number; response?: { status?: number } }).status ??
        (err as { response?: { status?: number } }).response?.status;
      // 400: not a token for this package (malformed, forged, another app's). Anything else is Google's side.
      if (status === 400) return 'invalid';
      throw new AttestationUnavailableError(`Play Integrity could not be reached (${status ?? 'no answer'})`);
    }
  };
}

export interface PlatformAttestationOptions {
  /** The iOS app (App Attest); iOS proofs are refused when unset. */
  apple?: { appId: string; environment: AppAttestEnvironment };
  /** The Android app (Play Integrity); Android proofs are refused when unset. */
  android?: { packageName: string; decode: IntegrityDecoder };
}

/** The real adapter: App Attest checked against Apple's root, Play Integrity tokens decoded by Google. */
export function createPlatformAttestation(opts: PlatformAttestationOptions): AppAttestation {
  const appleRoot = new X509Certificate(APPLE_APP_ATTESTATION_ROOT_CA);
  return {
    provider: 'platform',
    async verify(proof, challenge, now) {
      if (proof.platform === 'ios') {
        if (!opts.apple) return { ok: false, reason: 'no iOS app is configured' };
        return verifyAppleAttestation(proof, challenge, now, { ...opts.apple, trustAnchor: appleRoot });
      }
      if (!opts.android) return { ok: false, reason: 'no Android app is configured' };
      const payload = await opts.android.decode(opts.android.packageName, proof.integrityToken);
      if (payload === 'invalid') return { ok: false, reason: 'Google did not decode the token' };
      return checkIntegrityVerdict(payload, { packageName: opts.android.packageName, challenge, now });
    },
  };
}
