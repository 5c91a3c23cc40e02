import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { sharedConfigSchema } from '../../config';
import { createAppleStore } from './apple';
import { appleSubscription } from './apple-format';
import { createGooglePlay } from './google';
import { googleSubscription } from './google-format';
import { storeProducts } from './products';
import { certificateSerialHex, derOf, generateLocalStoreKeys } from './local-keys';
import { StorePurchaseNotFoundError, WebhookSignatureError } from './types';

const config = sharedConfigSchema.parse({
  DATABASE_URL: 'postgres://u:p@localhost:5432/fajr',
  APP_STORE_PROVIDER: 'apple',
  APPLE_API_KEY_ID: 'KEY123',
  APPLE_API_ISSUER_ID: randomUUID(),
  APPLE_API_PRIVATE_KEY: 'not used before a request',
  PLAY_STORE_PROVIDER: 'google',
  GOOGLE_PUBSUB_SERVICE_ACCOUNT: 'push@fajr-project.iam.gserviceaccount.com',
});
const { planOf } = storeProducts(config);

describe('the real store adapters refuse what the stores did not sign, before any network call', () => {
  it('App Store: a notification signed by a chain that is not under Apple Root CA - G3', async () => {
    const keys = generateLocalStoreKeys();
    const x5c = [keys.appleLeafPem, keys.appleIntermediatePem, keys.appleRootPem].map((p) =>
      derOf(p).toString('base64'),
    );
    const signedPayload = jwt.sign(
      {
        notificationType: 'TEST',
        notificationUUID: randomUUID(),
        version: '2.0',
        signedDate: Date.now(),
        data: { bundleId: config.APPLE_BUNDLE_ID, environment: 'Sandbox' },
      },
      keys.appleLeafKeyPem,
      { algorithm: 'ES256', header: { alg: 'ES256', x5c } as jwt.JwtHeader },
    );
    const apple = createAppleStore(config, planOf);
    await expect(apple.parseNotification({ signedPayload }, undefined)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(apple.parseNotification({}, undefined)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(apple.lookUp('not-a-transaction-id')).rejects.toBeInstanceOf(StorePurchaseNotFoundError);
  });

  it('Google Play: a push without a bearer token; a malformed purchase token', async () => {
    const google = createGooglePlay(config, planOf);
    await expect(
      google.parseNotification({ message: { data: 'e30=', messageId: '1' } }, undefined),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(
      google.parseNotification({ message: { data: 'e30=', messageId: '1' } }, 'Basic abc'),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(google.lookUp('bad token with spaces')).rejects.toBeInstanceOf(StorePurchaseNotFoundError);
  });
});

describe('store states in our terms', () => {
  const now = new Date('2026-11-23T05:00:00Z');
  const day = 86_400_000;

  it('Apple: grace period until its own end, revocation before any status, no status: by the expiry date', () => {
    const tx = {
      originalTransactionId: '1',
      transactionId: '2',
      productId: 'fajr_plus_monthly',
      expiresDate: now.getTime() - 1000,
      appAccountToken: 'ABCDEF00-0000-4000-8000-000000000000',
    };
    const grace = appleSubscription(tx, { gracePeriodExpiresDate: now.getTime() + 6 * day }, 4, now, planOf);
    expect(grace).toMatchObject({
      subscriptionId: '1',
      plan: 'PLUS',
      status: 'in_grace_period',
      accountRef: 'abcdef00-0000-4000-8000-000000000000',
    });
    expect(grace.expiresAt?.getTime()).toBe(now.getTime() + 6 * day);
    expect(appleSubscription({ ...tx, revocationDate: now.getTime() }, undefined, 1, now, planOf).status).toBe(
      'revoked',
    );
    expect(appleSubscription(tx, undefined, undefined, now, planOf).status).toBe('expired');
    expect(appleSubscription({ ...tx, productId: 'something_else' }, undefined, 1, now, planOf).plan).toBeNull();
  });

  it('Google: cancelled (auto-renew off) counts until it expires; account hold does not; the replaced token is named', () => {
    const s = (state: string, expiry: Date) => ({
      subscriptionState: state,
      linkedPurchaseToken: 'old-token-123',
      externalAccountIdentifiers: { obfuscatedExternalAccountId: 'user-1' },
      lineItems: [{ productId: 'fajr_premium_monthly', expiryTime: expiry.toISOString() }],
    });
    expect(
      googleSubscription('t', s('SUBSCRIPTION_STATE_CANCELED', new Date(now.getTime() + day)), now, planOf),
    ).toMatchObject({ status: 'active', plan: 'PREMIUM', replaces: 'old-token-123', accountRef: 'user-1' });
    expect(
      googleSubscription('t', s('SUBSCRIPTION_STATE_CANCELED', new Date(now.getTime() - day)), now, planOf).status,
    ).toBe('expired');
    expect(googleSubscription('t', s('SUBSCRIPTION_STATE_ON_HOLD', now), now, planOf).status).toBe('on_hold');
    expect(googleSubscription('t', s('SUBSCRIPTION_STATE_IN_GRACE_PERIOD', now), now, planOf).status).toBe(
      'in_grace_period',
    );
  });
});

describe("the local stores' certificates", () => {
  it('take a serial that is a positive DER integer in minimal form, whatever the random bytes (a leading 0x00 made about 1 in 400 unreadable)', () => {
    expect(certificateSerialHex(Buffer.from('0005aabbccddeeff', 'hex'))).toBe('0105aabbccddeeff');
    expect(certificateSerialHex(Buffer.from('80aabbccddeeff00', 'hex'))).toBe('01aabbccddeeff00');
    expect(certificateSerialHex(Buffer.from('ff00000000000000', 'hex'))).toBe('7f00000000000000');
    expect(certificateSerialHex(Buffer.from('1234567890abcdef', 'hex'))).toBe('1234567890abcdef');
  });
});
