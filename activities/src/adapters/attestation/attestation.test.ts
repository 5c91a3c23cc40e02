import { webcrypto } from 'node:crypto';
import { encode } from 'cbor';
import { verifyAppleAttestation, type AppAttestExpectation } from './apple-app-attest';
import {
  createLocalAttestation,
  genuineIntegrityPayload,
  localRootKeys,
  makeAppleAttestation,
  makeLocalIntegrityToken,
  type AppleAttestationParams,
} from './local';
import { checkIntegrityVerdict, type IntegrityPayload } from './play-integrity-verdict';
import { createPlatformAttestation } from './platform';
import { AttestationUnavailableError } from './types';

const APP_ID = 'ABCDE12345.app.fajr.test';
const PACKAGE = 'app.fajr.test';
const CHALLENGE = 'dGhpcy1pcy1hLXRlc3QtY2hhbGxlbmdlLW9mLTMyLWJ5dGVz';
const NOW = new Date('2026-11-23T05:00:00Z');

describe("Apple App Attest verification (the real code, with a root generated here in place of Apple's)", () => {
  let root: webcrypto.CryptoKeyPair;
  let expect_: AppAttestExpectation;
  const attest = (over: Partial<AppleAttestationParams> = {}) =>
    makeAppleAttestation({ challenge: CHALLENGE, appId: APP_ID, environment: 'production', root, now: NOW, ...over });
  const verify = async (
    proof: { keyId: string; attestationObject: string },
    over: Partial<AppAttestExpectation> = {},
    challenge = CHALLENGE,
  ) => verifyAppleAttestation(proof, challenge, NOW, { ...expect_, ...over });

  beforeAll(async () => {
    root = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as webcrypto.CryptoKeyPair;
    expect_ = { appId: APP_ID, environment: 'production', trustAnchor: root.publicKey };
  });

  it('when the attestation is made for this challenge, app and environment under the trusted root, then it passes', async () => {
    await expect(verify(await attest())).resolves.toEqual({ ok: true, platform: 'ios' });
  });

  it('when it chains to another root (a forged chain), then it is refused', async () => {
    const other = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as webcrypto.CryptoKeyPair;
    await expect(verify(await attest({ root: other }))).resolves.toMatchObject({
      ok: false,
      reason: expect.stringMatching(/intermediate not signed by the root/),
    });
  });

  it('when the nonce was made for another challenge (a replayed or borrowed proof), then it is refused', async () => {
    await expect(verify(await attest({ nonceChallenge: 'another-challenge-0123456789' }))).resolves.toMatchObject({
      ok: false,
      reason: 'nonce mismatch',
    });
    await expect(verify(await attest(), {}, 'another-challenge-0123456789')).resolves.toMatchObject({
      ok: false,
      reason: 'nonce mismatch',
    });
  });

  it('when it is for another app (RP id), then it is refused', async () => {
    await expect(verify(await attest({ appId: 'ZZZZZ99999.com.someone.else' }))).resolves.toMatchObject({
      ok: false,
      reason: 'RP id is not this app',
    });
  });

  it('when the counter is not 0, the aaguid is the other environment, or the key id is not the key, then it is refused', async () => {
    await expect(verify(await attest({ counter: 1 }))).resolves.toMatchObject({
      ok: false,
      reason: 'counter is not 0',
    });
    await expect(verify(await attest({ environment: 'development' }))).resolves.toMatchObject({
      ok: false,
      reason: 'aaguid is not production',
    });
    await expect(verify(await attest({ environment: 'development' }), { environment: 'development' })).resolves.toEqual(
      { ok: true, platform: 'ios' },
    );
    await expect(verify(await attest({ keyId: Buffer.alloc(32, 7) }))).resolves.toMatchObject({
      ok: false,
      reason: 'keyId is not the credential key',
    });
    // Another key id claimed beside an honest attestation.
    const honest = await attest();
    await expect(verify({ ...honest, keyId: Buffer.alloc(32, 7).toString('base64') })).resolves.toMatchObject({
      ok: false,
      reason: 'keyId is not the credential key',
    });
  });

  it('when the credential certificate is not valid now (expired), then it is refused', async () => {
    const old = {
      notBefore: new Date(NOW.getTime() - 10 * 86_400_000),
      notAfter: new Date(NOW.getTime() - 86_400_000),
    };
    await expect(verify(await attest({ leafValidity: old }))).resolves.toMatchObject({
      ok: false,
      reason: expect.stringMatching(/credCert .*not valid now/),
    });
  });

  it('when the object is not an App Attest attestation at all, then it is refused, never thrown', async () => {
    const keyId = Buffer.alloc(32).toString('base64');
    await expect(verify({ keyId, attestationObject: 'bm90IGNib3I=' })).resolves.toMatchObject({ ok: false });
    await expect(
      verify({ keyId, attestationObject: Buffer.from(encode({ fmt: 'packed' })).toString('base64') }),
    ).resolves.toMatchObject({ ok: false, reason: 'fmt is not apple-appattest' });
    const junkCerts = encode({
      fmt: 'apple-appattest',
      attStmt: { x5c: [Buffer.from('a'), Buffer.from('b')] },
      authData: Buffer.alloc(100),
    });
    await expect(
      verify({ keyId, attestationObject: Buffer.from(junkCerts).toString('base64') }),
    ).resolves.toMatchObject({ ok: false });
  });

  it("when the platform adapter (Apple's root) gets a proof signed by the local development root, then it is refused", async () => {
    const platform = createPlatformAttestation({ apple: { appId: APP_ID, environment: 'production' } });
    const local = await makeAppleAttestation({
      challenge: CHALLENGE,
      appId: APP_ID,
      environment: 'production',
      root: await localRootKeys('local-attestation-dev-secret'),
    });
    await expect(platform.verify({ platform: 'ios', ...local }, CHALLENGE, new Date())).resolves.toMatchObject({
      ok: false,
      reason: expect.stringMatching(/root/),
    });
  });
});

