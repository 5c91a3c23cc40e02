import type { Browser, BrowserContext, Page } from 'playwright-core';
import { aPhoneNumber, launchBrowser, openContext, recordDiagnostics, savePrefsByApi, screenshot, signUpByApi, startStack, step, type Stack } from './support';

// A new user's first week (issue 15), one stack shared by every test: each test signs up its own user.
describe("a new user's first week", () => {
  let stack: Stack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  /** A fresh page for a user holding `token` (none: signed out), with diagnostics for failing steps. */
  async function pageFor(token?: string, options: Parameters<typeof openContext>[2] = {}): Promise<{ page: Page; logs: string[] }> {
    const context = await openContext(browser, stack, { ...options, token });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return { page, logs: recordDiagnostics(page) };
  }

  /** A signed-up user (through the API) with London saved. */
  async function userInLondon(): Promise<string> {
    const token = await signUpByApi(stack, aPhoneNumber(), 'first-week-password');
    await savePrefsByApi(stack, token);
    return token;
  }

  it('searches for whatever is typed into the city field, also over a saved city (select-all or triple-click, then type)', async () => {
    const { page, logs } = await pageFor(await userInLondon());
    await step(page, logs, 'city field searches over a saved city', async () => {
      await page.goto('/app/settings');
      const city = page.getByRole('combobox', { name: 'City' });
      await page.waitForFunction(() => (document.querySelector('#settings-city') as HTMLInputElement | null)?.value.startsWith('London'));

      await city.click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Manches', { delay: 20 });
      await page.getByRole('option', { name: /^Manchester, .*United Kingdom/ }).first().waitFor();
      expect(await city.inputValue()).toBe('Manches');

      // Leaving the field restores the saved city; triple-click selects it all again.
      await page.keyboard.press('Escape');
      await page.getByRole('heading', { name: 'Fajr Call Settings & Prayer Calculations' }).click();
      await page.waitForFunction(() => (document.querySelector('#settings-city') as HTMLInputElement | null)?.value.startsWith('London'));
      await city.click({ clickCount: 3 });
      await page.keyboard.type('Birmin', { delay: 20 });
      await page.getByRole('option', { name: /^Birmingham, .*United Kingdom/ }).first().click();
      expect(await city.inputValue()).toMatch(/^Birmingham, /);
      await screenshot(page, 'first-week-city-retyped');
    });
  });
});
