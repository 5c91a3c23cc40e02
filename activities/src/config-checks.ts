import { DEV_SECRETS, type SharedConfig } from './config';
import { parseCallerAccountsSpec } from './domain/caller-accounts';
import { loadPhoneCosts, unpricedCountries } from './domain/phone-costs';

/** Rules across fields: production refuses simulated providers and development secrets. */
export function checkSharedConfig(cfg: SharedConfig): string[] {
  const problems: string[] = [];
  const local = (['TELEPHONY_PROVIDER', 'MESSAGING_PROVIDER', 'EMAIL_PROVIDER', 'PAYMENTS_PROVIDER'] as const).filter(
    (k) => cfg[k] === 'local',
  );
  if (cfg.NODE_ENV === 'production' && local.length && !cfg.ALLOW_LOCAL_PROVIDERS_IN_PRODUCTION) {
    problems.push(
      `${local.join(', ')} use the local (simulated) provider in production; configure the real one or set ALLOW_LOCAL_PROVIDERS_IN_PRODUCTION=true`,
    );
  }
  const localStores = (['APP_STORE_PROVIDER', 'PLAY_STORE_PROVIDER'] as const).filter((k) => cfg[k] === 'local');
  if (cfg.NODE_ENV === 'production' && localStores.length && !cfg.ALLOW_LOCAL_PROVIDERS_IN_PRODUCTION) {
    problems.push(
      `${localStores.join(', ')} use the local (simulated) store in production; configure the real one or set ALLOW_LOCAL_PROVIDERS_IN_PRODUCTION=true`,
    );
  }
  // Calls need the one account only when CALLER_ACCOUNTS does not name each number's own (its JSON form); texts always.
  if ((cfg.TELEPHONY_PROVIDER === 'twilio' && !namesOwnAccounts(cfg)) || cfg.MESSAGING_PROVIDER === 'twilio') {
    if (!cfg.TWILIO_ACCOUNT_SID) problems.push('TWILIO_ACCOUNT_SID is required for the twilio provider');
    if (!cfg.TWILIO_AUTH_TOKEN) problems.push('TWILIO_AUTH_TOKEN is required for the twilio provider');
  }
  if (cfg.PAYMENTS_PROVIDER === 'stripe') {
    for (const k of [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_BASIC',
      'STRIPE_PRICE_PLUS',
      'STRIPE_PRICE_PREMIUM',
    ] as const) {
      if (!cfg[k]) problems.push(`${k} is required for the stripe provider`);
    }
  }
  if (cfg.APP_STORE_PROVIDER === 'apple') {
    for (const k of ['APPLE_API_KEY_ID', 'APPLE_API_ISSUER_ID', 'APPLE_API_PRIVATE_KEY'] as const) {
      if (!cfg[k]) problems.push(`${k} is required for the apple store provider`);
    }
    if (cfg.APPLE_ENVIRONMENT === 'Production' && !cfg.APPLE_APP_APPLE_ID)
      problems.push('APPLE_APP_APPLE_ID is required for the Production App Store');
  }
  if (cfg.PLAY_STORE_PROVIDER === 'google' && !cfg.GOOGLE_PUBSUB_SERVICE_ACCOUNT) {
    problems.push('GOOGLE_PUBSUB_SERVICE_ACCOUNT is required for the google store provider');
  }
  if (cfg.EMAIL_PROVIDER === 'smtp' && !cfg.SMTP_URL) problems.push('SMTP_URL is required for the smtp provider');
  problems.push(...attestationProblems(cfg));
  problems.push(...phoneCostProblems(cfg));
  if (cfg.NODE_ENV === 'production') {
    if (cfg.OTP_SECRET === DEV_SECRETS.OTP_SECRET) problems.push('OTP_SECRET must be set in production');
    // Even where local providers are allowed on purpose: anyone who read the repository could sign their webhooks.
    if (
      cfg.TELEPHONY_PROVIDER === 'local' &&
      cfg.LOCAL_TELEPHONY_AUTH_TOKEN === DEV_SECRETS.LOCAL_TELEPHONY_AUTH_TOKEN
    ) {
      problems.push('LOCAL_TELEPHONY_AUTH_TOKEN must be set in production (the development token is published)');
    }
    if (
      cfg.PAYMENTS_PROVIDER === 'local' &&
      cfg.LOCAL_PAYMENTS_WEBHOOK_SECRET === DEV_SECRETS.LOCAL_PAYMENTS_WEBHOOK_SECRET
    ) {
      problems.push('LOCAL_PAYMENTS_WEBHOOK_SECRET must be set in production (the development secret is published)');
    }
  }
  return problems;
}

/** Platform attestation: the real provider needs an app to expect; the published local secret never runs in production. */
function attestationProblems(cfg: SharedConfig): string[] {
  const problems: string[] = [];
  if (cfg.ATTESTATION_PROVIDER === 'platform') {
    if (!cfg.APPLE_APP_ID && !cfg.ANDROID_PACKAGE_NAME)
      problems.push('APPLE_APP_ID or ANDROID_PACKAGE_NAME is required for the platform attestation provider');
    if (cfg.ANDROID_PACKAGE_NAME && !cfg.PLAY_INTEGRITY_SERVICE_ACCOUNT)
      problems.push('PLAY_INTEGRITY_SERVICE_ACCOUNT is required to verify Android sign-ups');
    if (cfg.PLAY_INTEGRITY_SERVICE_ACCOUNT && !isJsonObject(cfg.PLAY_INTEGRITY_SERVICE_ACCOUNT))
      problems.push('PLAY_INTEGRITY_SERVICE_ACCOUNT must be the service account key (JSON)');
  }
  const production = cfg.NODE_ENV === 'production';
  if (production && cfg.ATTESTATION_PROVIDER === 'local' && !cfg.ALLOW_LOCAL_PROVIDERS_IN_PRODUCTION) {
    problems.push(
      'ATTESTATION_PROVIDER uses the local provider in production; configure platform or set ALLOW_LOCAL_PROVIDERS_IN_PRODUCTION=true',
    );
  }
  if (
    production &&
    cfg.ATTESTATION_PROVIDER === 'local' &&
    cfg.LOCAL_ATTESTATION_SECRET === DEV_SECRETS.LOCAL_ATTESTATION_SECRET
  ) {
    problems.push(
      'LOCAL_ATTESTATION_SECRET must be set in production (the development secret is published: anyone could attest as the app)',
    );
  }
  return problems;
}

/** Every served country needs a row in the cost table (its prices may be unknown, its caps apply). */
function phoneCostProblems(cfg: SharedConfig): string[] {
  let table;
  try {
    table = loadPhoneCosts(cfg.PHONE_COSTS_FILE);
  } catch (err) {
    return [`PHONE_COSTS_FILE could not be read: ${(err as Error).message}`];
  }
  const missing = unpricedCountries(table, cfg.PHONE_COUNTRIES);
  return missing.length ? [`PHONE_COUNTRIES ${missing.join(', ')} have no row in the phone cost table`] : [];
}

function isJsonObject(s: string): boolean {
  try {
    const v: unknown = JSON.parse(s);
    return typeof v === 'object' && v !== null;
  } catch {
    return false;
  }
}

/** CALLER_ACCOUNTS in its JSON form: each entry its own account with its credentials (already validated by the schema). */
function namesOwnAccounts(cfg: SharedConfig): boolean {
  return !!cfg.CALLER_ACCOUNTS && parseCallerAccountsSpec(cfg.CALLER_ACCOUNTS).accounts.length > 0;
}