describe('Play Integrity verdict checks', () => {
  const genuine = (): IntegrityPayload => genuineIntegrityPayload(PACKAGE, CHALLENGE, NOW);
  const check = (p: IntegrityPayload) =>
    checkIntegrityVerdict(p, { packageName: PACKAGE, challenge: CHALLENGE, now: NOW });

  it('when the verdict is for our challenge and package, Play-recognised, on a device with integrity, then it passes (nonce or requestHash)', () => {
    expect(check(genuine())).toEqual({ ok: true, platform: 'android' });
    const standard = genuine();
    standard.requestDetails = { ...standard.requestDetails, nonce: undefined, requestHash: CHALLENGE };
    expect(check(standard)).toEqual({ ok: true, platform: 'android' });
  });

  it.each<[string, (p: IntegrityPayload) => void, RegExp]>([
    ['another challenge', (p) => (p.requestDetails!.nonce = 'someone-elses-challenge'), /challenge/],
    ['requested for another package', (p) => (p.requestDetails!.requestPackageName = 'com.other'), /another package/],
    [
      'older than 10 minutes',
      (p) => (p.requestDetails!.timestampMillis = String(NOW.getTime() - 11 * 60_000)),
      /too old/,
    ],
    [
      'a binary Play does not recognise',
      (p) => (p.appIntegrity!.appRecognitionVerdict = 'UNRECOGNIZED_VERSION'),
      /not recognised/,
    ],
    ['another app', (p) => (p.appIntegrity!.packageName = 'com.other'), /another package/],
    [
      'a device without integrity',
      (p) => (p.deviceIntegrity = { deviceRecognitionVerdict: ['MEETS_BASIC_INTEGRITY'] }),
      /device integrity/,
    ],
    ['no device verdict', (p) => (p.deviceIntegrity = {}), /device integrity/],
    ["a tester's static answer", (p) => (p.testingDetails = { isTestingResponse: true }), /testing/],
    ['no request details', (p) => delete p.requestDetails, /requestDetails/],
  ])('when the verdict is %s, then it is refused', (_what, spoil, reason) => {
    const p = genuine();
    spoil(p);
    expect(check(p)).toEqual({ ok: false, reason: expect.stringMatching(reason) });
  });

  it('when Google refuses the token or cannot be reached, then the platform adapter refuses it or says it is unavailable', async () => {
    const android = (decode: () => Promise<IntegrityPayload | 'invalid'>) =>
      createPlatformAttestation({ android: { packageName: PACKAGE, decode } });
    const proof = { platform: 'android' as const, integrityToken: 'token' };
    await expect(
      android(async () => genuineIntegrityPayload(PACKAGE, CHALLENGE, new Date())).verify(proof, CHALLENGE, new Date()),
    ).resolves.toEqual({ ok: true, platform: 'android' });
    await expect(android(async () => 'invalid').verify(proof, CHALLENGE, new Date())).resolves.toMatchObject({
      ok: false,
    });
    await expect(
      android(async () => {
        throw new AttestationUnavailableError('down');
      }).verify(proof, CHALLENGE, new Date()),
    ).rejects.toBeInstanceOf(AttestationUnavailableError);
    // An app the configuration does not name: refused.
    await expect(createPlatformAttestation({}).verify(proof, CHALLENGE, new Date())).resolves.toMatchObject({
      ok: false,
    });
  });
});

describe('local attestation', () => {
  const options = {
    secret: 'a-test-attestation-secret',
    appleAppId: APP_ID,
    environment: 'development' as const,
    androidPackageName: PACKAGE,
  };

  it("when its console (the app's side) attests a challenge, then the local adapter verifies it, on either platform", async () => {
    const { attestation, devConsole } = createLocalAttestation(options);
    for (const platform of ['ios', 'android'] as const) {
      await expect(
        attestation.verify(await devConsole.attest(CHALLENGE, platform), CHALLENGE, new Date()),
      ).resolves.toEqual({ ok: true, platform });
    }
  });

  it('when a proof was signed with another secret, tampered with, or made for another challenge, then it is refused', async () => {
    const { attestation } = createLocalAttestation(options);
    const other = createLocalAttestation({ ...options, secret: 'someone-elses-secret-value' }).devConsole;
    await expect(
      attestation.verify(await other.attest(CHALLENGE, 'ios'), CHALLENGE, new Date()),
    ).resolves.toMatchObject({ ok: false });
    await expect(
      attestation.verify(await other.attest(CHALLENGE, 'android'), CHALLENGE, new Date()),
    ).resolves.toMatchObject({ ok: false });
    const token = makeLocalIntegrityToken(options.secret, genuineIntegrityPayload(PACKAGE, CHALLENGE, new Date()));
    const [body, mac] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(body!, 'base64url').toString()),
        appIntegrity: { appRecognitionVerdict: 'PLAY_RECOGNIZED', packageName: 'x' },
      }),
    ).toString('base64url');
    await expect(
      attestation.verify({ platform: 'android', integrityToken: `${forged}.${mac}` }, CHALLENGE, new Date()),
    ).resolves.toMatchObject({ ok: false });
    await expect(
      attestation.verify({ platform: 'android', integrityToken: token }, 'another-challenge-0123456789', new Date()),
    ).resolves.toMatchObject({ ok: false });
  });
});
