/**
 * Platform attestation: proof that an app sign-up comes from our app on a genuine device (Apple App
 * Attest, Google Play Integrity), bound to a single-use challenge the API issued. Adapters: the
 * platforms' own verification (real) and a local one whose proofs a development key signs (development,
 * tests). docs/NATIVE-SHELL.md says what the app sends.
 */

/** What the app sends with `POST /users/signup?source=app` (besides the challenge). */
export type AppProof =
  /** App Attest: the key id `generateKey()` gave and the attestation object `attestKey(keyId, SHA-256(challenge))` returned, base64. */
  | { platform: 'ios'; keyId: string; attestationObject: string }
  /** Play Integrity: the integrity token requested with the challenge as its nonce (classic) or request hash (standard). */
  | { platform: 'android'; integrityToken: string };

export type AppPlatform = AppProof['platform'];

/** The outcome of a verification: the reason is for the log only (it names the failed check, never the proof). */
export type AttestationVerdict = { ok: true; platform: AppPlatform } | { ok: false; reason: string };

export interface AppAttestation {
  readonly provider: 'platform' | 'local';
  /** Checks that a proof was made by our app, on a genuine device, for this challenge (which the caller has used up). */
  verify(proof: AppProof, challenge: string, now: Date): Promise<AttestationVerdict>;
}

/** The platform's verification service could not be reached (not the proof's fault: the app may retry). */
export class AttestationUnavailableError extends Error {
  override name = 'AttestationUnavailableError';
}

/**
 * The app's side of the local adapter, for development builds (simulators cannot attest) and tests:
 * a proof for a challenge, in the platform's own format, signed with the development key.
 */
export interface LocalAttestationConsole {
  attest(challenge: string, platform: AppPlatform): Promise<AppProof>;
}
