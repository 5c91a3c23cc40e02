import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import jwt from 'jsonwebtoken';
import { X509Certificate } from 'node:crypto';
import { derOf, loadLocalStoreKeys } from '@fajr/activities/adapters/store/local-keys';
import { signalsOf } from '@fajr/scripts/testing/api';
import { fajrCallsWorkflowId } from '@fajr/workflows';
import { useStoreApi } from '@fajr/scripts/testing/store-api';

jest.setTimeout(60_000);

const { h, other, local, post, planOf, appUser } = useStoreApi();

describe('the scheduler unreachable', () => {
  it('a store notification answers 503 (the store retries); the retry minutes later sends the signals it missed, once', async () => {
    const u = await appUser();
    const bought = await local().buy('apple', u.id, 'PLUS');
    const working = h.deps.temporal;
    // Nothing listens on port 1: every call fails to connect (after a short timeout).
    h.deps.temporal = new Client({
      connection: Connection.lazy({ address: '127.0.0.1:1', connectTimeout: '1s', interceptors: [] }),
      namespace: 'default',
    });
    try {
      expect((await post(bought.notification)).status).toBe(503);
    } finally {
      await h.deps.temporal.connection.close().catch(() => undefined);
      h.deps.temporal = working;
    }
    expect(await planOf(u.id)).toBe('PLUS');
    // Right away it could still be in progress: 409, retry later.
    expect((await post(bought.notification)).status).toBe(409);
    const realNow = h.deps.now;
    h.deps.now = () => new Date(Date.now() + 5 * 60_000);
    try {
      expect((await post(bought.notification)).body).toEqual({ received: true, duplicate: true });
    } finally {
      h.deps.now = realNow;
    }
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged']);
    expect((await post(bought.notification)).body).toEqual({ received: true, duplicate: true });
    expect(await signalsOf(h.temporal, fajrCallsWorkflowId(u.id))).toEqual(['prefsChanged']);
  });
});

