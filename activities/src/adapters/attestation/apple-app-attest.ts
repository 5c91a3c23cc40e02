import { createHash, createPublicKey, webcrypto } from 'node:crypto';
import { BasicConstraintsExtension, X509Certificate } from './x509';
import { decodeFirstSync } from 'cbor';
import type { AttestationVerdict } from './types';

/**
 * Apple App Attest's attestation object, verified as Apple documents it ("Validating apps that connect
 * to your server"). The real adapter trusts Apple's root; the local adapter runs the same code with its
 * development root, so every check here is exercised by the tests.
 */

/** Apple App Attestation Root CA (Apple's PKI page; valid until 2045). */
export const APPLE_APP_ATTESTATION_ROOT_CA = `-----BEGIN CERTIFICATE-----
MIICITCCAaegAwIBAgIQC/O+DvHN0uD7jG5yH2IXmDAKBggqhkjOPQQDAzBSMSYw
JAYDVQQDDB1BcHBsZSBBcHAgQXR0ZXN0YXRpb24gUm9vdCBDQTETMBEGA1UECgwK
QXBwbGUgSW5jLjETMBEGA1UECAwKQ2FsaWZvcm5pYTAeFw0yMDAzMTgxODMyNTNa
Fw00NTAzMTUwMDAwMDBaMFIxJjAkBgNVBAMMHUFwcGxlIEFwcCBBdHRlc3RhdGlv
biBSb290IENBMRMwEQYDVQQKDApBcHBsZSBJbmMuMRMwEQYDVQQIDApDYWxpZm9y
bmlhMHYwEAYHKoZIzj0CAQYFK4EEACIDYgAERTHhmLW07ATaFQIEVwTtT4dyctdh
NbJhFs/Ii2FdCgAHGbpphY3+d8qjuDngIN3WVhQUBHAoMeQ/cLiP1sOUtgjqK9au
Yen1mMEvRq9Sk3Jm5X8U62H+xTD3FE9TgS41o0IwQDAPBgNVHRMBAf8EBTADAQH/
MB0GA1UdDgQWBBSskRBTM72+aEH/pwyp5frq5eWKoTAOBgNVHQ8BAf8EBAMCAQYw
CgYIKoZIzj0EAwMDaAAwZQIwQgFGnByvsiVbpTKwSga0kP0e8EeDS4+sQmTvb7vn
53O5+FRXgeLhpJ06ysC5PrOyAjEAp5U4xDgEgllF7En3VcE3iexZZtKeYnpqtijV
oyFraWVIyd/dganmrduC1bmTBGwD
-----END CERTIFICATE-----`;

/** Node's WebCrypto, as @peculiar/x509 takes it (its types name the DOM's Crypto). */
export const x509Crypto = webcrypto as unknown as NonNullable<Parameters<X509Certificate['verify']>[1]>;

/** The credential certificate's extension that carries the nonce. */
export const APP_ATTEST_NONCE_OID = '1.2.840.113635.100.8.2';

/** authData's aaguid: 'appattest' + 7 zero bytes for production builds, 'appattestdevelop' for development builds. */
export const APP_ATTEST_AAGUID = {
  production: Buffer.concat([Buffer.from('appattest'), Buffer.alloc(7)]),
  development: Buffer.from('appattestdevelop'),
} as const;

export type AppAttestEnvironment = keyof typeof APP_ATTEST_AAGUID;

/** What a proof must match: our app, the build environment, and the root it must chain to. */
export interface AppAttestExpectation {
  /** `<Team ID>.<bundle id>`: authData's RP id hash is its SHA-256. */
  appId: string;
  environment: AppAttestEnvironment;
  /** Apple's root certificate (real), or the local development root's public key. */
  trustAnchor: X509Certificate | webcrypto.CryptoKey;
}

const sha256 = (...parts: Buffer[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};

/** clientDataHash the app passes to attestKey: SHA-256 of the challenge as issued (its UTF-8 text). */
export function clientDataHashOf(challenge: string): Buffer {
  return sha256(Buffer.from(challenge, 'utf8'));
}

/** The DER value of the nonce extension: SEQUENCE { [1] EXPLICIT OCTET STRING nonce }. */
export function nonceExtensionValue(nonce: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0x30, 0x24, 0xa1, 0x22, 0x04, 0x20]), nonce]);
}

