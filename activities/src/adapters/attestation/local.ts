import { createECDH, createHash, createHmac, timingSafeEqual, webcrypto } from 'node:crypto';
import { BasicConstraintsExtension, Extension, X509CertificateGenerator } from './x509';
import { encode } from 'cbor';
import {
  APP_ATTEST_AAGUID,
  APP_ATTEST_NONCE_OID,
  appAttestKeyId,
  clientDataHashOf,
  nonceExtensionValue,
  verifyAppleAttestation,
  x509Crypto,
  type AppAttestEnvironment,
} from './apple-app-attest';
import { checkIntegrityVerdict, type IntegrityPayload } from './play-integrity-verdict';
import type { AppAttestation, AppPlatform, AppProof, LocalAttestationConsole } from './types';

/** The app ids the local adapter expects when none is configured. */
export const LOCAL_APPLE_APP_ID = 'FAJRLOCAL1.app.fajr.local';
export const LOCAL_ANDROID_PACKAGE = 'app.fajr.local';

type CryptoKeyPair = webcrypto.CryptoKeyPair;
const subtle = webcrypto.subtle;
const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
const HOUR_MS = 3600_000;

/**
 * The development root CA's key pair, derived from the (published) local attestation secret: the app's
 * side signs with it, the local adapter trusts its public key, exactly as Apple's root is trusted.
 */
export async function localRootKeys(secret: string): Promise<CryptoKeyPair> {
  const d = createHash('sha256').update(`fajr-local-attestation-root\0${secret}`).digest();
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey();
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  return {
    privateKey: await subtle.importKey('jwk', { ...jwk, d: d.toString('base64url') }, ECDSA, false, ['sign']),
    publicKey: await subtle.importKey('jwk', jwk, ECDSA, true, ['verify']),
  } as CryptoKeyPair;
}

/** What an App Attest attestation object is made of; tests change one field to forge a bad one. */
export interface AppleAttestationParams {
  challenge: string;
  appId: string;
  environment: AppAttestEnvironment;
  /** The root that signs the intermediate. */
  root: CryptoKeyPair;
  now?: Date;
  counter?: number;
  /** Sign the nonce of another challenge (a proof made for something else). */
  nonceChallenge?: string;
  /** Claim another key id than the credential key's. */
  keyId?: Buffer;
  /** The credential certificate's validity (Apple's are short-lived). */
  leafValidity?: { notBefore: Date; notAfter: Date };
}

/**
 * Makes an App Attest attestation object the way the device does (authData, the nonce extension, the
 * x5c chain root → intermediate → credential certificate), signed by `root`: the app's side of the
 * local adapter, and the tests' way to exercise the real verification with a root of their own.
 */
