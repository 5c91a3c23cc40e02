import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LANGUAGES } from '@fajr/api/contracts/languages';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NAMESPACES } from './namespaces';
import { pseudoMessage } from './pseudo';

type Tree = { [key: string]: string | Tree };
const LOCALES = join(__dirname, 'locales');
const catalogue = (language: string, ns: string): Tree =>
  JSON.parse(readFileSync(join(LOCALES, language, `${ns}.json`), 'utf8')) as Tree;

/** Every message of a namespace by its dotted key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The arguments and tags a message uses: a translation must use the same ones. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time)
      into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      into.add(el.value);
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    }
    if (el.type === TYPE.tag) {
      into.add(`<${el.value}>`);
      argumentsOf(el.children, into);
    }
  }
  return into;
}

describe('the message catalogues', () => {
  it('have one file per namespace in every language, and nothing else', () => {
    for (const language of LANGUAGES) {
      const files = readdirSync(join(LOCALES, language)).filter((f) => f.endsWith('.json'));
      expect(files.sort()).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  describe.each(NAMESPACES)('namespace %s', (ns) => {
    const english = flatten(catalogue('en', ns));
    it.each(LANGUAGES.filter((l) => l !== 'en'))('in %s has every English key, no other, none empty', (language) => {
      const translated = flatten(catalogue(language, ns));
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      expect([...translated].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    });
    it.each([...LANGUAGES])('in %s is valid ICU, with the same arguments as the English', (language) => {
      const broken: string[] = [];
      for (const [key, text] of flatten(catalogue(language, ns))) {
        try {
          const args = [...argumentsOf(parse(text))].sort();
          const expected = english.has(key) ? [...argumentsOf(parse(english.get(key)!))].sort() : args;
          if (args.join() !== expected.join()) broken.push(`${key}: uses ${args.join()} (English: ${expected.join()})`);
        } catch (error) {
          broken.push(`${key}: ${(error as Error).message}`);
        }
      }
      expect(broken).toEqual([]);
    });
  });

  it('give a pseudo-locale that keeps arguments, plurals and tags and is longer', () => {
    const message = 'You have {count, plural, one {# call} other {# calls}} at <b>{time}</b>';
    const pseudo = pseudoMessage(message);
    expect(argumentsOf(parse(pseudo))).toEqual(argumentsOf(parse(message)));
    expect(pseudo).toMatch(/^\[Ýóú hávé \{count,plural,one\{# çáll\} other\{# çálls\}\} át <b>\{time\}<\/b>~+\]$/);
    expect(pseudo.length).toBeGreaterThan(message.length * 1.3);
  });
});