/** The uncompressed P-256 point (0x04 ‖ x ‖ y) of a certificate's public key; undefined for any other key. */
function p256Point(cert: X509Certificate): Buffer | undefined {
  const jwk = createPublicKey({ key: Buffer.from(cert.publicKey.rawData), format: 'der', type: 'spki' }).export({
    format: 'jwk',
  });
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y) return undefined;
  return Buffer.concat([Buffer.from([0x04]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
}

/** The key id Apple gives a key: SHA-256 of its public point (base64 in the app's API). */
export function appAttestKeyId(point: Buffer): Buffer {
  return sha256(point);
}

const refuse = (reason: string): AttestationVerdict => ({ ok: false, reason });

interface ParsedAttestation {
  credCert: X509Certificate;
  intermediate: X509Certificate;
  authData: Buffer;
}

function parse(attestationObject: Buffer): ParsedAttestation | string {
  let decoded: unknown;
  try {
    decoded = decodeFirstSync(attestationObject, { required: true });
  } catch {
    return 'not CBOR';
  }
  const o = decoded as { fmt?: unknown; attStmt?: { x5c?: unknown; receipt?: unknown }; authData?: unknown } | null;
  if (!o || typeof o !== 'object' || o.fmt !== 'apple-appattest') return 'fmt is not apple-appattest';
  const x5c = o.attStmt?.x5c;
  if (!Array.isArray(x5c) || x5c.length !== 2 || !x5c.every((c) => Buffer.isBuffer(c)))
    return 'x5c is not [credCert, intermediate]';
  // 32 rpIdHash + 1 flags + 4 counter + 16 aaguid + 2 length + 32 credential id, then the COSE key.
  if (!Buffer.isBuffer(o.authData) || o.authData.length < 87) return 'authData too short';
  try {
    return {
      credCert: new X509Certificate(new Uint8Array(x5c[0] as Buffer)),
      intermediate: new X509Certificate(new Uint8Array(x5c[1] as Buffer)),
      authData: o.authData,
    };
  } catch {
    return 'x5c holds something other than certificates';
  }
}

/**
 * Verifies an App Attest attestation object made for `challenge` (steps 1–9 of Apple's list): the x5c
 * chain to the trust anchor (signatures, validity at `now`, the intermediate a CA), the nonce
 * SHA-256(authData ‖ SHA-256(challenge)) in the credential certificate, the key id (SHA-256 of the
 * public key, and authData's credential id), the RP id hash SHA-256(appId), counter 0 and the aaguid.
 */
export async function verifyAppleAttestation(
  proof: { keyId: string; attestationObject: string },
  challenge: string,
  now: Date,
  expect: AppAttestExpectation,
): Promise<AttestationVerdict> {
  const parsed = parse(Buffer.from(proof.attestationObject, 'base64'));
  if (typeof parsed === 'string') return refuse(parsed);
  const { credCert, intermediate, authData } = parsed;

  // 1. The chain: credCert ← intermediate ← root, each signature valid and each certificate valid now.
  try {
    if (!intermediate.getExtension(BasicConstraintsExtension)?.ca) return refuse('intermediate is not a CA');
    if (!(await credCert.verify({ publicKey: intermediate, date: now }, x509Crypto)))
      return refuse('credCert not signed by the intermediate, or not valid now');
    if (!(await intermediate.verify({ publicKey: expect.trustAnchor, date: now }, x509Crypto)))
      return refuse('intermediate not signed by the root, or not valid now');
  } catch {
    return refuse('certificate chain unreadable');
  }

  // 2–4. The nonce binds the attestation to this challenge and this authData.
  const nonce = sha256(authData, clientDataHashOf(challenge));
  const ext = credCert.getExtension(APP_ATTEST_NONCE_OID);
  if (!ext) return refuse('nonce extension missing');
  if (!Buffer.from(ext.value).equals(nonceExtensionValue(nonce))) return refuse('nonce mismatch');

  // 5. The key id is the SHA-256 of the credential certificate's public key.
  const keyId = Buffer.from(proof.keyId, 'base64');
  const point = p256Point(credCert);
  if (!point || !appAttestKeyId(point).equals(keyId)) return refuse('keyId is not the credential key');

  // 6–9. authData: our app, a fresh key, the expected environment, the same credential.
  if (!authData.subarray(0, 32).equals(sha256(Buffer.from(expect.appId)))) return refuse('RP id is not this app');
  if (authData.readUInt32BE(33) !== 0) return refuse('counter is not 0');
  if (!authData.subarray(37, 53).equals(APP_ATTEST_AAGUID[expect.environment]))
    return refuse(`aaguid is not ${expect.environment}`);
  if (authData.readUInt16BE(53) !== 32 || !authData.subarray(55, 87).equals(keyId))
    return refuse('credential id is not the key id');

  return { ok: true, platform: 'ios' };
}
