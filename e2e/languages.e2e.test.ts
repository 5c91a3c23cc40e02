import type { Page } from 'playwright-core';
import { latinWords, tr, untranslatedWords } from './i18n';
import { aPhoneNumber, latestCode, PHONE, screenshot, step, useBrowserStack } from './support';

// Issue 45: a new user whose browser is set to another language signs up, verifies, chooses a city, reads
// the schedule with its Hijri date and gets a test call, all in that language; and the same journey in the
// pseudo-locale shows any text that does not come from the catalogue.

/** What may stay in Latin letters on a page in Arabic or Bengali: names, the product's name, data. */
const NAMES = [
  'Fajr',
  'Basic',
  'Plus',
  'Premium',
  'BASIC',
  'PLUS',
  'PREMIUM',
  'Store',
  'Google',
  'Play',
  'iPhone',
  'Android',
]
  .concat(['London', 'United', 'Kingdom', 'England', 'Europe', 'GMT', 'BST', 'UK', 'vcf'])
  // Bengali's own 12-hour clock (CLDR) writes AM and PM in Latin letters.
  .concat(['AM', 'PM']);
/**
 * The pseudo-locale is English to the server: what the API names (an authority, a place) comes back in
 * English there, and is data, not a text of the web's catalogue.
 */
const API_NAMES = ['Muslim', 'World', 'League'];

/** The English names of the Hijri months, as the schedule's catalogue writes them (hijri.months.m1…m12). */
const HIJRI_MONTHS = [
  'Muharram',
  'Safar',
  'Rabiʻ I',
  'Rabiʻ II',
  'Jumada I',
  'Jumada II',
  'Rajab',
  'Shaʻban',
  'Ramadan',
  'Shawwal',
  'Dhuʻl-Qiʻdah',
  'Dhuʻl-Hijjah',
];
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the first journey in another language', () => {
  const h = useBrowserStack();

  /** A page of a browser set to `locale`, for someone not signed in. */
  const browserIn = (locale: string) => h.pageFor(undefined, { viewport: PHONE, locale });

  async function expectNoEnglish(page: Page, language: string, where: string): Promise<void> {
    // The server speaks no pseudo-locale: its texts (method descriptions, day notes, the test call's result)
    // come back in English there, so the pseudo-locale checks the screens that show the web's texts only.
    if (language === 'en-XA' && !['landing', 'signup', 'account'].includes(where)) return;
    const words =
      language === 'en-XA' ? await untranslatedWords(page, [...NAMES, ...API_NAMES]) : await latinWords(page, NAMES);
    if (words.length) await screenshot(page, `languages-${language}-${where}-english`);
    expect({ where, words }).toEqual({ where, words: [] });
  }

  async function journey(language: 'ar' | 'ur' | 'bn' | 'en-XA', locale: string) {
    // The pseudo-locale is asked for by ?lang=; the real languages come from the browser's own setting.
    const q = language === 'en-XA' ? '?lang=en-XA' : '';
    const t = (ns: string, english: string, values?: Record<string, unknown>) => tr(language, ns, english, values);
    const { page, logs } = await browserIn(locale);
    const phone = aPhoneNumber();

    await step(page, logs, `${language}: the landing page`, async () => {
      await page.goto(`/${q}`);
      await page.locator('h1').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      expect(await page.locator('html').getAttribute('dir')).toBe(
        language === 'ar' || language === 'ur' ? 'rtl' : 'ltr',
      );
      await expectNoEnglish(page, language, 'landing');
      await screenshot(page, `languages-${language}-landing`);
    });

    await step(page, logs, `${language}: signs up`, async () => {
      await page.goto(`/signup${q}`);
      await page.getByLabel(t('common', 'Phone Number')).fill(phone);
      await page.getByLabel(t('auth', 'Password')).fill('languages-password-1');
      await expectNoEnglish(page, language, 'signup');
      await page.getByRole('button', { name: t('auth', 'Sign Up') }).click();
      await page.waitForURL('**/app');
      await page.getByRole('heading', { name: t('account', 'My Account') }).waitFor();
      await expectNoEnglish(page, language, 'account');
      await screenshot(page, `languages-${language}-account`);
    });

    await step(page, logs, `${language}: verifies the number`, async () => {
      const since = Date.now() - 1000;
      await page
        .getByTestId('next-steps')
        .getByRole('link', { name: t('common', 'Verify') })
        .click();
      const drawer = page.getByRole('dialog', { name: t('account', 'Verify your phone number') });
      await drawer.waitFor();
      const code = await latestCode(h.stack, phone, since);
      await drawer.locator('input').first().click();
      await page.keyboard.type(code, { delay: 30 });
      await drawer.waitFor({ state: 'hidden' });
      await page.getByTestId('next-steps').getByText(t('common', 'Verify your phone number')).waitFor({
        state: 'detached',
      });
    });

    await step(page, logs, `${language}: chooses a city`, async () => {
      await page
        .getByTestId('next-steps')
        .getByRole('link', { name: t('common', 'Choose a city or mosque') })
        .click();
      await page.getByRole('combobox', { name: t('settings', 'City') }).fill('Londo');
      await page
        .getByRole('option', { name: /^London, .*United Kingdom/ })
        .first()
        .click();
      await expectNoEnglish(page, language, 'settings');
      await screenshot(page, `languages-${language}-settings`);
      await page.getByRole('button', { name: t('settings', 'Save Changes') }).click();
      await page.getByRole('alert').first().waitFor();
    });

    await step(page, logs, `${language}: reads the schedule with its Hijri date`, async () => {
      await page.goto('/app/schedule');
      await page.getByTestId('timeline-row').first().waitFor();
      // The Umm al-Qura month (Node's ICU) of today and the next days, as the schedule's catalogue names it.
      const months = [0, 7].map((ahead) =>
        Number(
          new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { month: 'numeric' }).format(
            new Date(Date.now() + ahead * 86_400_000),
          ),
        ),
      );
      const names = [...new Set(months)].map((m) => tr(language, 'schedule', HIJRI_MONTHS[m - 1]!));
      await page
        .getByText(new RegExp(names.map(escapeRegExp).join('|')))
        .first()
        .waitFor();
      await expectNoEnglish(page, language, 'schedule');
      await screenshot(page, `languages-${language}-schedule`);
    });

    await step(page, logs, `${language}: gets a test call`, async () => {
      await fetch(`${h.stack.baseUrl}/api/dev/phone/behaviours`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ phoneNumber: phone, outcome: 'answer' }),
      });
      await page.goto('/app');
      await page.getByRole('button', { name: t('account', 'Schedule Test Call') }).click();
      await page.getByTestId('test-call-result').waitFor({ timeout: 60_000 });
      await expectNoEnglish(page, language, 'test-call');
    });
  }

  it('in Arabic, right to left, from the browser language', () => journey('ar', 'ar-EG'));
  it('in Urdu, right to left, from the browser language', () => journey('ur', 'ur-PK'));
  it('in Bengali, from the browser language', () => journey('bn', 'bn-BD'));
  it('in the pseudo-locale: no text from outside the catalogue', () => journey('en-XA', 'en-GB'));
});
