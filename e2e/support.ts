// Shared plumbing of the browser tests: the real stack, Chromium, axe-core and screenshots.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { localAppAttestation } from '@fajr/scripts/testing/attestation';
import { launchBrowser } from '@fajr/scripts/testing/browser';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { startStack, type Stack } from '@fajr/scripts/testing/stack';
import { LONDON } from '@fajr/scripts/testing/fixtures';

export { launchBrowser, localAppAttestation, startStack, type Stack };

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };
export const SCREENSHOTS = path.join(__dirname, 'screenshots');
/**
 * Where the docs' screenshots go: docs/web-screenshots/ (committed, docs/WEB.md shows them) only when
 * asked for (`npm run screenshots`, which sets FAJR_DOC_SCREENSHOTS=1); otherwise under the ignored
 * e2e/screenshots/, so an ordinary test run never rewrites tracked files.
 */
export const DOC_SCREENSHOTS =
  process.env.FAJR_DOC_SCREENSHOTS === '1'
    ? path.join(__dirname, '..', 'docs', 'web-screenshots')
    : path.join(SCREENSHOTS, 'docs');

/**
 * A UK mobile number for the local phone (no real call is placed). Not Ofcom's drama range: the API's
 * phone parser (libphonenumber) rejects +44 7700 900xxx as invalid.
 */
export function aPhoneNumber(): string {
  return freshPhone('+4474001');
}

/** A browser context at the stack, optionally as the native shell and in a colour mode. */
export async function openContext(
  browser: Browser,
  stack: Stack,
  {
    viewport = DESKTOP,
    mode = 'dark' as 'dark' | 'light',
    token,
    timezoneId = 'Europe/London',
    locale = 'en-GB',
  }: {
    viewport?: { width: number; height: number };
    mode?: 'dark' | 'light';
    token?: string;
    /** The device's clock (a traveller's phone). */ timezoneId?: string;
    /** The browser's language (what the app detects on a first visit). */ locale?: string;
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    baseURL: stack.baseUrl,
    colorScheme: mode,
    locale,
    timezoneId,
  });
  await context.addCookies([{ name: 'fajr.colorMode', value: mode, url: stack.baseUrl }]);
  if (token) await context.addInitScript((t) => localStorage.setItem('fajr.token', t), token);
  return context;
}

/** The text of the newest message sent to a recipient through the local SMS/e-mail adapters. */
export async function latestMessage(stack: Stack, recipient: string, after = 0): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${stack.baseUrl}/api/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
    const body = (await res.json()) as { result?: { messages: Array<{ body: string; createdAt: string }> } };
    const message = body.result?.messages.find((m) => Date.parse(m.createdAt) > after);
    if (message) return message.body;
    if (Date.now() > deadline) throw new Error(`No message reached ${recipient}: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The 6-digit code in the newest message to a recipient. */
export async function latestCode(stack: Stack, recipient: string, after = 0): Promise<string> {
  const text = await latestMessage(stack, recipient, after);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No 6-digit code in "${text}"`);
  return code;
}

/** Types a code into the six boxes of a group labelled `label`. */
export async function typeCode(page: Page, label: string, code: string): Promise<void> {
  await page.getByLabel(`${label} digit 1 of 6`).click();
  await page.keyboard.type(code, { delay: 30 });
}

/** Waits for a toast's text. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor({ timeout: 20_000 });
}

let axeSource: string | null = null;

/** Runs axe-core on the page; returns the serious and critical violations (empty when clean). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy (rightly) forbids inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{
            violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
          }>;
        };
      }
    ).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.targets.join(', ')}`);
}

/** Saves a full-page screenshot under e2e/screenshots/ (git-ignored). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Signs up through the API (as the web does, or as the app does with its local attestation) and
 * returns the token; for tests that are not about sign-up.
 */
