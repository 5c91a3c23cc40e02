import { i18n } from '../../i18n/i18n';
import { isolate } from '../../lib/numbers';

/**
 * A message's values as the shown language needs them: in right-to-left text each one is isolated
 * (FSI … PDI), so a Latin name from the API ("Muslim World League", "London"), a number or a time
 * keeps its own order and does not pull the punctuation around it. Left-to-right text is left as it
 * is (what the English tests read).
 */
export function isolated<V extends Record<string, unknown>>(values: V): V {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? isolate(v) : v])) as V;
}

/**
 * Names joined the way the language shown joins a list: `unit` keeps English's plain "A, B, C" (what the
 * settings said before the catalogue).
 */
export const listOf = (items: string[]) => new Intl.ListFormat(i18n.language, { type: 'unit' }).format(items);

/** "A or B" as parts: each item apart from the words between (to isolate phone numbers in right-to-left text). */
export const alternativesOf = (items: string[]) =>
  new Intl.ListFormat(i18n.language, { type: 'disjunction' }).formatToParts(items);
