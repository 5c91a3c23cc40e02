import { formatMessage, type Catalogues, type Params } from '@fajr/activities/i18n/format';
import type { Language } from '../../contracts/languages.contract';
import ar from './ar.json';
import bn from './bn.json';
import en from './en.json';
import fr from './fr.json';
import id from './id.json';
import ms from './ms.json';
import tr from './tr.json';
import ur from './ur.json';

/**
 * The reference data's words (docs/LANGUAGES.md "Reference data"): methods, high-latitude rules, adhaans,
 * call time preferences, published timetables and zones, as GET /data/prayer-calc, the city search and
 * the user view show them. Keyed by the thing's stable id (`method.<name>.label`); the English is the
 * seed's text, byte for byte (the catalogue test holds them together).
 */
export type DataKey = keyof typeof en;

export const DATA_TEXTS: Catalogues<DataKey> & Record<Language, Partial<Record<DataKey, string>>> = {
  en,
  ar,
  ur,
  bn,
  id,
  ms,
  tr,
  fr,
};

const english = en as Record<string, string>;

/** Whether a key is one of the catalogue's. */
export const isDataKey = (key: string): key is DataKey => key in english;

/** A reference text in a language (English where a translation is missing or broken). */
export function dataText(language: Language, key: DataKey, params: Params = {}): string {
  return formatMessage(DATA_TEXTS, language, key, params);
}

/**
 * The text of `key` in the language while `shown` is still the catalogue's English; else `shown` as is, so
 * a row an operator reworded is never replaced by a translation of the old words.
 */
export function ownText(language: Language, key: string, shown: string): string {
  if (language === 'en' || !isDataKey(key) || english[key] !== shown) return shown;
  return dataText(language, key);
}
