import { IntlMessageFormat } from 'intl-messageformat';

/**
 * ICU message formatting for the server's catalogues (the API's messages, the texts and e-mails the
 * worker sends; docs/LANGUAGES.md). One catalogue per language, keyed by a stable code; English is
 * every language's fallback, so a missing key or an unknown language never shows a key or fails.
 */

export type Params = Readonly<Record<string, string | number>>;
export type Catalogues<K extends string = string> = Readonly<Record<string, Readonly<Partial<Record<K, string>>>>>;

// Compiled once per template and locale: the catalogues are fixed, so this stays small.
const compiled = new Map<string, IntlMessageFormat>();

function compile(template: string, locale: string): IntlMessageFormat {
  const key = `${locale}\u0000${template}`;
  let f = compiled.get(key);
  if (!f) {
    // ignoreTag: a '<' in a message is text, never markup.
    f = new IntlMessageFormat(template, locale, undefined, { ignoreTag: true });
    compiled.set(key, f);
  }
  return f;
}

/** Fills a template's placeholders for a locale; a template that fails to format gives the English. */
export function formatTemplate(template: string, locale: string, params: Params = {}): string {
  return String(compile(template, locale).format(params));
}

/** A catalogue's message in a language, else in English (the catalogue 'en' must hold every key). */
export function formatMessage<K extends string>(
  catalogues: Catalogues<K>,
  language: string,
  key: K,
  params: Params = {},
): string {
  const own = catalogues[language]?.[key];
  if (own !== undefined) {
    try {
      return formatTemplate(own, language, params);
    } catch {
      // A broken translation (the catalogue test catches it first) falls back to the English.
    }
  }
  return formatTemplate(catalogues.en![key]!, 'en', params);
}

interface AstNode {
  type: number;
  value?: unknown;
  options?: Record<string, { value: AstNode[] }>;
  children?: AstNode[];
}

/** The names of a template's placeholders (plural and select branches included); throws when it does not parse. */
export function argumentsOf(template: string, locale: string): Set<string> {
  const names = new Set<string>();
  const walk = (nodes: AstNode[]) => {
    for (const n of nodes) {
      // Literals (type 0) and '#' (7) carry no name; every other element (argument, number, plural, select…) does.
      if (n.type !== 0 && n.type !== 7 && typeof n.value === 'string') names.add(n.value);
      for (const branch of Object.values(n.options ?? {})) walk(branch.value);
      if (n.children) walk(n.children);
    }
  };
  walk(new IntlMessageFormat(template, locale, undefined, { ignoreTag: true }).getAst() as AstNode[]);
  return names;
}

/**
 * What is wrong with a set of catalogues, for their tests: keys missing from a language or unknown to
 * English, templates that do not parse, and placeholders a translation uses that the English lacks.
 */
export function catalogueProblems(catalogues: Catalogues): string[] {
  const problems: string[] = [];
  const en = catalogues.en ?? {};
  for (const [lang, messages] of Object.entries(catalogues)) {
    for (const key of Object.keys(en)) if (!(key in messages)) problems.push(`${lang}: ${key} is missing`);
    for (const [key, template] of Object.entries(messages)) {
      if (!(key in en)) problems.push(`${lang}: ${key} is not an English key`);
      let args: Set<string>;
      try {
        args = argumentsOf(template!, lang);
      } catch (err) {
        problems.push(`${lang}: ${key} does not parse (${(err as Error).message})`);
        continue;
      }
      const english = key in en ? argumentsOf(en[key as keyof typeof en]!, 'en') : new Set<string>();
      for (const arg of args)
        if (!english.has(arg)) problems.push(`${lang}: ${key} uses {${arg}}, which the English lacks`);
    }
  }
  return problems;
}
