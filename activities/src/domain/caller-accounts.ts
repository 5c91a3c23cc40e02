import { z } from 'zod';
import type { CallerAccount } from './pacer';

/**
 * A telephony provider account calls are placed through (a Twilio account or subaccount): its SID
 * names it, its auth token signs the webhooks it sends (and, without an API key, authenticates our
 * requests), an API key (SK…) with its secret may authenticate the requests instead. The token and
 * secret live in configuration only: never logged, never in workflow history or the database.
 */
export interface ProviderAccount {
  sid: string;
  authToken: string;
  apiKey?: string;
  apiSecret?: string;
}

/** The account the local provider posts as when no CALLER_ACCOUNTS entry names one (Twilio's SID shape). */
export const LOCAL_ACCOUNT_SID = `AC${'0'.repeat(32)}`;

const E164 = /^\+[1-9]\d{6,14}$/;

// One entry of the JSON form. Strict: a misspelt key ("authtoken") is an error, not an account without a token.
const entrySchema = z
  .object({
    number: z.string().regex(E164, 'must be an E.164 number'),
    callsPerSecond: z.number().positive('must be above 0'),
    accountSid: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hex digits'),
    // Twilio signs every webhook of an account with its auth token, so an entry needs it even with an API key.
    authToken: z.string().min(16, 'must be the account’s auth token (at least 16 characters)'),
    apiKey: z
      .string()
      .regex(/^SK[0-9a-fA-F]{32}$/, 'must be SK followed by 32 hex digits')
      .optional(),
    apiSecret: z.string().min(1, 'must not be empty').optional(),
  })
  .strict()
  .refine((e) => (e.apiKey === undefined) === (e.apiSecret === undefined), 'apiKey and apiSecret go together');

/** What CALLER_ACCOUNTS says: the caller numbers with their rates, and, in its JSON form, each one's own account. */
export interface CallerAccountsSpec {
  callers: CallerAccount[];
  /** The accounts the entries name (JSON form), in entry order; empty in the older form (numbers of one account). */
  accounts: ProviderAccount[];
}

/**
 * Reads `CALLER_ACCOUNTS`, in one of two forms:
 * - `+447700900201=50,+447700900202=50`: caller numbers of the one configured account, each with its
 *   calls per second (the older form: the numbers share that account's CPS at Twilio);
 * - a JSON array, one entry per account: `[{"number":"+447700900201","callsPerSecond":45,
 *   "accountSid":"AC…","authToken":"…"}, …]`, optionally `"apiKey":"SK…","apiSecret":"…"` for the
 *   requests (the token still verifies the account's webhooks).
 * Throws a message naming the bad entry (by position and number, never echoing a secret).
 */
export function parseCallerAccountsSpec(spec: string): CallerAccountsSpec {
  // Every dial reads it: the last spec's reading is kept (a configuration has one).
  if (lastSpec?.spec === spec) return lastSpec.parsed;
  const parsed = readCallerAccountsSpec(spec);
  lastSpec = { spec, parsed };
  return parsed;
}

let lastSpec: { spec: string; parsed: CallerAccountsSpec } | undefined;

function readCallerAccountsSpec(spec: string): CallerAccountsSpec {
  const trimmed = spec.trim();
  const parsed = /^[[{]/.test(trimmed) ? parseJsonForm(trimmed) : { callers: parseNumbersForm(trimmed), accounts: [] };
  const { callers, accounts } = parsed;
  if (!callers.length) throw new Error('names no account');
  if (new Set(callers.map((a) => a.number)).size !== callers.length) throw new Error('names a number twice');
  const sids = accounts.map((a) => a.sid.toUpperCase());
  const twice = sids.find((s, i) => sids.indexOf(s) !== i);
  // An account's numbers share its calls per second at Twilio: two entries would pace it at their sum.
  if (twice) throw new Error(`names account ${twice} twice: give each account one entry with its whole rate`);
  if (callers.length > 1 && callers.some((a) => a.callsPerSecond < 1))
    throw new Error('each of several accounts needs at least 1 call per second');
  return parsed;
}

function parseNumbersForm(spec: string): CallerAccount[] {
  return spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry, i) => {
      const m = /^(\+[1-9]\d{6,14})=(\d+(?:\.\d+)?)$/.exec(entry);
      // Quoted only when it holds nothing but digits and signs: a pasted credential is never echoed.
      const which = /^[\d+=.\s-]{1,40}$/.test(entry) ? `"${entry}"` : `entry ${i + 1}`;
      if (!m || !(Number(m[2]) > 0)) throw new Error(`${which} is not <E.164 number>=<calls per second>`);
      return { number: m[1]!, callsPerSecond: Number(m[2]) };
    });
}

