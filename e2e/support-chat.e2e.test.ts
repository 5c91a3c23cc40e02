import type { Browser, Page } from 'playwright-core';
import { runOps } from '@fajr/scripts/ops/commands';
import {
  DESKTOP,
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

// The in-house support chat (docs/DECISIONS.md): a signed-in user writes from the widget, an operator
// answers with `npm run ops -- support reply`, and the answer appears in the open widget by polling.
describe('support chat', () => {
  let stack: Stack;
  let browser: Browser;
  let token: string;
  const phone = aPhoneNumber();

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    token = await signUpByApi(stack, phone, 'support-chat-password');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function ops(...argv: string[]): Promise<string> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(argv, { db: stack.db.knex, out: (l) => out.push(l), err: (l) => err.push(l) });
    if (code !== 0) throw new Error(`ops ${argv.join(' ')} failed (${code}): ${err.join('\n')}`);
    return out.join('\n');
  }

  it('a signed-in user sends a message, the operator replies with ops, the reply appears in the widget; axe is clean in both modes', async () => {
    for (const mode of ['dark', 'light'] as const) {
      const context = await openContext(browser, stack, { viewport: DESKTOP, mode, token });
      const page: Page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const logs = recordDiagnostics(page);
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      try {
        await step(page, logs, `support-chat-${mode}`, async () => {
          await page.goto('/app');
          await page.getByRole('heading', { name: 'My Account' }).waitFor();
          // The panel's code arrives only when the chat is opened.
          expect(scripts.filter((u) => u.includes('SupportChatPanel'))).toEqual([]);
          const button = page.getByRole('button', { name: 'Support chat' });
          await button.click();
          const chat = page.getByRole('dialog', { name: 'Support chat' });
          await chat.waitFor();
          expect(scripts.filter((u) => u.includes('SupportChatPanel')).length).toBeGreaterThan(0);
          const field = chat.getByRole('textbox', { name: 'Message' });
          await field.waitFor();
          expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);

          const text = `Assalamu alaikum, my calls stopped (${mode})`;
          await field.fill(text);
          await chat.getByRole('button', { name: 'Send' }).click();
          const log = chat.getByRole('log', { name: 'Messages' });
          await log.getByText(text).waitFor();
          expect(await field.inputValue()).toBe('');

          const listed = await ops('support', 'list');
          expect(listed).toContain(phone);
          const id = /^([0-9a-f-]{36})\s+waiting/m.exec(listed)?.[1];
          expect(id).toBeDefined();
          const reply = `Wa alaikum assalam, we are looking into it (${mode})`;
          await ops('support', 'reply', id!, '--message', reply, '--as', 'e2e operator');
          // Polling every 5 s: the reply shows without any action by the user.
          await log.getByText(reply).waitFor({ timeout: 20_000 });
          await log.getByText('Fajr support', { exact: false }).first().waitFor();

          await screenshot(page, `support-chat-${mode}-desktop`);
          expect(await seriousA11yViolations(page)).toEqual([]);

          await page.keyboard.press('Escape');
          await chat.waitFor({ state: 'detached' });
          expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
        });
      } finally {
        await context.close();
      }
    }
  });

  it('at 360 px the button leaves the page readable to its end, and a visitor is pointed to sign-in and the help form', async () => {
    const context = await openContext(browser, stack, { viewport: PHONE, mode: 'light' });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const logs = recordDiagnostics(page);
    try {
      await step(page, logs, 'support-chat-phone', async () => {
        await page.goto('/our-story');
        await page.getByRole('heading', { name: 'Our Story' }).waitFor();
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        const button = page.getByRole('button', { name: 'Support chat' });
        const fab = await button.boundingBox();
        const lastLine = await page
          .getByText(/©|Copyright/)
          .last()
          .boundingBox();
        expect(fab && lastLine).toBeTruthy();
        // Scrolled to the end, the footer's last line sits above the floating button.
        expect(lastLine!.y + lastLine!.height).toBeLessThanOrEqual(fab!.y);

        await button.click();
        const chat = page.getByRole('dialog', { name: 'Support chat' });
        await chat.getByRole('link', { name: 'Sign In' }).waitFor();
        await chat.getByRole('link', { name: 'Help form' }).waitFor();
        const box = await chat.boundingBox();
        expect(box?.width).toBeGreaterThanOrEqual(PHONE.width - 1);
        await screenshot(page, 'support-chat-visitor-light-phone');
        expect(await seriousA11yViolations(page)).toEqual([]);
        await chat.getByRole('link', { name: 'Help form' }).click();
        await page.getByRole('heading', { name: 'Speak to Us!' }).waitFor();
        await chat.waitFor({ state: 'detached' });
      });
    } finally {
      await context.close();
    }
  });
});
