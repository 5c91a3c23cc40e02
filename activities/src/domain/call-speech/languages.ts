/**
 * The languages a call speaks (issue 45): the product's eight. The list is the API contract's
 * (api/src/contracts/languages.contract.ts, which the activities cannot import); a test in the API
 * keeps the two equal.
 */
export const CALL_LANGUAGES = ['en', 'ar', 'ur', 'bn', 'id', 'ms', 'tr', 'fr'] as const;
export type CallLanguage = (typeof CALL_LANGUAGES)[number];

export const isCallLanguage = (value: unknown): value is CallLanguage => CALL_LANGUAGES.includes(value as CallLanguage);

/**
 * The language a user's calls speak: their call language when set, else their interface language,
 * else English (a code we do not know, say from an old row, never fails a call).
 */
export function callLanguageOf(callLanguage: unknown, language?: unknown): CallLanguage {
  if (isCallLanguage(callLanguage)) return callLanguage;
  if (isCallLanguage(language)) return language;
  return 'en';
}
