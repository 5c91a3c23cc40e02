import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Page } from 'playwright-core';
import { PSEUDO_LOCALE, pseudoMessage } from '../web/src/i18n/pseudo';

// The web app's message catalogues, read as the browser reads them, so a journey in another language finds
// its buttons by the English text SPEC.md gives them: tr('ar', 'auth', 'Sign Up') is the Arabic button.

type Tree = { [key: string]: string | Tree };
const LOCALES = path.join(__dirname, '..', 'web', 'src', 'i18n', 'locales');
const cache = new Map<string, Map<string, string>>();

function messages(language: string, ns: string): Map<string, string> {
  const id = `${language}/${ns}`;
  let flat = cache.get(id);
  if (!flat) {
    flat = new Map();
    const walk = (tree: Tree, prefix: string) => {
      for (const [k, v] of Object.entries(tree)) {
        if (typeof v === 'string') flat!.set(prefix + k, v);
        else walk(v, `${prefix}${k}.`);
      }
    };
    walk(JSON.parse(readFileSync(path.join(LOCALES, language, `${ns}.json`), 'utf8')) as Tree, '');
    cache.set(id, flat);
  }
  return flat;
}

/**
 * The text `language` shows where English shows `english` (a message of namespace `ns`, formatted with
 * `values`). Throws when the English is in no message: the screen was not moved onto the catalogue.
 */
export function tr(language: string, ns: string, english: string, values: Record<string, unknown> = {}): string {
  const format = (text: string, lng: string) =>
    String(new IntlMessageFormat(text, lng, undefined, { ignoreTag: true }).format(values as never));
  const formatsTo = (text: string) => {
    try {
      return format(text, 'en') === english;
    } catch {
      return false; // a message needing values this lookup was not given
    }
  };
  const found = [...messages('en', ns)].find(([, text]) => formatsTo(text));
  if (!found) throw new Error(`No ${ns} message reads "${english}" in English`);
  const [key, source] = found;
  if (language === 'en') return english;
  if (language === PSEUDO_LOCALE) return format(pseudoMessage(source), 'en');
  const translated = messages(language, ns).get(key);
  if (!translated) throw new Error(`${language}/${ns}.json has no ${key}`);
  return format(translated, language);
}

/**
 * The page's visible text without what is marked `translate="no"` (names: mosques, cities, people),
 * as words of three letters or more (a suffix joined by a hyphen, as in Bengali "Plus-এ", cut off).
 */
async function wordsOnPage(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[translate="no"], script, style, [aria-hidden="true"]')) continue;
      if (!parent.checkVisibility()) continue;
      out.push(node.textContent ?? '');
    }
    return out.join(' ');
  });
  return [...new Set((text.match(/[A-Za-z][A-Za-z'’-]{2,}/g) ?? []).map((w) => w.replace(/[-'’]+$/, '')))];
}

/** Latin words a reader of a non-Latin language would see on the page, names allowed. */
export async function latinWords(page: Page, allowed: readonly string[]): Promise<string[]> {
  const allow = new Set(allowed.map((w) => w.toLowerCase()));
  return (await wordsOnPage(page)).filter((w) => !allow.has(w.toLowerCase()));
}

/**
 * Words on the page the pseudo-locale did not touch: every catalogue text comes out accented, so a plain
 * English word (three letters or more, with an unaccented vowel) is a text from outside the catalogue.
 */
export async function untranslatedWords(page: Page, allowed: readonly string[]): Promise<string[]> {
  const allow = new Set(allowed.map((w) => w.toLowerCase()));
  return (await wordsOnPage(page)).filter((w) => /[aeiouAEIOU]/.test(w) && !allow.has(w.toLowerCase()));
}
