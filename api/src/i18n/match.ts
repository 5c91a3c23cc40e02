import { type Params } from '@fajr/activities/i18n/format';
import type { Language } from '../contracts/languages.contract';
import { MESSAGES, message, type MessageKey } from './catalogue';
import { sourceLabelIn } from './data/reference';

/**
 * Which catalogue message an English text is. The services, the domain and the contracts say their
 * messages in English (the tests and SPEC.md read them so); the answer is translated at the edge by
 * finding the English template the text was made from and its placeholders' values.
 */

interface Template {
  key: MessageKey;
  pattern: RegExp;
  names: string[];
  /** Letters outside the placeholders: the more, the more specific (tried first). */
  literal: number;
}

const en = MESSAGES.en as Record<MessageKey, string>;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Every English text without placeholders, by its text, and every one with them as a pattern.
const exact = new Map<string, MessageKey>();
const templates: Template[] = [];
for (const key of Object.keys(en) as MessageKey[]) {
  // ICU quoting: '' is one apostrophe in the text.
  const text = en[key].replace(/''/g, "'");
  const names: string[] = [];
  const parts = text.split(/\{(\w+)\}/);
  if (parts.length === 1) {
    if (!exact.has(text)) exact.set(text, key);
    continue;
  }
  const source = parts.map((p, i) => (i % 2 ? (names.push(p), '(.+?)') : escape(p))).join('');
  const literal = parts.filter((_, i) => i % 2 === 0).join('').length;
  templates.push({ key, pattern: new RegExp(`^${source}$`), names, literal });
}
templates.sort((a, b) => b.literal - a.literal);

export interface Identified {
  key: MessageKey;
  params: Record<string, string>;
}

/** The catalogue message an English text was made from, with its placeholders' values; null when none. */
export function identify(text: string): Identified | null {
  const key = exact.get(text);
  if (key) return { key, params: {} };
  for (const t of templates) {
    const m = t.pattern.exec(text);
    if (m) return { key: t.key, params: Object.fromEntries(t.names.map((n, i) => [n, m[i + 1]!])) };
  }
  return null;
}

const REGION_CODES = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const byName = new Map<string, string>();
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (name && name !== code && name !== 'Unknown Region') byName.set(name, code);
    }
  return byName;
})();

/** A country named in English ("the United Kingdom", "Indonesia") named in another language; as is when unknown. */
function countryIn(language: Language, english: string): string {
  const code = REGION_CODES.get(english.replace(/^the /, ''));
  return code ? (new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? english) : english;
}

/** A placeholder's value in the language: fragments of the catalogue ("in 3 hours") and countries are translated. */
function paramIn(language: Language, name: string, value: string): string {
  if (name === 'country') return countryIn(language, value);
  // A published table's or zone's label ("JAKIM zone PLS01 (Perlis)") in a day's note: the reference data's words.
  if (name === 'label') return sourceLabelIn(language, value);
  const fragment = identify(value);
  if (fragment?.key.startsWith('part.')) return render(language, fragment);
  return value;
}

function render(language: Language, found: Identified): string {
  const params: Params = Object.fromEntries(Object.entries(found.params).map(([n, v]) => [n, paramIn(language, n, v)]));
  return message(language, found.key, params);
}

/**
 * An English text in a language, with its stable code; null when the text is none of the catalogue's
 * (a caller keeps it as it is). English stays byte for byte the text given.
 */
export function translate(text: string, language: Language): { code: MessageKey; text: string } | null {
  const found = identify(text);
  if (!found) return null;
  return { code: found.key, text: language === 'en' ? text : render(language, found) };
}
