import { catalogueProblems } from '@fajr/activities/i18n/format';
import { LANGUAGES } from '../contracts/languages.contract';
import { MESSAGES, message, type MessageKey } from './catalogue';

const en = MESSAGES.en as Record<MessageKey, string>;

// Names and API identifiers that stay as they are in every language (plans, stores, fields, formats).
const NAMES = new Set(
  (
    'App Store Google Play Fajr JSON NUL PLUS PREMIUM UAN VoIP MB webhook abcdefgh android ios apple google any ' +
    'country countryCode days from lat lng mosqueId polarConvention prayerTimetableId purchaseToken since store transactionId ' +
    'plural one two few many other'
  ).split(' '),
);

describe("the API's message catalogues", () => {
  it('when any language lacks a key, has one English lacks, or a message does not parse as ICU, then this fails', () => {
    expect(catalogueProblems(MESSAGES)).toEqual([]);
    expect(Object.keys(MESSAGES).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('when a %s message is the English one, then this fails', (lang) => {
    const same = (Object.keys(en) as MessageKey[]).filter((k) => MESSAGES[lang][k] === en[k]);
    expect(same).toEqual([]);
  });

  it.each(['ar', 'ur', 'bn'] as const)(
    'when a %s message holds a Latin word that is not a name, then this fails',
    (lang) => {
      const words = Object.values(MESSAGES[lang])
        .map((m) => m!.replace(/\{\w+[},]|\\u0000/g, ''))
        .flatMap((m) => m.match(/[A-Za-z]+/g) ?? [])
        .filter((w) => !NAMES.has(w));
      expect(words).toEqual([]);
    },
  );

  it('when an English message uses anything but plain {placeholders}, then this fails (texts are matched by them)', () => {
    const fancy = Object.entries(en).filter(([, m]) => /\{\s*\w+\s*,/.test(m) || /'[{}#]/.test(m));
    expect(fancy).toEqual([]);
  });

  it('when every message is formatted with sample values in every language, then none fails or leaves a brace', () => {
    const sample = { n: '3', wait: 'W', country: 'C', max: '3', plan: 'PLUS', value: 'V', authority: 'A', city: 'B' };
    const day = { rule: 'R', label: 'L', days: '3', from: 'F', to: 'T', errors: 'E', code: 'Z' };
    const more = { options: 'x, y', expected: 'string', min: '1', keys: 'k' };
    for (const lang of LANGUAGES)
      for (const key of Object.keys(en) as MessageKey[]) {
        const out = message(lang, key, { ...sample, ...more, ...day });
        expect(out).not.toMatch(/[{}]/);
      }
  });
});
