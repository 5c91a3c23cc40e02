import { parsePhoneNumberFromString, type NumberType as MaybeNumberType } from 'libphonenumber-js/max';

type NumberType = Exclude<MaybeNumberType, undefined>;

/**
 * Which numbers we may phone or text, and how often: the one place that decides it (docs/SECURITY.md).
 * A wake-up call or a code goes only to a number that can take one (a mobile or a fixed line, per
 * libphonenumber's full metadata) in a country the operator allows; premium-rate, shared-cost,
 * satellite and other numbers that bill the caller (toll fraud, SMS pumping) are refused.
 */

/** The number types that can take a wake-up call or a text. */
export const CALLABLE_TYPES: readonly NumberType[] = ['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE'];

const TYPE_NAMES: Partial<Record<NumberType, string>> = {
  PREMIUM_RATE: 'a premium-rate number',
  SHARED_COST: 'a shared-cost number',
  TOLL_FREE: 'a toll-free number',
  VOIP: 'an internet (VoIP) number',
  PERSONAL_NUMBER: 'a personal (forwarding) number',
  PAGER: 'a pager number',
  UAN: 'a company (UAN) number',
  VOICEMAIL: 'a voicemail access number',
};

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** Countries whose English name takes "the" (besides the "United …" ones and "… Islands"). */
const WITH_THE = new Set(['NL', 'PH', 'BS', 'GM', 'MV', 'DO', 'CF', 'VA']);

/** A country as a sentence names it after "in" or "to" ("Indonesia", "the United Kingdom"), never its ISO code. */
export function countryName(code: string): string {
  const name = REGION_NAMES.of(code);
  if (!name || name === code) return 'this country';
  return WITH_THE.has(code) || /^United |Islands$/.test(name) ? `the ${name}` : name;
}

/** The ISO country of a valid number, or null. */
export function phoneCountry(phoneNumber: string): string | null {
  return parsePhoneNumberFromString(phoneNumber)?.country ?? null;
}

/** Why we will not call or text this number (a message to show), or null when we may. */
export function phoneRefusal(phoneNumber: string, allowedCountries: readonly string[]): string | null {
  const parsed = parsePhoneNumberFromString(phoneNumber);
  if (!parsed || !parsed.isValid()) return 'This phone number is not in use, please check it';
  const type = parsed.getType();
  if (!parsed.country)
    return 'We cannot call satellite or international service numbers, please use a mobile or landline number';
  if (!type || !CALLABLE_TYPES.includes(type)) {
    return `We cannot call ${(type && TYPE_NAMES[type]) ?? 'this kind of number'}, please use a mobile or landline number`;
  }
  if (!allowedCountries.includes(parsed.country)) {
    return `We do not call or text numbers in ${countryName(parsed.country)} yet, please use a number from a country we serve`;
  }
  return null;
}

/** What a daily cap counts: texts of every kind, test calls, or codes read out by a call. */
export type PhoneSendChannel = 'sms' | 'test-call' | 'voice-code';

/**
 * Daily caps (a rolling 24 hours) per user and per number, on top of the per-hour rate limits and
 * the one-minute code cooldown. A person needs a few codes and a test call or two; the caps bound
 * what a stolen session or a script can bill to us per number.
 */
export const DAILY_CAPS: Record<PhoneSendChannel, { perUser: number; perNumber: number }> = {
  sms: { perUser: 8, perNumber: 8 },
  'test-call': { perUser: 3, perNumber: 3 },
  'voice-code': { perUser: 5, perNumber: 5 },
};

const CAP_WHAT: Record<PhoneSendChannel, string> = {
  sms: 'text messages',
  'test-call': 'test calls',
  'voice-code': 'calls with a code',
};

/**
 * How a code reaches a number: a call that reads it out where texts to the country are unreliable or
 * pumped (PHONE_VOICE_CODE_COUNTRIES, docs/SECURITY.md), a text elsewhere.
 */
export function codeChannelFor(phoneNumber: string, voiceCodeCountries: readonly string[]): 'sms' | 'voice-code' {
  const country = phoneCountry(phoneNumber);
  return country && voiceCodeCountries.includes(country) ? 'voice-code' : 'sms';
}

/** "in 3 hours", "in 12 minutes", "in 40 seconds": when something may be tried again. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s >= 5400) return `in ${Math.ceil(s / 3600)} hours`;
  if (s >= 90) return `in ${Math.ceil(s / 60)} minutes`;
  return `in ${s} seconds`;
}

/** The message of a reached daily cap, saying when the next one is possible. */
export function dailyCapMessage(channel: PhoneSendChannel, retryAfterSeconds: number): string {
  return `You have reached today's limit of ${CAP_WHAT[channel]} for this phone number, please try again ${waitText(retryAfterSeconds)}`;
}
