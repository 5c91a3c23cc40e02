import type { Formatters } from 'intl-messageformat';
import { IntlMessageFormat } from 'intl-messageformat';

/**
 * i18next's ICU step (its `i18nFormat` module), on FormatJS's `intl-messageformat`, built for a first load
 * on a slow phone (measured in bench:web):
 * - a message without braces or quotes is its own text: most of a screen costs no parsing;
 * - a message is compiled once per language and text, then only formatted;
 * - every message of a language shares one set of `Intl` formatters and one resolved locale: a new
 *   `Intl.PluralRules` or `supportedLocalesOf` per message is what made i18next-icu slow to first paint.
 * Tags (`<privacy>…</privacy>`) are left to react-i18next's `<Trans>`, as i18next-icu does.
 */

/** One memoised `Intl` constructor: the same options give the same instance. */
function memoised<A extends unknown[], R>(make: (...args: A) => R): (...args: A) => R {
  const made = new Map<string, R>();
  return (...args: A) => {
    const key = JSON.stringify(args);
    let value = made.get(key);
    if (value === undefined) {
      value = make(...args);
      made.set(key, value);
    }
    return value;
  };
}

const numberFormat = memoised(
  (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
);

/**
 * English's plain number (a plural's `#`: "in 10 days"): a whole number under 1,000 is written as Intl
 * would write it, without building an Intl.NumberFormat on the account page's first load (bench:web).
 */
const englishCount = {
  format: (value: number | bigint) =>
    typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 1000
      ? String(value)
      : numberFormat('en').format(value),
} as Intl.NumberFormat;

const isEnglish = (locales: unknown) => String(Array.isArray(locales) ? locales[0] : locales) === 'en';

const formatters: Formatters = {
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) =>
    args[1] === undefined && isEnglish(args[0]) ? englishCount : numberFormat(...args),
  getDateTimeFormat: memoised(
    (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  ),
  getPluralRules: memoised((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
};

// The library resolves the locale of every message it compiles through `supportedLocalesOf`, which costs
// Chromium ~100 ms of a slowed phone's first paint (bench:web's profile). The app's languages are its own
// codes, each one a locale as written: resolved once, without the lookup.
IntlMessageFormat.resolveLocale = memoised((locales: string | string[]) =>
  typeof Intl.Locale === 'function'
    ? new Intl.Locale((Array.isArray(locales) ? locales[0] : locales) ?? 'en')
    : undefined,
);

const PLAIN = /^[^{}']*$/;

/** Compiled messages by language, then by text: two keys with one text share one compilation. */
const compiled = new Map<string, Map<string, IntlMessageFormat>>();

function compile(message: string, language: string): IntlMessageFormat {
  let ofLanguage = compiled.get(language);
  if (!ofLanguage) compiled.set(language, (ofLanguage = new Map()));
  let format = ofLanguage.get(message);
  if (!format) {
    format = new IntlMessageFormat(message, language, undefined, { formatters, ignoreTag: true });
    ofLanguage.set(message, format);
  }
  return format;
}

/** The module given to `i18next.use`. */
export const icuFormat = {
  type: 'i18nFormat' as const,
  init(): void {},
  parse(message: unknown, values: Record<string, unknown>, language: string): unknown {
    if (typeof message !== 'string' || PLAIN.test(message)) return message;
    try {
      return compile(message, language).format(values);
    } catch {
      // A broken message shows as written (the catalogue test keeps them out); never a crash.
      return message;
    }
  },
  /** Plurals are ICU's: no `_one`/`_other` keys to look up. */
  addLookupKeys(keys: string[]): string[] {
    return keys;
  },
};
