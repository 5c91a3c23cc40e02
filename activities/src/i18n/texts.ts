import { formatMessage, type Params } from './format';
import ar from './texts/ar.json';
import bn from './texts/bn.json';
import en from './texts/en.json';
import fr from './texts/fr.json';
import id from './texts/id.json';
import ms from './texts/ms.json';
import tr from './texts/tr.json';
import ur from './texts/ur.json';

/**
 * What Fajr sends people in words (codes by SMS and e-mail, trial notices, friend invitations and
 * notices), one catalogue per language, in the recipient's language (docs/LANGUAGES.md). The English
 * is the text as it always was.
 */
export type TextKey = keyof typeof en;

export const TEXTS = { en, ar, ur, bn, id, ms, tr, fr } as const;

/** A text in a language; English for null, an unknown language or a missing translation. */
export function textIn(language: string | null | undefined, key: TextKey, params: Params = {}): string {
  return formatMessage<TextKey>(TEXTS, language ?? 'en', key, params);
}