function parseJsonForm(spec: string): CallerAccountsSpec {
  let raw: unknown;
  try {
    raw = JSON.parse(spec);
  } catch {
    // Not the parser's message: it quotes the text around the error, which may be a token.
    throw new Error('is not valid JSON (expected [{"number", "callsPerSecond", "accountSid", "authToken"}, …])');
  }
  if (!Array.isArray(raw)) throw new Error('must be a JSON array of accounts');
  const callers: CallerAccount[] = [];
  const accounts: ProviderAccount[] = [];
  raw.forEach((item, i) => {
    const parsed = entrySchema.safeParse(item);
    if (!parsed.success) {
      const number = (item as { number?: unknown } | null)?.number;
      const which = `entry ${i + 1}${typeof number === 'string' && E164.test(number) ? ` (${number})` : ''}`;
      // Zod's messages name the field, never its value.
      const why = parsed.error.issues.map((x) => (x.path.length ? `${x.path.join('.')}: ` : '') + x.message);
      throw new Error(`${which}: ${why.join('; ')}`);
    }
    const e = parsed.data;
    callers.push({ number: e.number, callsPerSecond: e.callsPerSecond, accountSid: e.accountSid });
    accounts.push({
      sid: e.accountSid,
      authToken: e.authToken,
      ...(e.apiKey ? { apiKey: e.apiKey, apiSecret: e.apiSecret! } : {}),
    });
  });
  return { callers, accounts };
}

/** The settings the telephony accounts are read from. */
export interface TelephonyAccountSettings {
  TELEPHONY_PROVIDER: 'local' | 'twilio';
  CALLER_ACCOUNTS?: string | undefined;
  FAJR_CALLER_NUMBER: string;
  CALLS_PER_SECOND: number;
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
  LOCAL_TELEPHONY_AUTH_TOKEN: string;
}

/** The accounts calls go through, as configured: who dials from which number, and who signs what. */
export interface TelephonyAccounts {
  /** The caller numbers with their rates (and accounts): the pacer's calendar. */
  callers: CallerAccount[];
  /** True when CALLER_ACCOUNTS names each number's own account (JSON form). */
  separate: boolean;
  /** Every account: the entries' own, then the default one (TWILIO_ACCOUNT_SID, or the local provider's) when set. */
  accounts: ProviderAccount[];
  /** The number a call without a caller account (a code read out) comes from. */
  defaultCaller: string;
  /** The account a caller number dials through: its entry's, else the default one. */
  accountOf(number: string | null | undefined): ProviderAccount;
  /** The account of a SID, if configured. */
  bySid(sid: string | undefined): ProviderAccount | undefined;
}

/**
 * The telephony accounts of a configuration. The older forms (no CALLER_ACCOUNTS, or numbers only)
 * have one account: TWILIO_ACCOUNT_SID with TWILIO_AUTH_TOKEN (Twilio), or the local provider's
 * LOCAL_ACCOUNT_SID signing with LOCAL_TELEPHONY_AUTH_TOKEN (local).
 */
export function telephonyAccountsOf(cfg: TelephonyAccountSettings): TelephonyAccounts {
  // Read on every webhook: parsed once per configuration (the settings are compared, in case one is changed).
  const key = [
    cfg.TELEPHONY_PROVIDER,
    cfg.CALLER_ACCOUNTS,
    cfg.FAJR_CALLER_NUMBER,
    cfg.CALLS_PER_SECOND,
    cfg.TWILIO_ACCOUNT_SID,
    cfg.TWILIO_AUTH_TOKEN,
    cfg.LOCAL_TELEPHONY_AUTH_TOKEN,
  ].join('\u0000');
  const cached = parsedAccounts.get(cfg);
  if (cached?.key === key) return cached.accounts;
  const accounts = readTelephonyAccounts(cfg);
  parsedAccounts.set(cfg, { key, accounts });
  return accounts;
}

const parsedAccounts = new WeakMap<object, { key: string; accounts: TelephonyAccounts }>();

function readTelephonyAccounts(cfg: TelephonyAccountSettings): TelephonyAccounts {
  const spec = cfg.CALLER_ACCOUNTS
    ? parseCallerAccountsSpec(cfg.CALLER_ACCOUNTS)
    : { callers: [{ number: cfg.FAJR_CALLER_NUMBER, callsPerSecond: cfg.CALLS_PER_SECOND }], accounts: [] };
  const fallback: ProviderAccount | undefined =
    cfg.TELEPHONY_PROVIDER === 'local'
      ? { sid: LOCAL_ACCOUNT_SID, authToken: cfg.LOCAL_TELEPHONY_AUTH_TOKEN }
      : cfg.TWILIO_ACCOUNT_SID
        ? { sid: cfg.TWILIO_ACCOUNT_SID, authToken: cfg.TWILIO_AUTH_TOKEN ?? '' }
        : undefined;
  const accounts = [
    ...spec.accounts,
    ...(fallback && !spec.accounts.some((a) => a.sid === fallback.sid) ? [fallback] : []),
  ];
  const separate = spec.accounts.length > 0;
  const entryOf = (number: string | null | undefined) => spec.callers.findIndex((c) => c.number === number);
  // With only the entries' accounts (Twilio, no TWILIO_ACCOUNT_SID), a call without a caller number leaves from the first entry's.
  const defaultCaller =
    separate && !fallback && entryOf(cfg.FAJR_CALLER_NUMBER) < 0 ? spec.callers[0]!.number : cfg.FAJR_CALLER_NUMBER;
  const accountOf = (number: string | null | undefined): ProviderAccount => {
    const i = entryOf(number ?? defaultCaller);
    return (i >= 0 ? spec.accounts[i] : undefined) ?? fallback ?? accounts[0] ?? { sid: '', authToken: '' };
  };
  return {
    callers: spec.callers,
    separate,
    accounts,
    defaultCaller,
    accountOf,
    bySid: (sid) => (sid ? accounts.find((a) => a.sid.toUpperCase() === sid.toUpperCase()) : undefined),
  };
}
