import { i18n } from '../../i18n/i18n';

/**
 * Names joined the way the language shown joins a list: `unit` keeps English's plain "A, B, C" (what the
 * settings said before the catalogue), `or` is "A or B" in English and its equivalent elsewhere.
 */
export function listOf(items: string[], kind: 'unit' | 'or'): string {
  const format = new Intl.ListFormat(i18n.language, kind === 'or' ? { type: 'disjunction' } : { type: 'unit' });
  return format.format(items);
}

/** "A or B" as parts: each item apart from the words between (to isolate phone numbers in right-to-left text). */
export const alternativesOf = (items: string[]) =>
  new Intl.ListFormat(i18n.language, { type: 'disjunction' }).formatToParts(items);