export async function makeAppleAttestation(
  p: AppleAttestationParams,
): Promise<{ keyId: string; attestationObject: string }> {
  const now = p.now ?? new Date();
  const intermediateKeys = (await subtle.generateKey(ECDSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const credKeys = (await subtle.generateKey(ECDSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const point = Buffer.from(await subtle.exportKey('raw', credKeys.publicKey));
  const keyId = p.keyId ?? appAttestKeyId(point);
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(p.counter ?? 0);
  const coseKey = encode(
    new Map<number, number | Buffer>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, point.subarray(1, 33)],
      [-3, point.subarray(33)],
    ]),
  );
  const authData = Buffer.concat([
    createHash('sha256').update(p.appId).digest(),
    Buffer.from([0x40]), // attested credential data included
    counter,
    APP_ATTEST_AAGUID[p.environment],
    Buffer.from([0x00, 0x20]),
    appAttestKeyId(point),
    coseKey,
  ]);
  const nonce = createHash('sha256')
    .update(authData)
    .update(clientDataHashOf(p.nonceChallenge ?? p.challenge))
    .digest();
  const c = x509Crypto;
  const intermediate = await X509CertificateGenerator.create(
    {
      serialNumber: '01',
      subject: 'CN=Fajr Local App Attestation CA 1',
      issuer: 'CN=Fajr Local App Attestation Root CA',
      notBefore: new Date(now.getTime() - HOUR_MS),
      notAfter: new Date(now.getTime() + 365 * 24 * HOUR_MS),
      signingAlgorithm: SIGNING,
      publicKey: intermediateKeys.publicKey,
      signingKey: p.root.privateKey,
      extensions: [new BasicConstraintsExtension(true, 0, true)],
    },
    c,
  );
  const credCert = await X509CertificateGenerator.create(
    {
      serialNumber: '02',
      subject: `CN=${keyId.toString('hex')}`,
      issuer: intermediate.subject,
      notBefore: p.leafValidity?.notBefore ?? new Date(now.getTime() - HOUR_MS),
      notAfter: p.leafValidity?.notAfter ?? new Date(now.getTime() + 3 * 24 * HOUR_MS),
      signingAlgorithm: SIGNING,
      publicKey: credKeys.publicKey,
      signingKey: intermediateKeys.privateKey,
      extensions: [new Extension(APP_ATTEST_NONCE_OID, false, new Uint8Array(nonceExtensionValue(nonce)))],
    },
    c,
  );
  const attestationObject = encode({
    fmt: 'apple-appattest',
    attStmt: {
      x5c: [Buffer.from(credCert.rawData), Buffer.from(intermediate.rawData)],
      receipt: Buffer.from('local receipt'),
    },
    authData,
  });
  return { keyId: keyId.toString('base64'), attestationObject: Buffer.from(attestationObject).toString('base64') };
}

/** The local stand-in for Google's decodeIntegrityToken: the verdict as JSON, HMAC-signed with the local secret. */
function integrityKey(secret: string): Buffer {
  return createHash('sha256').update(`fajr-local-play-integrity\0${secret}`).digest();
}

/** A local integrity token carrying `payload` (the app's side; tests sign bad verdicts with it too). */
export function makeLocalIntegrityToken(secret: string, payload: IntegrityPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', integrityKey(secret)).update(body).digest('base64url')}`;
}

function decodeLocalIntegrityToken(secret: string, token: string): IntegrityPayload | undefined {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return undefined;
  const expected = createHmac('sha256', integrityKey(secret)).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' ? (payload as IntegrityPayload) : undefined;
  } catch {
    return undefined;
  }
}

/** A Play Integrity verdict as Google returns it for our app on a genuine device. */
export function genuineIntegrityPayload(packageName: string, challenge: string, now: Date): IntegrityPayload {
  return {
    requestDetails: { requestPackageName: packageName, nonce: challenge, timestampMillis: String(now.getTime()) },
    appIntegrity: { appRecognitionVerdict: 'PLAY_RECOGNIZED', packageName, versionCode: '1' },
    deviceIntegrity: { deviceRecognitionVerdict: ['MEETS_DEVICE_INTEGRITY'] },
    accountDetails: { appLicensingVerdict: 'LICENSED' },
  };
}

export interface LocalAttestationOptions {
  /** LOCAL_ATTESTATION_SECRET: the development root and the local integrity tokens derive from it. */
  secret: string;
  appleAppId: string;
  environment: AppAttestEnvironment;
  androidPackageName: string;
}

/**
 * The local adapter: proofs in the platforms' formats, made by its console (the app's side) and
 * verified with the same checks as the real ones, with the development root in place of Apple's and
 * an HMAC in place of Google's decryption.
 */
export function createLocalAttestation(o: LocalAttestationOptions): {
  attestation: AppAttestation;
  devConsole: LocalAttestationConsole;
} {
  let root: Promise<CryptoKeyPair> | undefined;
  const rootKeys = () => (root ??= localRootKeys(o.secret));
  const attestation: AppAttestation = {
    provider: 'local',
    async verify(proof, challenge, now) {
      if (proof.platform === 'ios') {
        return verifyAppleAttestation(proof, challenge, now, {
          appId: o.appleAppId,
          environment: o.environment,
          trustAnchor: (await rootKeys()).publicKey,
        });
      }
      const payload = decodeLocalIntegrityToken(o.secret, proof.integrityToken);
      if (!payload) return { ok: false, reason: 'not a local integrity token signed with this secret' };
      return checkIntegrityVerdict(payload, { packageName: o.androidPackageName, challenge, now });
    },
  };
  const devConsole: LocalAttestationConsole = {
    async attest(challenge: string, platform: AppPlatform): Promise<AppProof> {
      if (platform === 'android') {
        return {
          platform,
          integrityToken: makeLocalIntegrityToken(
            o.secret,
            genuineIntegrityPayload(o.androidPackageName, challenge, new Date()),
          ),
        };
      }
      return {
        platform,
        ...(await makeAppleAttestation({
          challenge,
          appId: o.appleAppId,
          environment: o.environment,
          root: await rootKeys(),
        })),
      };
    },
  };
  return { attestation, devConsole };
}
