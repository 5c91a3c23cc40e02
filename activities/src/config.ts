import { z } from 'zod';
import { parseCallerAccounts, type CallerAccount } from './domain/pacer';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * The countries (ISO 3166 alpha-2) calls and texts go to unless PHONE_COUNTRIES says otherwise: where
 * the service runs and where its users' languages are spoken. Each has a row in the cost table
 * (domain/phone-costs.json) whose caps and prices bound what toll fraud can bill there (docs/SECURITY.md).
 */
export const DEFAULT_PHONE_COUNTRIES = [
  'GB',
  'GG',
  'JE',
  'IM',
  'IE',
  'US',
  'CA',
  'AU',
  'NZ',
  'FR',
  'DE',
  'NL',
  'BE',
  'LU',
  'AT',
  'CH',
  'SE',
  'NO',
  'DK',
  'FI',
  'ES',
  'PT',
  'IT',
  'AE',
  'SA',
  'QA',
  'KW',
  'BH',
  'OM',
  'MY',
  'SG',
  'ZA',
  'ID',
  'PK',
  'BD',
  'IN',
  'TR',
  'EG',
  'MA',
  'DZ',
  'TN',
  'JO',
  'NG',
  'BN',
] as const;

/**
 * Where a code is read out by a call instead of texted: SMS to Nigeria, Pakistan and Bangladesh is
 * often filtered or late, and their routes are common SMS-pumping targets (docs/SECURITY.md).
 */
export const DEFAULT_VOICE_CODE_COUNTRIES = ['NG', 'PK', 'BD'] as const;

const countryList = (fallback: readonly string[]) =>
  z
    .string()
    .default(fallback.join(','))
    .transform((s) =>
      s
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'must be 2-letter country codes')));

/** Calls armed per second the planner counts on unless configured or measured lower (the dev server armed ~25/s here). */
export const DEFAULT_CALL_ARMING_RATE = 20;

/** An optional setting that an empty value (`VAR=` in a compose file) leaves unset. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The development secrets, published in this repository: production refuses every one of them. */
export const DEV_SECRETS = {
  LOCAL_TELEPHONY_AUTH_TOKEN: 'local-telephony-dev-token',
  LOCAL_PAYMENTS_WEBHOOK_SECRET: 'whsec_local_development_secret',
  OTP_SECRET: 'development-only-otp-secret',
  LOCAL_ATTESTATION_SECRET: 'local-attestation-dev-secret',
} as const;

/**
 * Provider and domain settings shared by the API and the worker. Each process's own config module
 * merges this with its settings and parses `process.env` once at start.
 */
