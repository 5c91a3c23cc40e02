import { formatMessage, type Catalogues, type Params } from '@fajr/activities/i18n/format';
import type { Language } from '../contracts/languages.contract';
import ar from './messages/ar.json';
import bn from './messages/bn.json';
import en from './messages/en.json';
import fr from './messages/fr.json';
import id from './messages/id.json';
import ms from './messages/ms.json';
import tr from './messages/tr.json';
import ur from './messages/ur.json';

/**
 * The API's messages, one catalogue per language (docs/LANGUAGES.md "Server messages"). A key is the
 * stable `code` an answer carries beside its text; the English is today's text, verbatim (SPEC.md).
 */
export type MessageKey = keyof typeof en;

export const MESSAGES: Catalogues<MessageKey> & Record<Language, Partial<Record<MessageKey, string>>> = {
  en,
  ar,
  ur,
  bn,
  id,
  ms,
  tr,
  fr,
};

/** A message in a language (English where a translation is missing or broken). */
export function message(language: Language, key: MessageKey, params: Params = {}): string {
  return formatMessage(MESSAGES, language, key, params);
}
