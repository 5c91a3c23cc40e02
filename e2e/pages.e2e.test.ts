import type { Browser, Locator, Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  openContext,
  savePrefsByApi,
  screenshot,
  verifyByApi,
  seriousA11yViolations,
  signUpByApi,
  aPhoneNumber,
  startStack,
  type Stack,
} from './support';
import { pages } from './pages-support';

// Every page, light and dark, desktop and phone: axe-core finds no serious or critical violation, and a screenshot is saved.

describe('every page', () => {
  let stack: Stack;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    const phone = aPhoneNumber();
    token = await signUpByApi(stack, phone, 'page-tour-password');
    // A city and a verified number, so the schedule and the next Fajr have something to show.
    await savePrefsByApi(stack, token);
    await verifyByApi(stack, token, phone);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it("loads the public pages without the app area's code", async () => {
    const context = await openContext(browser, stack);
    try {
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
      // The landing's animated demo is a chunk of its own, fetched as its section nears the viewport:
      // waited for here, since a busy machine may fetch it only after the heading shows.
      const demo = page.waitForRequest((r) => /\/assets\/ProductDemo-/.test(new URL(r.url()).pathname), {
        timeout: 30_000,
      });
      await page.goto('/');
      await page.getByRole('heading', { name: 'Never miss Fajr again' }).waitFor();
      await demo;
      await page.goto('/help');
      await page.getByRole('heading', { name: 'Speak to Us!' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(scripts.some((s) => /\/assets\/public-/.test(s))).toBe(true);
      expect(scripts.some((s) => /\/assets\/ProductDemo-/.test(s))).toBe(true);
      expect(scripts.filter((s) => /\/assets\/(app-area|HomeTab|MosqueTab|SupportChatPanel)-/.test(s))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('serves the icon and the web manifest, and nothing the landing page asks for fails', async () => {
    const context = await openContext(browser, stack);
    try {
      const page = await context.newPage();
      const failed: string[] = [];
      page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
      page.on('requestfailed', (r) => failed.push(`failed ${r.url()}`));
      await page.goto('/');
      await page.getByRole('heading', { name: 'Never miss Fajr again' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(failed).toEqual([]);

      // The files the page links to, with their real types (the SPA fallback would answer 200 with HTML).
      const links = await page
        .locator('link[rel="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')
        .evaluateAll((els) => els.map((e) => [e.getAttribute('rel'), e.getAttribute('href')]));
      expect(links).toEqual([
        ['icon', '/favicon.svg'],
        ['apple-touch-icon', '/favicon.svg'],
        ['manifest', '/manifest.webmanifest'],
      ]);
      const icon = await fetch(`${stack.baseUrl}/favicon.svg`);
      expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
      expect(await icon.text()).toMatch(/^<svg /);
      const manifestResponse = await fetch(`${stack.baseUrl}/manifest.webmanifest`);
      expect(manifestResponse.status).toBe(200);
      expect(manifestResponse.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      const manifest = (await manifestResponse.json()) as {
        name: string;
        icons: Array<{ src: string; sizes: string; purpose: string }>;
      };
      expect(manifest.name).toBe('Fajr');
      expect(manifest.icons).toEqual([
        expect.objectContaining({ src: '/favicon.svg', sizes: 'any', purpose: 'any maskable' }),
      ]);
    } finally {
      await context.close();
    }
  });

  /** Opens the landing page in a fresh context and hands its demo player to `use`. */
  async function withLandingDemo(
    options: { viewport?: typeof DESKTOP; mode?: 'light' | 'dark'; reducedMotion?: boolean },
    use: (page: Page, demo: Locator) => Promise<void>,
  ) {
    const context = await openContext(browser, stack, options);
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      if (options.reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      await use(page, page.getByRole('region', { name: 'Fajr product demo' }));
    } finally {
      await context.close();
    }
  }

  it('landing demo: plays, is at most 900 px wide at 1280 px and fits 360 px, pauses; reduced motion starts paused', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      await withLandingDemo({ viewport }, async (page, demo) => {
        await demo.scrollIntoViewIfNeeded();
        const frame = demo.getByTestId('demo-frame');
        const box = (await frame.boundingBox())!;
        if (viewport === DESKTOP) expect(box.width).toBeGreaterThan(850);
        expect(box.width).toBeLessThanOrEqual(Math.min(900, viewport.width - 32));
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(Math.abs(box.height - (box.width * 9) / 16)).toBeLessThan(2);
        // The stage is scaled to the frame, like a video: nothing of it spills out.
        const stage = (await frame.locator('> [aria-hidden="true"]').boundingBox())!;
        expect(Math.abs(stage.width - box.width)).toBeLessThan(2);

        // It plays by itself: the next scene's caption comes.
        await demo.getByRole('heading', { name: 'Your Fajr schedule' }).waitFor({ timeout: 12_000 });

        // Pause freezes it, also once the pointer has gone; Play starts it again.
        const fill = demo.locator('button[aria-current="step"] > span > span');
        const progress = () => fill.evaluate((el) => getComputedStyle(el).transform);
        await demo.getByRole('button', { name: 'Pause demo' }).click();
        await demo.getByRole('button', { name: 'Play demo' }).waitFor();
        await page.mouse.move(0, 0);
        await page.waitForTimeout(300); // the last 100 ms step of the progress bar's transition
        const frozen = await progress();
        await page.waitForTimeout(1500);
        expect(await progress()).toBe(frozen);
        await expect(demo.getByTestId('demo-caption').getAttribute('aria-live')).resolves.toBe('polite');
        await demo.getByRole('button', { name: 'Play demo' }).click();
        await page.waitForTimeout(1000);
        expect(await progress()).not.toBe(frozen);
      });
    }

    await withLandingDemo({ reducedMotion: true }, async (page, demo) => {
      await demo.getByRole('button', { name: 'Play demo' }).waitFor();
      await page.waitForTimeout(1500);
      expect(await demo.getByTestId('demo-caption').getByRole('heading').textContent()).toBe(
        'Choose your city or your mosque',
      );
    });
  });

  it('landing demo: every scene, light and dark, has no serious or critical axe violation', async () => {
    const problems: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      await withLandingDemo({ mode }, async (page, demo) => {
        await demo.getByRole('button', { name: 'Pause demo' }).click();
        for (let i = 1; i <= 5; i++) {
          await demo.getByRole('button', { name: new RegExp(`^Scene ${i} of 5:`) }).click();
          await page.waitForTimeout(400); // the scene's entrance settles
          problems.push(...(await seriousA11yViolations(page)).map((v) => `${mode}/scene ${i}: ${v}`));
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it.each(pages)(
    '$name is accessible and photographed in light and dark, desktop and phone',
    async ({ name, path, signedIn, ready }) => {
      const problems: string[] = [];
      for (const mode of ['light', 'dark'] as const) {
        for (const [size, viewport] of [
          ['desktop', DESKTOP],
          ['phone', PHONE],
        ] as const) {
          const context = await openContext(browser, stack, { viewport, mode, token: signedIn ? token : undefined });
          try {
            const page = await context.newPage();
            page.setDefaultTimeout(20_000);
            await page.goto(path);
            await ready(page);
            await page.waitForLoadState('networkidle');
            await page.waitForTimeout(400); // transitions (drawers, dialogs) settle
            await screenshot(page, `${name}-${mode}-${size}`);
            problems.push(...(await seriousA11yViolations(page)).map((v) => `${mode}/${size}: ${v}`));
            // No horizontal scrolling at 360 px.
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            if (overflow > 1) problems.push(`${mode}/${size}: the page scrolls sideways by ${overflow}px`);
          } finally {
            await context.close();
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );
});