export const sharedConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().url(),
  TEMPORAL_ADDRESS: z.string().min(1).default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('fajr'),
  /** Public URL of the API, used for provider callbacks (Twilio status, TwiML) and links in messages. */
  PUBLIC_BASE_URL: z.string().url().default('http://localhost:3000'),
  /**
   * Public URL of the web app, for links in messages to people (a Fajr friend's invitation, a mosque
   * request's answer). Unset: PUBLIC_BASE_URL, where the API serves the web app (production); in
   * development `npm start` sets it to the Vite server's URL.
   */
  PUBLIC_WEB_URL: unsetWhenEmpty(z.string().url()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where this process serves Prometheus metrics (GET /metrics on a port of its own); none when unset (docs/OPERATIONS.md). */
  METRICS_PORT: unsetWhenEmpty(z.coerce.number().int().min(0).max(65535)),
  /** The interface the metrics port listens on: loopback unless Prometheus scrapes from elsewhere. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** An OTLP/HTTP collector (http://host:4318) to send traces to; tracing is off when unset (docs/OPERATIONS.md). */
  OTEL_EXPORTER_OTLP_ENDPOINT: unsetWhenEmpty(z.string().url()),

  TELEPHONY_PROVIDER: z.enum(['local', 'twilio']).default('local'),
  MESSAGING_PROVIDER: z.enum(['local', 'twilio']).default('local'),
  EMAIL_PROVIDER: z.enum(['local', 'smtp']).default('local'),
  // Where the timetable upkeep gets JAKIM zones' next year: e-Solat itself in production ('esolat'); 'off'
  // locally, so a development machine never calls a government server (docs/PRAYER-TIMES.md "Shipped tables").
  TIMETABLE_SOURCE: z.enum(['off', 'esolat']).default('off'),
  PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  /** In-app purchases on iOS: Apple's App Store, or the local stand-in (docs/BILLING.md, "App stores"). */
  APP_STORE_PROVIDER: z.enum(['local', 'apple']).default('local'),
  /** In-app purchases on Android: Google Play, or the local stand-in. */
  PLAY_STORE_PROVIDER: z.enum(['local', 'google']).default('local'),
  /** Refuse local (simulated) providers in production unless this is set on purpose. */
  ALLOW_LOCAL_PROVIDERS_IN_PRODUCTION: bool.default(false),

  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  /** The number the Fajr calls (and SMS codes) come from, E.164. */
  FAJR_CALLER_NUMBER: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number')
    .default('+447700900123'),
  /** Shared secret the local telephony provider signs its callbacks with (Twilio uses its auth token). */
  LOCAL_TELEPHONY_AUTH_TOKEN: z.string().min(16).default(DEV_SECRETS.LOCAL_TELEPHONY_AUTH_TOKEN),
  /**
   * With TELEPHONY_PROVIDER=local: the local provider's own server (scripts/src/local-telephony/server.ts,
   * http://127.0.0.1:<port>) that places and rings the simulated calls in a process of its own, as Twilio
   * does in production, so a benchmark counts the worker's CPU alone. Unset: in the process itself.
   */
  LOCAL_TELEPHONY_URL: unsetWhenEmpty(z.string().url()),
  /** Countries (ISO 3166 alpha-2, comma-separated) whose numbers may be called and texted; see docs/SECURITY.md. */
  PHONE_COUNTRIES: countryList(DEFAULT_PHONE_COUNTRIES).pipe(z.array(z.string()).min(1)),
  /** Countries (comma-separated) where codes are read out by a call, not texted. */
  PHONE_VOICE_CODE_COUNTRIES: countryList(DEFAULT_VOICE_CODE_COUNTRIES),
  /** A cost table (JSON, like activities/src/domain/phone-costs.json) to use instead of the bundled one. */
  PHONE_COSTS_FILE: unsetWhenEmpty(z.string().min(1)),
  /**
   * What one account's numbers may cost us in a calendar month (US dollars, the cost table's prices):
   * beyond it no more optional sends (test calls, invitations, repeated codes); wake-up calls go on
   * and the operators are alerted (docs/SECURITY.md).
   */
  PHONE_MONTHLY_BUDGET_USD: z.coerce.number().positive().default(5),
  CALLS_PER_SECOND: z.coerce.number().positive().default(1),
  /**
   * Several caller accounts, each with its own calls per second: numbers of the one account
   * ("+447700900123=50,+447700900124=50"), or a JSON array naming each number's own account and its
   * credentials (domain/caller-accounts.ts, docs/CALLS.md). Unset: one, FAJR_CALLER_NUMBER at CALLS_PER_SECOND.
   */
  CALLER_ACCOUNTS: unsetWhenEmpty(
    z.string().superRefine((v, ctx) => {
      try {
        parseCallerAccounts(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  ),
  CALL_ARM_LEAD_SECONDS: z.coerce.number().int().min(0).default(120),
  /**
   * The most calls a second the planner counts on the workers arming: a crowded minute's lead grows by
   * N / this. It counts on less when the last two days' crowded armings were slower (docs/CALLS.md).
   */
  CALL_ARMING_RATE: z.coerce.number().positive().default(DEFAULT_CALL_ARMING_RATE),

  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_BASIC: z.string().optional(),
  STRIPE_PRICE_PLUS: z.string().optional(),
  STRIPE_PRICE_PREMIUM: z.string().optional(),
  /** Secret the local checkout signs its webhook events with. */
  LOCAL_PAYMENTS_WEBHOOK_SECRET: z.string().min(16).default(DEV_SECRETS.LOCAL_PAYMENTS_WEBHOOK_SECRET),

  /** The store product ids of the plans, the same in both stores (auto-renewable monthly subscriptions). */
  STORE_PRODUCT_BASIC: z.string().min(1).default('fajr_basic_monthly'),
  STORE_PRODUCT_PLUS: z.string().min(1).default('fajr_plus_monthly'),
  STORE_PRODUCT_PREMIUM: z.string().min(1).default('fajr_premium_monthly'),
  /** The iOS app's bundle id: signed App Store data for any other app is refused. */
  APPLE_BUNDLE_ID: z.string().min(1).default('app.fajr.ios'),
  /** The app's Apple ID (numeric, App Store Connect → App Information); required for Production. */
  APPLE_APP_APPLE_ID: unsetWhenEmpty(z.coerce.number().int().positive()),
  /** Which App Store environment is believed: Production or Sandbox (TestFlight, sandbox testers). */
  APPLE_ENVIRONMENT: z.enum(['Production', 'Sandbox']).default('Sandbox'),
  /** App Store Server API key (App Store Connect → Users and Access → Integrations → In-App Purchase). */
  APPLE_API_KEY_ID: unsetWhenEmpty(z.string()),
  APPLE_API_ISSUER_ID: unsetWhenEmpty(z.string()),
  /** The .p8 private key's PEM text (a secret). */
  APPLE_API_PRIVATE_KEY: unsetWhenEmpty(z.string()),
  /** The Android app's package name: notifications and purchases of any other app are refused. */
  GOOGLE_PLAY_PACKAGE_NAME: z.string().min(1).default('app.fajr.android'),
  /** The audience the Pub/Sub push subscription puts in its OIDC token (default: the push endpoint's URL). */
  GOOGLE_PUBSUB_AUDIENCE: unsetWhenEmpty(z.string()),
  /** The service account the Pub/Sub push subscription authenticates as: tokens of anyone else are refused. */
  GOOGLE_PUBSUB_SERVICE_ACCOUNT: unsetWhenEmpty(z.string()),
  /** Service-account key file for the Android Publisher API; unset: Application Default Credentials. */
  GOOGLE_PLAY_CREDENTIALS_FILE: unsetWhenEmpty(z.string()),

  SMTP_URL: z.string().optional(),
  EMAIL_FROM: z.string().default('Fajr <no-reply@fajr.local>'),
  /** Key for hashing one-time codes (HMAC); must be set in production. */
  OTP_SECRET: z.string().min(16).default(DEV_SECRETS.OTP_SECRET),
  TRIAL_DAYS: z.coerce.number().int().min(0).default(14),

  // Platform attestation of app sign-ups (docs/NATIVE-SHELL.md "What the app sends", docs/SECURITY.md).
  /** platform: Apple App Attest and Google Play Integrity; local: proofs signed with LOCAL_ATTESTATION_SECRET. */
  ATTESTATION_PROVIDER: z.enum(['local', 'platform']).default('local'),
  /** The iOS app: `<Team ID>.<bundle id>`; iOS proofs are refused when unset (platform). */
  APPLE_APP_ID: unsetWhenEmpty(z.string().regex(/^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/, 'must be <Team ID>.<bundle id>')),
  /** Which App Attest environment the app's builds use (the entitlement): production or development. */
  APPLE_APP_ATTEST_ENVIRONMENT: z.enum(['production', 'development']).default('production'),
  /** The Android app's package name; Android proofs are refused when unset (platform). */
  ANDROID_PACKAGE_NAME: unsetWhenEmpty(z.string().regex(/^[A-Za-z]\w*(\.[A-Za-z]\w*)+$/, 'must be a package name')),
  /** The Google service account key (JSON) allowed to decode the app's integrity tokens. */
  PLAY_INTEGRITY_SERVICE_ACCOUNT: unsetWhenEmpty(z.string()),
  /** The local attestation's development root and token key derive from it (published: production refuses it). */
  LOCAL_ATTESTATION_SECRET: z.string().min(16).default(DEV_SECRETS.LOCAL_ATTESTATION_SECRET),
});

export type SharedConfig = z.infer<typeof sharedConfigSchema>;

/** The web app's public origin (no trailing slash): where links in SMS and e-mail to people point. */
export function publicWebUrl(cfg: Pick<SharedConfig, 'PUBLIC_WEB_URL' | 'PUBLIC_BASE_URL'>): string {
  return (cfg.PUBLIC_WEB_URL ?? cfg.PUBLIC_BASE_URL).replace(/\/+$/, '');
}

/** The caller accounts calls are spread across (CALLER_ACCOUNTS, or the one caller number). */
export function callerAccountsOf(
  cfg: Pick<SharedConfig, 'CALLER_ACCOUNTS' | 'FAJR_CALLER_NUMBER' | 'CALLS_PER_SECOND'>,
): CallerAccount[] {
  return cfg.CALLER_ACCOUNTS
    ? parseCallerAccounts(cfg.CALLER_ACCOUNTS)
    : [{ number: cfg.FAJR_CALLER_NUMBER, callsPerSecond: cfg.CALLS_PER_SECOND }];
}

export { parseConfig, ConfigError } from './parse-config';
export { telephonyAccountsOf, type ProviderAccount, type TelephonyAccounts } from './domain/caller-accounts';
