import type { Page } from 'playwright-core';
import {
  aPhoneNumber,
  expectToast,
  screenshot,
  seriousA11yViolations,
  signUpByApi,
  step,
  useBrowserStack,
} from './support';

// Issue 46 in the browser: a person registers a mosque, uploads a month (preview, then save), sets
// "+20 minutes after Fajr" from a later date and reads the audit log; the mosque is then found and shown.
describe('Mosque admins', () => {
  const h = useBrowserStack();

  // December in Leicester: Fajr begins about 06:10 and the sun rises about 08:10, so 06:40 fits every day.
  // The next December, so the month is always ahead of today.
  const now = new Date();
  const year = now.getUTCMonth() === 11 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  const month = ['date,fajr,jamaah'];
  for (let d = 1; d <= 31; d++) month.push(`${year}-12-${String(d).padStart(2, '0')},06:05,06:40`);
  const name = `Masjid an-Noor ${Math.random().toString(36).slice(2, 7)}`;

  const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

  it('registers a mosque, uploads a month, adds "+20 minutes after Fajr" from a later date and sees the audit log', async () => {
    const number = aPhoneNumber();
    const token = await signUpByApi(h.stack, number, 'mosque-admin-e2e-password');
    const { page, logs } = await h.pageFor(token, { viewport: { width: 1366, height: 800 } });

    await step(page, logs, 'register a mosque: its dashboard says it has no times yet', async () => {
      await page.goto('/app/mosques');
      await page.getByText('You do not keep a mosque yet.', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Register mosque' }).click();
      await page.getByText('Please enter the mosque name').waitFor();
      const form = page.getByRole('form', { name: 'Register a mosque' });
      await form.getByLabel('Mosque name').fill(name);
      await form.getByLabel('Address').fill('1 Noor Street, Leicester');
      await form.getByLabel('City').fill('Leicester');
      await form.getByLabel('Country code').fill('GB');
      await form.getByLabel('Latitude').fill('52.6369');
      await form.getByLabel('Longitude').fill('-1.1398');
      await screenshot(page, 'mosque-register-desktop');
      await form.getByRole('button', { name: 'Register mosque' }).click();
      await expectToast(page, 'Mosque registered');
      await page.waitForURL(/\/app\/mosques\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByText("This mosque has no jama'ah times yet.", { exact: false }).waitFor();
      await page.getByText('0 members are called from this mosque', { exact: false }).waitFor();
    });

    await step(page, logs, 'upload a month: preview first, then save', async () => {
      const upload = section(page, 'Upload a calendar');
      const save = upload.getByRole('button', { name: 'Save calendar' });
      await upload.locator('input[type=file]').setInputFiles({
        name: 'december.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(month.join('\n')),
      });
      expect(await save.isDisabled()).toBe(true);
      await upload.getByRole('button', { name: 'Preview' }).click();
      await upload.getByText('31 days ready to save').waitFor();
      await upload.getByRole('table', { name: 'Preview of the calendar' }).getByText('6:40 AM').first().waitFor();
      await screenshot(page, 'mosque-calendar-preview-desktop');
      expect(await save.isDisabled()).toBe(false);
      await save.click();
      await expectToast(page, `Calendar saved: 31 days from ${year}-12-01 to ${year}-12-31`);
      await section(page, 'Rules').getByText('Times from the uploaded calendar').waitFor();
    });

    await step(page, logs, 'add "+20 minutes after Fajr" from the day after the month', async () => {
      const rules = section(page, 'Rules');
      await rules.getByLabel('From', { exact: true }).fill(`${year + 1}-01-01`);
      await rules.getByLabel('Minutes').fill('20');
      await rules.getByRole('button', { name: 'Save rule' }).click();
      await expectToast(page, 'Rule saved');
      await rules.getByText('20 minutes after Fajr begins').waitFor();
    });

    await step(page, logs, 'the audit log says who did what, newest first', async () => {
      const audit = section(page, 'Audit log').getByRole('listitem');
      await audit
        .first()
        .getByText(/^Saved a rule from /)
        .waitFor();
      const texts = await audit.allInnerTexts();
      expect(texts.map((t) => t.split('\n')[0])).toEqual([
        expect.stringMatching(/^Saved a rule from .*1 Jan/),
        expect.stringMatching(/^Uploaded a calendar: 31 days, .*1 Dec.* to .*31 Dec/),
        'Registered the mosque',
      ]);
      // Which admin, as admins see each other: the number with all but its last 3 digits hidden.
      expect(texts.every((t) => t.includes(`•${number.slice(-3)} · `))).toBe(true);
      await screenshot(page, 'mosque-dashboard-desktop');
      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    const phone = await h.pageFor(token, { viewport: { width: 390, height: 844 } });
    await step(
      phone.page,
      phone.logs,
      'on a phone, the dashboard, then the mosque found and its public page',
      async () => {
        await phone.page.goto('/app/mosques');
        await phone.page.getByRole('link', { name: new RegExp(name) }).click();
        await phone.page.getByRole('heading', { level: 1, name }).waitFor();
        await section(phone.page, 'Audit log').getByText('Registered the mosque').waitFor();
        await screenshot(phone.page, 'mosque-dashboard-phone');
        await phone.page.goto('/mosques');
        await phone.page.getByLabel('Mosque name or city').fill(name);
        await phone.page.keyboard.press('Enter');
        await phone.page.getByRole('link', { name: new RegExp(name) }).waitFor();
        await screenshot(phone.page, 'mosque-search-phone');
        await phone.page.getByRole('link', { name: new RegExp(name) }).click();
        await phone.page.getByRole('heading', { level: 1, name }).waitFor();
        await phone.page.getByText(/^Times listed (until|with no end date)/).waitFor();
        await section(phone.page, "Coming jama'ah times").waitFor();
        await phone.page.getByRole('link', { name: 'Get called for this mosque' }).waitFor();
        // Its admin is offered the dashboard, not a claim.
        await phone.page.getByRole('link', { name: 'Open its dashboard' }).waitFor();
        await screenshot(phone.page, 'mosque-public-phone');
        expect(await seriousA11yViolations(phone.page)).toEqual([]);
      },
    );

    const arabic = await h.pageFor(token, { viewport: { width: 390, height: 844 }, locale: 'ar' });
    await step(arabic.page, arabic.logs, 'in Arabic the dashboard reads right to left', async () => {
      await arabic.page.goto('/app/mosques?lang=ar');
      await arabic.page.getByRole('link', { name: new RegExp(name) }).click();
      await arabic.page.getByRole('heading', { level: 1, name }).waitFor();
      await arabic.page.getByText('سجل التغييرات').first().waitFor();
      expect(await arabic.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await screenshot(arabic.page, 'mosque-dashboard-phone-ar');
    });
  });
});
