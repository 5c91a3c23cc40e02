import { X509Certificate } from 'node:crypto';
import { Environment, SignedDataVerifier } from '@apple/app-store-server-library';
import jwt from 'jsonwebtoken';
import { APPLE_ROOT_CERTIFICATES } from './apple-roots';
import { derOf, generateLocalStoreKeys } from './local-keys';

describe('Apple roots and the local chain', () => {
  const keys = generateLocalStoreKeys();
  const now = Date.now();
  const x5c = [keys.appleLeafPem, keys.appleIntermediatePem, keys.appleRootPem].map((p) => derOf(p).toString('base64'));
  const signed = jwt.sign(
    {
      transactionId: '1000000000000001',
      originalTransactionId: '1000000000000001',
      bundleId: 'app.fajr.ios',
      productId: 'fajr_plus_monthly',
      purchaseDate: now,
      expiresDate: now + 86_400_000,
      type: 'Auto-Renewable Subscription',
      inAppOwnershipType: 'PURCHASED',
      signedDate: now,
      environment: 'Sandbox',
    },
    keys.appleLeafKeyPem,
    { algorithm: 'ES256', header: { alg: 'ES256', x5c } as jwt.JwtHeader },
  );

  it('ships Apple Root CA - G3 itself (its published SHA-256 fingerprint)', () => {
    const root = new X509Certificate(APPLE_ROOT_CERTIFICATES[0]!);
    expect(root.subject).toContain('CN=Apple Root CA - G3');
    expect(root.fingerprint256).toBe(
      '63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79',
    );
  });

  it("Apple's verifier accepts the local chain only where its root is the trusted one", async () => {
    const local = new SignedDataVerifier([derOf(keys.appleRootPem)], false, Environment.SANDBOX, 'app.fajr.ios');
    await expect(local.verifyAndDecodeTransaction(signed)).resolves.toMatchObject({
      transactionId: '1000000000000001',
    });
    // The real adapter trusts Apple's root only: the local chain is refused before any online check.
    const real = new SignedDataVerifier(APPLE_ROOT_CERTIFICATES, true, Environment.SANDBOX, 'app.fajr.ios');
    await expect(real.verifyAndDecodeTransaction(signed)).rejects.toMatchObject({ status: expect.any(Number) });
    // Another app's bundle id is refused even under the trusted root.
    const otherApp = new SignedDataVerifier([derOf(keys.appleRootPem)], false, Environment.SANDBOX, 'com.someone.else');
    await expect(otherApp.verifyAndDecodeTransaction(signed)).rejects.toBeDefined();
  });
});
