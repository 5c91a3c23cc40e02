import { ConfigError } from '@fajr/activities';
import { loadApiConfig } from './config';

const base = { DATABASE_URL: 'postgres://u:p@localhost:5432/fajr' };

describe('API configuration', () => {
  it('when only DATABASE_URL is given, then local providers and defaults are used', () => {
    const cfg = loadApiConfig(base);
    expect(cfg).toMatchObject({
      PORT: 3000,
      TELEPHONY_PROVIDER: 'local',
      PAYMENTS_PROVIDER: 'local',
      CALLS_PER_SECOND: 1,
    });
  });

  it('when DATABASE_URL is missing, then it refuses naming the variable', () => {
    expect(() => loadApiConfig({})).toThrow(ConfigError);
    expect(() => loadApiConfig({})).toThrow(/DATABASE_URL/);
  });

  it('when production uses local providers, then it refuses unless explicitly allowed', () => {
    const prod = { ...base, NODE_ENV: 'production', OTP_SECRET: 'a-production-secret-value' };
    expect(() => loadApiConfig(prod)).toThrow(
      /TELEPHONY_PROVIDER, MESSAGING_PROVIDER, EMAIL_PROVIDER, PAYMENTS_PROVIDER use the local/,
    );
    // Issue 14: allowed local providers still need their own secrets in production.
    const secrets = {
      LOCAL_TELEPHONY_AUTH_TOKEN: 'a-production-telephony-token',
      LOCAL_PAYMENTS_WEBHOOK_SECRET: 'a-production-webhook-secret',
      LOCAL_ATTESTATION_SECRET: 'a-production-attestation-secret',
    };
    expect(loadApiConfig({ ...prod, ...secrets, ALLOW_LOCAL_PROVIDERS_IN_PRODUCTION: 'true' }).NODE_ENV).toBe(
      'production',
    );
  });

  it('when production allows local providers but keeps their published development secrets, then it refuses naming each', () => {
    const prod = {
      ...base,
      NODE_ENV: 'production',
      OTP_SECRET: 'a-production-secret-value',
      ALLOW_LOCAL_PROVIDERS_IN_PRODUCTION: 'true',
    };
    expect(() => loadApiConfig(prod)).toThrow(/LOCAL_TELEPHONY_AUTH_TOKEN must be set in production/);
    expect(() => loadApiConfig(prod)).toThrow(/LOCAL_PAYMENTS_WEBHOOK_SECRET must be set in production/);
    expect(() => loadApiConfig({ ...prod, LOCAL_TELEPHONY_AUTH_TOKEN: 'a-production-telephony-token' })).not.toThrow(
      /LOCAL_TELEPHONY_AUTH_TOKEN/,
    );
    // Issue 14 point 2: with the published attestation secret anyone could sign up as the app.
    expect(() => loadApiConfig(prod)).toThrow(/LOCAL_ATTESTATION_SECRET must be set in production/);
  });

  it('when production runs local attestation without allowing local providers, then it refuses', () => {
    const prod = {
      ...base,
      NODE_ENV: 'production',
      OTP_SECRET: 'a-production-secret-value',
      LOCAL_ATTESTATION_SECRET: 'a-production-attestation-secret',
    };
    expect(() => loadApiConfig(prod)).toThrow(/ATTESTATION_PROVIDER uses the local provider in production/);
  });

  it('when platform attestation is chosen, then it needs an app to expect and, for Android, the service account', () => {
    expect(() => loadApiConfig({ ...base, ATTESTATION_PROVIDER: 'platform' })).toThrow(
      /APPLE_APP_ID or ANDROID_PACKAGE_NAME is required/,
    );
    expect(() =>
      loadApiConfig({ ...base, ATTESTATION_PROVIDER: 'platform', ANDROID_PACKAGE_NAME: 'app.fajr' }),
    ).toThrow(/PLAY_INTEGRITY_SERVICE_ACCOUNT is required/);
    expect(() => loadApiConfig({ ...base, ATTESTATION_PROVIDER: 'platform', APPLE_APP_ID: 'bad' })).toThrow(
      /APPLE_APP_ID/,
    );
    expect(
      loadApiConfig({ ...base, ATTESTATION_PROVIDER: 'platform', APPLE_APP_ID: 'ABCDE12345.app.fajr' }).APPLE_APP_ID,
    ).toBe('ABCDE12345.app.fajr');
  });

  it('when a real provider is chosen without its keys, then it names each missing key', () => {
    expect(() => loadApiConfig({ ...base, PAYMENTS_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY is required/);
    expect(() => loadApiConfig({ ...base, TELEPHONY_PROVIDER: 'twilio' })).toThrow(/TWILIO_AUTH_TOKEN is required/);
  });

  it('when a real app store is chosen without its keys, then it names them; empty values count as unset', () => {
    expect(() => loadApiConfig({ ...base, APP_STORE_PROVIDER: 'apple' })).toThrow(/APPLE_API_PRIVATE_KEY is required/);
    expect(() => loadApiConfig({ ...base, APP_STORE_PROVIDER: 'apple', APPLE_API_KEY_ID: '' })).toThrow(
      /APPLE_API_KEY_ID is required/,
    );
    expect(() => loadApiConfig({ ...base, PLAY_STORE_PROVIDER: 'google', GOOGLE_PUBSUB_SERVICE_ACCOUNT: '' })).toThrow(
      /GOOGLE_PUBSUB_SERVICE_ACCOUNT is required/,
    );
    const apple = {
      APP_STORE_PROVIDER: 'apple',
      APPLE_API_KEY_ID: 'K',
      APPLE_API_ISSUER_ID: 'I',
      APPLE_API_PRIVATE_KEY: 'P',
      APPLE_ENVIRONMENT: 'Production',
      APPLE_APP_APPLE_ID: '',
    };
    expect(() => loadApiConfig({ ...base, ...apple })).toThrow(
      /APPLE_APP_APPLE_ID is required for the Production App Store/,
    );
    expect(loadApiConfig({ ...base, ...apple, APPLE_APP_APPLE_ID: '1234567890' }).APPLE_APP_APPLE_ID).toBe(1234567890);
    const prod = {
      ...base,
      NODE_ENV: 'production',
      OTP_SECRET: 'a-production-secret-value',
      TELEPHONY_PROVIDER: 'twilio',
      MESSAGING_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://x',
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'k',
      STRIPE_WEBHOOK_SECRET: 'w',
      STRIPE_PRICE_BASIC: 'b',
      STRIPE_PRICE_PLUS: 'p',
      STRIPE_PRICE_PREMIUM: 'q',
    };
    expect(() => loadApiConfig(prod)).toThrow(
      /APP_STORE_PROVIDER, PLAY_STORE_PROVIDER use the local \(simulated\) store in production/,
    );
  });

  it('when production keeps the development OTP secret, then it refuses', () => {
    expect(() =>
      loadApiConfig({ ...base, NODE_ENV: 'production', ALLOW_LOCAL_PROVIDERS_IN_PRODUCTION: 'true' }),
    ).toThrow(/OTP_SECRET must be set/);
  });

  it('when a number is not a number, then it says which', () => {
    expect(() => loadApiConfig({ ...base, CALLS_PER_SECOND: 'fast' })).toThrow(/CALLS_PER_SECOND/);
  });
});
