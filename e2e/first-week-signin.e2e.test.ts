import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  aPhoneNumber,
  DOC_SCREENSHOTS as DOC_SHOTS,
  expectToast,
  latestCode,
  PHONE,
  recordDiagnostics,
  signUpByApi,
  step,
  typeCode,
  useBrowserStack,
} from './support';

// The smaller things of a new user's first week, continued: signing in with a national number, the country
// name at sign-up, and the walk through the first week that makes the docs' screenshots.
// Its own h.stack, rate limits off: it signs up more users than the per-network sign-up limit allows in an hour.
describe("a new user's first week, the details", () => {
  const h = useBrowserStack({ RATE_LIMITS: 'off' });
  const pageFor = h.pageFor;

  it('signs in with a national number in the country chosen at sign-in', async () => {
    const phone = aPhoneNumber();
    await signUpByApi(h.stack, phone, 'details-password');
    // An American browser: the country is changed to the United Kingdom by hand.
    const context = await h.browser.newContext({
      viewport: PHONE,
      baseURL: h.stack.baseUrl,
      locale: 'en-US',
      timezoneId: 'America/New_York',
    });
    h.contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const logs = recordDiagnostics(page);
    await step(page, logs, 'sign in with country', async () => {
      await page.goto('/signin');
      const country = page.getByRole('combobox', { name: 'Country' });
      expect(await country.inputValue()).toBe('US');
      await country.selectOption('GB');
      await page.getByLabel('Email or Phone Number').fill(`0${phone.slice(3, 7)} ${phone.slice(7)}`);
      await page.getByLabel('Password').fill('details-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/app');
      await expectToast(page, 'Authenticated successfully');
    });
  });

  it('shows the whole country name at sign-up; the account page asks to verify once and shows no bare "Not scheduled"', async () => {
    for (const viewport of [{ width: 1366, height: 800 }, PHONE]) {
      const { page, logs } = await pageFor(undefined, { viewport });
      await step(page, logs, `country not cut ${viewport.width}`, async () => {
        await page.goto('/signup');
        await page.getByRole('combobox', { name: 'Country' }).waitFor();
        const [text, room] = await page.evaluate(() => {
          const select = document.querySelector('#signup-username-country') as HTMLSelectElement;
          const style = getComputedStyle(select);
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          return [
            ctx.measureText(select.options[select.selectedIndex]!.text).width,
            select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
          ];
        });
        expect(text).toBeLessThanOrEqual(room);
      });
    }

    const token = await signUpByApi(h.stack, aPhoneNumber(), 'details-password');
    const { page, logs } = await pageFor(token);
    await step(page, logs, 'verify once', async () => {
      await page.goto('/app');
      await page.getByTestId('next-steps').waitFor();
      await page.getByRole('region', { name: 'Fajr Settings' }).getByText('Once the steps above are done').waitFor();
      expect(await page.getByText(/verify your phone number/i).count()).toBe(1);
      expect(await page.getByText('Not scheduled').count()).toBe(0);
    });
  });

  // docs/WEB.md shows these (viewport-sized, a handful of steps, to keep the repository small): the first-week
  // journey at phone and desktop size, dark and light. Written to the docs only by `npm run screenshots`.
  it('walks the first week for the docs: sign up, verify, choose a city, the account with its next call, the schedule', async () => {
    const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 800 } };
    await mkdir(DOC_SHOTS, { recursive: true });
    for (const [size, viewport] of Object.entries(sizes)) {
      for (const mode of ['dark', 'light'] as const) {
        const { page, logs } = await pageFor(undefined, { viewport, mode });
        const shot = async (name: string) => {
          // Toasts come and go; the pages are what the docs show.
          for (const close of await page.locator('.MuiSnackbar-root').getByRole('button', { name: 'Close' }).all())
            await close.click().catch(() => undefined);
          await page.locator('.MuiSnackbar-root').waitFor({ state: 'detached' });
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({ path: path.join(DOC_SHOTS, `${name}-${size}-${mode}.png`) });
        };
        const phone = aPhoneNumber();
        await step(page, logs, `docs journey ${size} ${mode}`, async () => {
          await page.goto('/signup');
          await page.getByRole('textbox', { name: 'Phone Number' }).fill(`0${phone.slice(3, 7)} ${phone.slice(7)}`);
          await page.getByLabel('Password').fill('first-week-password');
          await shot('1-sign-up');
          await page.getByRole('button', { name: 'Sign Up' }).click();
          await page.waitForURL('**/app');

          const since = Date.now() - 1000;
          await page.getByTestId('next-steps').getByRole('link', { name: 'Verify' }).click();
          const drawer = page.getByRole('dialog', { name: 'Verify your phone number' });
          const code = await latestCode(h.stack, phone, since);
          // Five digits for the picture: the sixth submits (issue 44).
          await typeCode(page, 'Verification code', code.slice(0, 5));
          await drawer.getByLabel('Verification code digit 5 of 6').waitFor();
          await shot('2-verify');
          // The shot closed the toasts (focus went with them): back to the last box.
          await drawer.getByLabel('Verification code digit 6 of 6').click();
          await page.keyboard.type(code.slice(5));
          await expectToast(page, 'Verification successful');
          // The page behind a drawer is aria-hidden until it has slid out.
          await drawer.waitFor({ state: 'hidden' });

          await page.getByTestId('next-steps').getByRole('link', { name: 'Choose a city or mosque' }).click();
          await page.getByRole('combobox', { name: 'City' }).fill('Londo');
          await page
            .getByRole('option', { name: /^London, .*United Kingdom/ })
            .first()
            .click();
          await page.getByRole('button', { name: 'Save Changes' }).click();
          await expectToast(page, 'Updated preferences');
          await shot('3-choose-city');

          await page.goto('/app');
          await page.getByTestId('next-call').waitFor();
          await page.getByRole('region', { name: 'Fajr Settings' }).getByText('Muslim World League').waitFor();
          await shot('4-account');

          await page.goto('/app/schedule');
          await page.getByTestId('timeline-row').first().waitFor();
          await shot('5-schedule');
        });
      }
    }
  });
});