export async function signUpByApi(
  stack: Stack,
  phoneNumber: string,
  password: string,
  source: 'web' | 'app' = 'web',
): Promise<string> {
  const attestation = source === 'app' ? await localAppAttestation(stack.baseUrl) : undefined;
  const res = await fetch(`${stack.baseUrl}/api/users/signup?source=${source}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phoneNumber, password, attestation }),
  });
  const body = (await res.json()) as { result?: { token: string }; error?: string };
  if (!body.result) throw new Error(`Sign-up failed: ${body.error}`);
  return body.result.token;
}

/** Saves Fajr preferences through the API (London, the default method and rule, calls on), overridden by `prefs`. */
export async function savePrefsByApi(stack: Stack, token: string, prefs: Record<string, unknown> = {}): Promise<void> {
  const calc = (await (await fetch(`${stack.baseUrl}/api/data/prayer-calc`)).json()) as {
    result: {
      prayerCalcMethods: Array<{ name: string; isDefault: boolean }>;
      prayerCalcHighLats: Array<{ name: string; isDefault: boolean }>;
    };
  };
  const res = await fetch(`${stack.baseUrl}/api/salah-schedules/fajr-prefs`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      allowCalls: true,
      ...LONDON,
      prayerCalcMethod: (calc.result.prayerCalcMethods.find((m) => m.isDefault) ?? calc.result.prayerCalcMethods[0])!
        .name,
      prayerCalcHlat: (calc.result.prayerCalcHighLats.find((m) => m.isDefault) ?? calc.result.prayerCalcHighLats[0])!
        .name,
      mosqueId: null,
      fajrAdhaanId: 'Default',
      fajrCallDelayPref: 'As soon as Fajr starts',
      allowRepeatCalls: false,
      ...prefs,
    }),
  });
  if (res.status !== 200) throw new Error(`Saving preferences failed: ${res.status} ${await res.text()}`);
}

/** Verifies a user's phone number through the API with the code from the outbox (calls go only to verified numbers). */
export async function verifyByApi(stack: Stack, token: string, phoneNumber: string): Promise<void> {
  const since = Date.now() - 1000;
  await fetch(`${stack.baseUrl}/api/users/send-verification`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  const code = await latestCode(stack, phoneNumber, since);
  const res = await fetch(`${stack.baseUrl}/api/users/verify-phone-code`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (res.status !== 200) throw new Error(`Verification failed: ${res.status} ${await res.text()}`);
}

/** A signed-up user with preferences saved (London unless `prefs` say otherwise) and the number verified: calls can happen. */
export async function readyUserByApi(
  stack: Stack,
  prefs: Record<string, unknown> = {},
  password = 'ready-user-password',
): Promise<{ token: string; phone: string }> {
  const phone = aPhoneNumber();
  const token = await signUpByApi(stack, phone, password);
  await savePrefsByApi(stack, token, prefs);
  await verifyByApi(stack, token, phone);
  return { token, phone };
}

/**
 * One stack and one Chromium for a test file (registers the beforeAll that starts them and the
 * afterAll that stops them), with `pageFor`: a fresh page for a user holding `token` (none: signed
 * out), with diagnostics for failing steps.
 */
export function useBrowserStack(env: Record<string, string> = {}) {
  const h = {
    stack: undefined as unknown as Stack,
    browser: undefined as unknown as Browser,
    contexts: [] as BrowserContext[],
    async pageFor(
      token?: string,
      options: Parameters<typeof openContext>[2] = {},
    ): Promise<{ page: Page; logs: string[] }> {
      const context = await openContext(h.browser, h.stack, { ...options, token });
      h.contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      return { page, logs: recordDiagnostics(page) };
    },
  };
  beforeAll(async () => {
    [h.stack, h.browser] = await Promise.all([startStack(env), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(h.contexts.map((c) => c.close()));
    await h.browser?.close();
    await h.stack?.stop();
  });
  return h;
}

/** Records what a page logs and which API answers failed, so a failing step can say why. */
export function recordDiagnostics(page: Page): string[] {
  const logs: string[] = [];
  page.on('console', (m) => m.type() === 'error' && logs.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`page error: ${e.message}`));
  page.on('response', async (r) => {
    if (r.url().includes('/api/') && r.status() >= 400)
      logs.push(`${r.status()} ${r.request().method()} ${r.url()} ${await r.text().catch(() => '')}`);
  });
  return logs;
}

/** Runs a step; on failure saves a screenshot and adds the page's recent diagnostics to the error. */
export async function step(page: Page, logs: string[], name: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    await screenshot(page, `failure-${name.replace(/\W+/g, '-')}`).catch(() => undefined);
    const text = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    throw new Error(
      `${(error as Error).message}\nURL: ${page.url()}\nPage: ${text.slice(0, 600)}\nDiagnostics:\n${logs.slice(-12).join('\n')}`,
      { cause: error },
    );
  }
}
