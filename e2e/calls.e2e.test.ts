import type { Page } from 'playwright-core';
import {
  aPhoneNumber,
  expectToast,
  latestCode,
  savePrefsByApi,
  screenshot,
  seriousA11yViolations,
  signUpByApi,
  step,
  typeCode,
  useBrowserStack,
} from './support';

// The call that wakes you (issue 17): its settings, one stack for the file, a user per test.
describe('the call that wakes you: settings', () => {
  const h = useBrowserStack();

  /** A page signed in as a new user in London; its diagnostics for failing steps. */
  async function newUserPage(plan?: 'PREMIUM'): Promise<{ page: Page; logs: string[]; token: string }> {
    const phone = aPhoneNumber();
    const token = await signUpByApi(h.stack, phone, 'calls-e2e-password');
    await savePrefsByApi(h.stack, token);
    // The plan as the billing webhook would leave it (buying it is the store's and the checkout's tests).
    if (plan) await h.stack.db.knex('users').where({ phone_number: phone }).update({ plan });
    return { ...(await h.pageFor(token)), token };
  }

  it('a new user has the awake check on; turning it off and on is saved at once', async () => {
    const { page, logs } = await newUserPage();
    const awake = page
      .getByRole('switch', { name: "Ask me to press a key once I'm awake" })
      .or(page.getByRole('checkbox', { name: "Ask me to press a key once I'm awake" }));
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

  it('a Premium user adds a second number, verifies it with the code sent to it, sees it on the account page, and removes it', async () => {
    const { page, logs } = await newUserPage('PREMIUM');
    const second = aPhoneNumber();
    const section = page.getByRole('region', { name: 'Second number' });
    await step(page, logs, 'add: a code goes to the second number', async () => {
      await page.goto('/app/settings');
      const since = Date.now() - 1000;
      await section.getByRole('textbox', { name: 'Second number' }).fill(second);
      await section.getByRole('button', { name: 'Add and send code' }).click();
      await expectToast(page, 'Verification code sent');
      await typeCode(page, 'Second number code', await latestCode(h.stack, second, since));
      await section.getByRole('button', { name: 'Verify second number' }).click();
      await expectToast(page, 'Second number verified');
      await section.getByText('· verified').waitFor();
      await screenshot(page, 'calls-second-number-verified');
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
    await step(page, logs, 'the account page shows it', async () => {
      await page.goto('/app');
      const details = page.getByRole('region', { name: 'Account Details' });
      await details.getByText('Second number').waitFor();
      await screenshot(page, 'calls-second-number-account');
    });
    await step(page, logs, 'remove', async () => {
      await page.goto('/app/settings');
      await section.getByRole('button', { name: 'Remove second number' }).click();
      await expectToast(page, 'Second number removed');
      await section.getByRole('button', { name: 'Add and send code' }).waitFor();
    });
  });
});