describe('notifications not from the store', () => {
  it('Apple: a JWS signed by another chain (with Apple OIDs, but not under the trusted root) is refused and nothing is stored', async () => {
    const u = await appUser();
    const x5c = [other().appleLeafPem, other().appleIntermediatePem, other().appleRootPem].map((p) =>
      derOf(p).toString('base64'),
    );
    const sign = (payload: object) =>
      jwt.sign(payload, other().appleLeafKeyPem, {
        algorithm: 'ES256',
        header: { alg: 'ES256', x5c } as jwt.JwtHeader,
      });
    const now = Date.now();
    const tx = sign({
      transactionId: '2000000000000001',
      originalTransactionId: '2000000000000001',
      bundleId: h.config.APPLE_BUNDLE_ID,
      productId: 'fajr_premium_monthly',
      purchaseDate: now,
      expiresDate: now + 30 * 86_400_000,
      type: 'Auto-Renewable Subscription',
      inAppOwnershipType: 'PURCHASED',
      signedDate: now,
      environment: 'Sandbox',
      appAccountToken: u.id,
    });
    const id = randomUUID();
    const signedPayload = sign({
      notificationType: 'SUBSCRIBED',
      subtype: 'INITIAL_BUY',
      notificationUUID: id,
      version: '2.0',
      signedDate: now,
      data: { bundleId: h.config.APPLE_BUNDLE_ID, environment: 'Sandbox', signedTransactionInfo: tx, status: 1 },
    });
    expect(await h.api('POST', '/api/webhooks/apple', { body: { signedPayload } })).toEqual({
      status: 400,
      body: { error: 'Invalid webhook signature', code: 'webhook.bad_signature' },
    });
    expect(await h.api('POST', '/api/webhooks/apple', { body: { signedPayload: 'e30.e30.x' } })).toEqual({
      status: 400,
      body: { error: 'Invalid webhook signature', code: 'webhook.bad_signature' },
    });
    expect(await h.api('POST', '/api/webhooks/apple', { body: {} })).toEqual({
      status: 400,
      body: { error: 'Invalid webhook signature', code: 'webhook.bad_signature' },
    });
    expect(await h.db('webhook_events').where({ provider_event_id: id })).toHaveLength(0);
    expect(await planOf(u.id)).toBeNull();
  });

  it('Google: a push without a token, with a token of another key, audience or service account is refused', async () => {
    const u = await appUser();
    const bought = await local().buy('google', u.id, 'PREMIUM');
    const { body, headers } = bought.notification;
    const token = (claims: object, key = other().googlePrivateKeyPem, kid = other().googleKeyId) =>
      `Bearer ${jwt.sign({ iss: 'https://accounts.google.com', email_verified: true, ...claims }, key, { algorithm: 'RS256', keyid: kid, expiresIn: 600 })}`;
    const keys = await h.db('local_store_keyring').first();
    const audience = `${h.base}/api/webhooks/google`;
    for (const authorization of [
      undefined,
      'Bearer not-a-token',
      token({ aud: audience, email: 'local-play-push@fajr.local' }),
      token(
        { aud: 'https://elsewhere.example/push', email: 'local-play-push@fajr.local' },
        keys.google_private_key_pem,
        keys.google_key_id,
      ),
      token({ aud: audience, email: 'someone@else.example' }, keys.google_private_key_pem, keys.google_key_id),
    ]) {
      const res = await h.api('POST', '/api/webhooks/google', {
        body,
        headers: { ...headers, authorization: authorization ?? '' },
      });
      expect(res).toEqual({ status: 400, body: { error: 'Invalid webhook signature', code: 'webhook.bad_signature' } });
    }
    expect(await planOf(u.id)).toBeNull();
    // Authentic, but about another app on the topic: acknowledged (Pub/Sub would redeliver a refusal for days) and ignored.
    const otherApp = Buffer.from(
      JSON.stringify({
        version: '1.0',
        packageName: 'com.someone.else',
        eventTimeMillis: String(Date.now()),
        subscriptionNotification: { notificationType: 4, purchaseToken: bought.purchase },
      }),
    ).toString('base64');
    const ack = await h.api('POST', '/api/webhooks/google', {
      body: { message: { data: otherApp, messageId: String(Date.now()) } },
      headers,
    });
    expect(ack).toEqual({ status: 200, body: { received: true, ignored: 'nothing to apply' } });
    expect(await planOf(u.id)).toBeNull();
    // The genuine push is accepted.
    expect((await post(bought.notification)).status).toBe(200);
    expect(await planOf(u.id)).toBe('PREMIUM');
  });
});

describe('the local keyring', () => {
  it('a stored chain OpenSSL cannot read (a serial with a leading zero byte, as generated before the fix) is replaced once, by the first reader', async () => {
    await loadLocalStoreKeys(h.db);
    await h.db
      .transaction(async (trx) => {
        // The stored intermediate with its serial made non-minimal: 00 then a byte below 0x80, "illegal padding" to OpenSSL.
        const stored = await trx('local_store_keyring').where({ id: 1 }).first();
        const der = Buffer.from(derOf(stored.apple_intermediate_pem));
        const at = der.indexOf(Buffer.from(new X509Certificate(stored.apple_intermediate_pem).serialNumber, 'hex'));
        der[at] = 0x00;
        der[at + 1]! &= 0x7f;
        const padded = `-----BEGIN CERTIFICATE-----\n${der.toString('base64')}\n-----END CERTIFICATE-----\n`;
        expect(() => new X509Certificate(padded)).toThrow(/padding/);
        await trx('local_store_keyring').where({ id: 1 }).update({ apple_intermediate_pem: padded });

        const [first, second] = await Promise.all([loadLocalStoreKeys(trx), loadLocalStoreKeys(trx)]);
        expect(second).toEqual(first);
        expect(first.appleRootPem).not.toBe(stored.apple_root_pem);
        for (const pem of [first.appleRootPem, first.appleIntermediatePem, first.appleLeafPem])
          expect(() => new X509Certificate(pem)).not.toThrow();
        expect(await loadLocalStoreKeys(trx)).toEqual(first);
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    // Rolled back: the harness's own keyring is as it was.
    const kept = await h.db('local_store_keyring').where({ id: 1 }).first();
    expect(() => new X509Certificate(kept.apple_intermediate_pem)).not.toThrow();
  });
});
