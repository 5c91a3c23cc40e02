// The language list and its rules without zod: the web's first load reads these (zod is loaded later, with forms).
/**
 * The languages Fajr speaks (issue 45): the interface, the server's messages and the call. English is
 * SPEC.md's text and every other language's fallback.
 */
export const LANGUAGES = ['en', 'ar', 'ur', 'bn', 'id', 'ms', 'tr', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as the language menu lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ar: 'العربية',
  ur: 'اردو',
  bn: 'বাংলা',
  id: 'Bahasa Indonesia',
  ms: 'Bahasa Melayu',
  tr: 'Türkçe',
  fr: 'Français',
};

/** Written right to left: the whole app mirrors for these. */
export const RTL_LANGUAGES: ReadonlySet<Language> = new Set<Language>(['ar', 'ur']);

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The product's language for a BCP 47 tag or an Accept-Language list ('ar-EG', 'ms-MY', 'in' (Android's
 * old code for Indonesian), 'fr-CA;q=0.8, en;q=0.5'): the first one spoken here, else null.
 */
export function languageOf(tags: string | readonly string[] | null | undefined): Language | null {
  const list = typeof tags === 'string' ? tags.split(',') : (tags ?? []);
  for (const raw of list) {
    const base = raw.split(';')[0]!.trim().toLowerCase().split(/[-_]/)[0]!;
    const code = base === 'in' ? 'id' : base === 'zsm' ? 'ms' : base;
    if (isLanguage(code)) return code;
  }
  return null;
}
