import { catalogueProblems } from './format';
import { TEXTS, textIn } from './texts';

describe('the catalogues of texts and e-mails', () => {
  it('when a language lacks a key or a message does not parse as ICU, then this fails', () => {
    expect(catalogueProblems(TEXTS)).toEqual([]);
  });

  it('when a text is formatted in each language, then every value is in it and no brace is left', () => {
    for (const lang of Object.keys(TEXTS))
      for (const key of Object.keys(TEXTS.en) as (keyof typeof TEXTS.en)[]) {
        const out = textIn(lang, key, {
          code: '123456',
          days: 3,
          url: 'https://x.test/app',
          firstName: 'Aisha',
          inviterName: 'Omar',
          consentUrl: 'https://x.test/c',
          stopUrl: 'https://x.test/s',
          mosque: 'Masjid Noor',
          date: '12 December',
        });
        expect(out).not.toMatch(/[{}]/);
        if (TEXTS.en[key].includes('{code}')) expect(out).toContain('123456');
      }
  });

  it('when the language is unknown or missing, then the English', () => {
    const en = textIn('en', 'code.verify.text', { code: '123456' });
    expect(en).toBe('Your Fajr verification code is 123456. It expires in 10 minutes.');
    expect(textIn('xx', 'code.verify.text', { code: '123456' })).toBe(en);
    expect(textIn(null, 'code.verify.text', { code: '123456' })).toBe(en);
  });

  it('when the trial ends tomorrow or in days, then English reads as it always did and Arabic follows its plurals', () => {
    const url = 'https://fajr.test/app/subscriptions';
    expect(textIn('en', 'trial.reminder.text', { days: 1, url })).toBe(
      `Your Fajr free trial ends tomorrow. Choose a plan at ${url} to keep your Fajr calls.`,
    );
    expect(textIn('en', 'trial.reminder.text', { days: 3, url })).toContain('ends in 3 days.');
    expect(textIn('ar', 'trial.reminder.text', { days: 2, url })).toContain('بعد يومين');
  });
});
