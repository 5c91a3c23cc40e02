import type { Browser, Page } from 'playwright-core';
import {
  PHONE,
  aPhoneNumber,
  launchBrowser,
  openContext,
  recordDiagnostics,
  screenshot,
  seriousA11yViolations,
  signUpByApi,
  startStack,
  step,
  type Stack,
} from './support';

// The same screens inside the native app's webview (docs/NATIVE-SHELL.md): no top bar, a bottom bar, host messages.
describe('inside the native shell', () => {
  let stack: Stack;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    token = await signUpByApi(stack, aPhoneNumber(), 'native-shell-password');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('keeps ?shell=native for the session: bottom bar instead of the top bar, on every app page, accessible in both modes', async () => {
    for (const mode of ['light', 'dark'] as const) {
      const context = await openContext(browser, stack, { viewport: PHONE, mode, token });
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const logs = recordDiagnostics(page);
      try {
        await step(page, logs, `native-${mode}`, async () => {
          await page.goto('/app?shell=native');
          await page.getByRole('heading', { name: 'My Account' }).waitFor();
          expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
          const bar = page.getByRole('navigation', { name: 'App' });
          await bar.waitFor();
          for (const label of ['Account', 'Schedule', 'Settings', 'Support'])
            await bar.getByRole(label === 'Support' ? 'button' : 'link', { name: label }).waitFor();
          const problems: string[] = [];
          for (const [label, title] of [
            ['Account', 'My Account'],
            ['Schedule', 'Fajr Schedule'],
            ['Settings', 'Fajr Call Settings & Prayer Calculations'],
          ] as const) {
            // Navigating inside the app keeps the shell (the flag lives in sessionStorage, not the url).
            await bar.getByRole('link', { name: label }).click();
            await page.getByRole('heading', { name: title }).waitFor();
            expect(page.url()).not.toContain('shell=');
            expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
            await page.waitForLoadState('networkidle');
            await screenshot(page, `native-${label.toLowerCase()}-${mode}-phone`);
            problems.push(...(await seriousA11yViolations(page)).map((v) => `${label}: ${v}`));
          }
          expect(problems).toEqual([]);
        });
      } finally {
        await context.close();
      }
    }
  });

  it('shows a full-screen sign-in and tells the host to log in when the session is missing; Support opens the chat and tells the host', async () => {
    const context = await openContext(browser, stack, { viewport: PHONE });
    // The React Native webview bridge, recording what the web app posts to the host.
    await context.addInitScript(() => {
      const sent: string[] = [];
      Object.assign(window, { __hostMessages: sent, ReactNativeWebView: { postMessage: (m: string) => sent.push(m) } });
    });
    const page: Page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const logs = recordDiagnostics(page);
    try {
      await step(page, logs, 'native-signin', async () => {
        await page.goto('/app');
        // No session was held: asked to sign in (not "expired").
        const drawer = page.getByRole('dialog', { name: 'Please sign in to continue' });
        await drawer.waitFor();
        const box = await drawer.boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(PHONE.height - 1);
        const sent = () =>
          page.evaluate(() =>
            (window as unknown as { __hostMessages: string[] }).__hostMessages.map(
              (m) => JSON.parse(m) as { type: string },
            ),
          );
        expect((await sent()).map((m) => m.type)).toContain('login');
        await screenshot(page, 'native-sign-in-dark-phone');

        // With a session the account opens; the bottom bar's Support button opens the support chat and tells the host.
        await page.evaluate((t) => localStorage.setItem('fajr.token', t), token);
        await page.goto('/app');
        await page.getByRole('heading', { name: 'My Account' }).waitFor();
        expect(await page.getByRole('button', { name: 'Support chat' }).count()).toBe(0);
        await page.getByRole('navigation', { name: 'App' }).getByRole('button', { name: 'Support' }).click();
        await page.getByRole('dialog', { name: 'Support chat' }).getByRole('textbox', { name: 'Message' }).waitFor();
        expect((await sent()).map((m) => m.type)).toContain('support-chat');
      });
    } finally {
      await context.close();
    }
  });
});
