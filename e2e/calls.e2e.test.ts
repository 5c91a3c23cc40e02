import type { Browser, Page } from 'playwright-core';
import { aPhoneNumber, expectToast, launchBrowser, openContext, recordDiagnostics, savePrefsByApi, screenshot, signUpByApi, startStack, step, type Stack } from './support';

// The call that wakes you (issue 17): its settings, one stack for the file, a user per test.
describe('the call that wakes you: settings', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** A page signed in as a new user in London; its diagnostics for failing steps. */
  async function newUserPage(): Promise<{ page: Page; logs: string[]; token: string }> {
    const token = await signUpByApi(stack, aPhoneNumber(), 'calls-e2e-password');
    await savePrefsByApi(stack, token);
    const page = await (await openContext(browser, stack, { token })).newPage();
    page.setDefaultTimeout(20_000);
    return { page, logs: recordDiagnostics(page), token };
  }

  it('a new user has the awake check on; turning it off and on is saved at once', async () => {
    const { page, logs } = await newUserPage();
    const awake = page.getByRole('switch', { name: "Ask me to press a key once I'm awake" }).or(page.getByRole('checkbox', { name: "Ask me to press a key once I'm awake" }));
    await step(page, logs, 'on for a new user, with what it means', async () => {
      await page.goto('/app/settings');
      expect(await awake.isChecked()).toBe(true);
      await page.getByText('A call answered without a key press counts as not woken.').waitFor();
      await screenshot(page, 'calls-awake-check-setting');
    });
    await step(page, logs, 'off, kept after a reload, on again', async () => {
      await awake.click();
      await expectToast(page, 'Awake check disabled');
      await page.reload();
      expect(await awake.isChecked()).toBe(false);
      await awake.click();
      await expectToast(page, 'Awake check enabled');
      expect(await awake.isChecked()).toBe(true);
    });
  });
});
