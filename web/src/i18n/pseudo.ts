import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import type { ResourceLanguage } from 'i18next';

/**
 * A pseudo-locale for the e2e suite (issue 45): every English text accented and a third longer, in
 * brackets, so a text not from the catalogue (still plain English) and a layout that truncates longer
 * languages both show. Never offered in the language menu; reached with ?lang=en-XA.
 */
export const PSEUDO_LOCALE = 'en-XA';

const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  c: 'ç',
  n: 'ñ',
  y: 'ý',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  C: 'Ç',
  N: 'Ñ',
  Y: 'Ý',
};
const accent = (text: string) => text.replace(/[aeiouycnAEIOUYCN]/g, (c) => ACCENTED[c] ?? c);

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((el) => {
    if (el.type === TYPE.literal) return { ...el, value: accent(el.value) };
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(el.options).map(([k, o]) => [k, { ...o, value: pseudoElements(o.value) }]),
      );
      return { ...el, options };
    }
    if (el.type === TYPE.tag) return { ...el, children: pseudoElements(el.children) };
    return el;
  });
}

/** One English message in the pseudo-locale: placeholders, plurals and tags kept as they are. */
export function pseudoMessage(message: string): string {
  const padding = '~'.repeat(Math.ceil(message.length / 3));
  return `[${printAST(pseudoElements(parse(message)))}${padding}]`;
}

function pseudoTree(value: unknown): unknown {
  if (typeof value === 'string') return pseudoMessage(value);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pseudoTree(v)]));
  }
  return value;
}

/** The whole English catalogue in the pseudo-locale. */
export const pseudoCatalogue = (english: ResourceLanguage): ResourceLanguage => pseudoTree(english) as ResourceLanguage;
