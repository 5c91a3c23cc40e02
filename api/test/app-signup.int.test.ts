import { createHash } from 'node:crypto';
import {
  createLocalAttestation,
  LOCAL_ANDROID_PACKAGE,
  LOCAL_APPLE_APP_ID,
} from '@fajr/activities/adapters/attestation/local';
import { useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { LOCAL_PRODUCTION_ENV, withAppOn } from '@fajr/scripts/testing/app-server';
import { localAppAttestation } from '@fajr/scripts/testing/attestation';
import { loadApiConfig } from '../src/config';
import { APP_CHALLENGE_INVALID, APP_NOT_VERIFIED } from '../src/services/auth.service';

/**
 * Issue 14, point 2: `POST /users/signup?source=app` grants the app status (no trial) only on proof
 * that the request comes from the app: a platform attestation bound to a single-use challenge. Here
 * with the local adapter, whose proofs the development key signs (the real checks are unit-tested in
 * activities/src/adapters/attestation/attestation.test.ts).
 */

jest.setTimeout(60_000);

const h = useApi({});
const password = 'correct horse battery';

const signupApp = (body: Record<string, unknown>) =>
  h.api('POST', '/api/users/signup?source=app', { body: { phoneNumber: freshPhone(), password, ...body } });
const challenge = async () => (await h.api('POST', '/api/users/app-challenge')).body.result.challenge as string;
const usersNamed = async (phoneNumber: string) => h.db('users').where({ phone_number: phoneNumber });

describe('app sign-up', () => {
  it('when the app sends no proof, then the account is a web account with the trial', async () => {
    const r = await signupApp({});
    expect(r.status).toBe(200);
    expect(r.body.result.user).toMatchObject({ isAppUser: false, freeTrialDaysRemaining: h.config.TRIAL_DAYS });
    const row = await h.db('users').where({ id: r.body.result.user.id }).first();
    expect(row).toMatchObject({ is_app_user: false, signup_source: 'web' });
    expect(row.trial_ends_at).not.toBeNull();
  });

  it.each(['ios', 'android'] as const)(
    'when the app sends a valid %s attestation of a fresh challenge, then it is an app account without a trial',
    async (platform) => {
      const r = await signupApp({ attestation: await localAppAttestation(h.base, platform) });
      expect(r.status).toBe(200);
      expect(r.body.result.user).toMatchObject({ isAppUser: true, freeTrialDaysRemaining: null });
      expect(await h.db('users').where({ id: r.body.result.user.id }).first()).toMatchObject({
        is_app_user: true,
        signup_source: 'app',
        trial_ends_at: null,
      });
    },
  );

  it('when a challenge is issued, then only its hash is stored, with a 5-minute expiry', async () => {
    const before = Date.now();
    const r = await h.api('POST', '/api/users/app-challenge');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const { challenge: c, expiresAt } = r.body.result;
    expect(c).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expiresAt) - before).toBeGreaterThan(4.9 * 60_000);
    expect(Date.parse(expiresAt) - before).toBeLessThan(5.1 * 60_000);
    expect(await h.db('app_challenges').where({ challenge_hash: c })).toHaveLength(0);
    expect(
      await h.db('app_challenges').where({ challenge_hash: createHash('sha256').update(c).digest('hex') }),
    ).toHaveLength(1);
  });

  it('when a proof is replayed (its challenge used already), then it is refused and no account is made', async () => {
    const attestation = await localAppAttestation(h.base);
    expect((await signupApp({ attestation })).status).toBe(200);
    const phone = freshPhone();
    const again = await h.api('POST', '/api/users/signup?source=app', {
      body: { phoneNumber: phone, password, attestation },
    });
    expect(again).toMatchObject({ status: 403, body: { error: APP_CHALLENGE_INVALID } });
    expect(await usersNamed(phone)).toHaveLength(0);
  });

  it('when the challenge has expired or was never issued, then it is refused', async () => {
    const attestation = await localAppAttestation(h.base);
    await h.db('app_challenges').update({ expires_at: new Date(Date.now() - 1000) });
    expect(await signupApp({ attestation })).toMatchObject({ status: 403, body: { error: APP_CHALLENGE_INVALID } });
    // A proof of a challenge the server never gave out (made by the app's side on its own).
    const made = await h.api('POST', '/api/dev/app-attestation', {
      body: { challenge: 'never-issued-challenge-0123456789' },
    });
    expect(await signupApp({ attestation: made.body.result.attestation })).toMatchObject({
      status: 403,
      body: { error: APP_CHALLENGE_INVALID },
    });
  });

  it('when the proof is forged (another key) or for another app, then it is refused, no account is made, and its challenge is spent', async () => {
    const secret = h.config.LOCAL_ATTESTATION_SECRET;
    const base = {
      secret,
      appleAppId: LOCAL_APPLE_APP_ID,
      environment: h.config.APPLE_APP_ATTEST_ENVIRONMENT,
      androidPackageName: LOCAL_ANDROID_PACKAGE,
    };
    const forgers = {
      'another key': createLocalAttestation({ ...base, secret: 'not-the-servers-secret-value' }).devConsole,
      'another iOS app': createLocalAttestation({ ...base, appleAppId: 'ZZZZZ99999.com.someone.else' }).devConsole,
      'another Android app': createLocalAttestation({ ...base, androidPackageName: 'com.someone.else' }).devConsole,
    };
    for (const [what, forger] of Object.entries(forgers)) {
      const c = await challenge();
      const proof = { challenge: c, ...(await forger.attest(c, what.includes('Android') ? 'android' : 'ios')) };
      const phone = freshPhone();
      const r = await h.api('POST', '/api/users/signup?source=app', {
        body: { phoneNumber: phone, password, attestation: proof },
      });
      expect({ what, status: r.status, error: r.body.error }).toEqual({ what, status: 403, error: APP_NOT_VERIFIED });
      expect(await usersNamed(phone)).toHaveLength(0);
      // One try per challenge: a good proof cannot follow a bad one on the same challenge.
      const good = (await h.api('POST', '/api/dev/app-attestation', { body: { challenge: c } })).body.result
        .attestation;
      expect(await signupApp({ attestation: good })).toMatchObject({
        status: 403,
        body: { error: APP_CHALLENGE_INVALID },
      });
    }
  });

  it('when the attestation is malformed, then 400 says what is wrong and the challenge is not spent', async () => {
    const c = await challenge();
    expect(await signupApp({ attestation: { platform: 'windows', challenge: c } })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/ios or android/) },
    });
    expect(await signupApp({ attestation: { platform: 'ios', challenge: c, keyId: 'x' } })).toMatchObject({
      status: 400,
    });
    const good = (await h.api('POST', '/api/dev/app-attestation', { body: { challenge: c } })).body.result.attestation;
    expect((await signupApp({ attestation: good })).body.result.user.isAppUser).toBe(true);
  });

  it('when a web sign-up carries an attestation, then it is still a web account', async () => {
    const r = await h.api('POST', '/api/users/signup?source=web', {
      body: { phoneNumber: freshPhone(), password, attestation: await localAppAttestation(h.base) },
    });
    expect(r.status).toBe(200);
    expect(r.body.result.user.isAppUser).toBe(false);
  });

  it("when the API runs in production (local providers allowed on purpose), then the app's side of local attestation is not served", async () => {
    const config = loadApiConfig({ DATABASE_URL: h.testDb.url, LOG_LEVEL: 'silent', ...LOCAL_PRODUCTION_ENV });
    await withAppOn({ ...h.deps, config }, async (origin) => {
      const res = await fetch(`${origin}/api/dev/app-attestation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"challenge":"x"}',
      });
      expect(res.status).toBe(404);
    });
  });
});
