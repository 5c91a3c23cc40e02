import {
  aPhoneNumber,
  DESKTOP,
  expectToast,
  latestCode,
  PHONE,
  readyUserByApi,
  signUpByApi,
  step,
  typeCode,
  useBrowserStack,
} from './support';

// The smaller things of a new user's first week (issue 15, point 11 and what last session's screenshots showed).
// Its own h.stack, rate limits off: it signs up more users than the per-network sign-up limit allows in an hour.
describe("a new user's first week, the details", () => {
  const h = useBrowserStack({ RATE_LIMITS: 'off' });
  const pageFor = h.pageFor;

  /** A verified user with London saved (calls can happen). */
  const readyUser = (prefs: Record<string, unknown> = {}) => readyUserByApi(h.stack, prefs, 'details-password');

  it('asks before leaving unsaved settings (a link in the app, a reload), and not once they are saved', async () => {
    const { page, logs } = await pageFor((await readyUser()).token);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    await step(page, logs, 'unsaved settings prompt', async () => {
      await page.goto('/app/settings');
      const city = page.getByRole('combobox', { name: 'City' });
      await page.waitForFunction(() =>
        (document.querySelector('#settings-city') as HTMLInputElement | null)?.value.startsWith('London'),
      );
      await city.click({ clickCount: 3 });
      await page.keyboard.type('Manches', { delay: 20 });
      await page
        .getByRole('option', { name: /^Manchester, .*United Kingdom/ })
        .first()
        .click();

      // A link inside the app: the app's own question; staying keeps the edit.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Account' }).click();
      const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
      await ask.getByRole('button', { name: 'Stay on this page' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/app/settings');
      expect(await city.inputValue()).toMatch(/^Manchester, /);

      // A reload: the browser's own prompt (accepted here, so the page reloads and the edit is gone).
      await page.reload();
      expect(dialogs).toEqual(['beforeunload']);
      await page.waitForFunction(() =>
        (document.querySelector('#settings-city') as HTMLInputElement | null)?.value.startsWith('London'),
      );

      // Saved changes leave without a question.
      await city.click({ clickCount: 3 });
      await page.keyboard.type('Manches', { delay: 20 });
      await page
        .getByRole('option', { name: /^Manchester, .*United Kingdom/ })
        .first()
        .click();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Updated preferences');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Account' }).click();
      await page.getByRole('heading', { name: 'My Account' }).waitFor();
      expect(await page.getByRole('dialog', { name: 'Leave without saving?' }).count()).toBe(0);
      expect(dialogs).toEqual(['beforeunload']);
    });
  });

  it('says "Session expired" only for a refused session; the sign-in modal has "Forgot password?"; the reset can resend and ends on the landing page', async () => {
    const { phone } = await readyUser();
    const { page, logs } = await pageFor();
    await step(page, logs, 'signed out is not expired', async () => {
      await page.goto('/signin');
      await page.getByLabel('Email or Phone Number').fill(phone);
      await page.getByLabel('Password').fill('details-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('heading', { name: 'My Account' }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto('/app');
      await page.getByRole('dialog', { name: 'Please sign in to continue' }).waitFor();
      expect(await page.getByText('Session expired, please sign in').count()).toBe(0);
    });

    await step(page, logs, 'a refused token is expired', async () => {
      await page.evaluate(() => localStorage.setItem('fajr.token', 'a-token-the-server-does-not-know'));
      await page.goto('/app/schedule');
      const modal = page.getByRole('dialog', { name: 'Session expired, please sign in' });
      await modal.waitFor();
      await modal.getByRole('button', { name: 'Forgot password?' }).click();
      await page
        .getByRole('dialog', { name: 'Reset your password' })
        .getByRole('textbox', { name: 'Email or Phone Number' })
        .waitFor();
    });

    const reset = await pageFor();
    await step(
      reset.page,
      reset.logs,
      'the reset resends and ends on the landing page (SPEC: navigation to /)',
      async () => {
        const p = reset.page;
        await p.goto('/signin');
        await p.getByRole('button', { name: 'Forgot password?' }).click();
        const drawer = p.getByRole('dialog', { name: 'Reset your password' });
        await drawer.getByRole('textbox', { name: 'Email or Phone Number' }).fill(phone);
        const since = Date.now() - 1000;
        await drawer.getByRole('button', { name: 'Send Reset Code' }).click();
        await latestCode(h.stack, phone, since);
        // Asked again inside the cooldown, no second code goes out (rate limits on: the time left is shown instead).
        await drawer.getByRole('button', { name: 'Send a new code' }).click();
        await expectToast(p, 'A new code is on its way');
        await typeCode(p, 'Reset code', await latestCode(h.stack, phone, since));
        await drawer.getByLabel('New Password').fill('a-new-details-password');
        await drawer.getByLabel('Confirm Password').fill('a-new-details-password');
        await drawer.getByRole('button', { name: 'Update Password' }).click();
        await expectToast(p, 'Password change complete');
        await p.waitForURL((u) => u.pathname === '/');
        await p.getByRole('link', { name: 'Sign In' }).first().waitFor();
      },
    );
  });

  it('the native shell\'s sign-in drawer has "Forgot password?"', async () => {
    const { page, logs } = await pageFor(undefined, { viewport: PHONE });
    await step(page, logs, 'native sign-in drawer', async () => {
      await page.goto('/app?shell=native');
      const drawer = page.getByRole('dialog', { name: 'Please sign in to continue' });
      await drawer.getByRole('button', { name: 'Forgot password?' }).click();
      await page
        .getByRole('dialog', { name: 'Reset your password' })
        .getByRole('button', { name: 'Send Reset Code' })
        .waitFor();
    });
  });

  it('shows a resend inside the cooldown as information with the time left, not as an error', async () => {
    const phone = aPhoneNumber();
    const token = await signUpByApi(h.stack, phone, 'details-password');
    const { page, logs } = await pageFor(token);
    await step(page, logs, 'resend cooldown', async () => {
      await page.goto('/app');
      await page.getByTestId('next-steps').getByRole('link', { name: 'Verify' }).click();
      await expectToast(page, 'Verification code sent');
      await page
        .getByRole('dialog', { name: 'Verify your phone number' })
        .getByRole('button', { name: "I've not received a code yet" })
        .click();
      const toast = page.getByRole('alert').filter({ hasText: /You can ask for a new one in \d+ seconds?\./ });
      await toast.waitFor();
      expect(await toast.textContent()).toMatch(/^Code already sent/);
      expect(await toast.evaluate((el) => el.className)).toMatch(/MuiAlert-colorInfo/);
      expect(await page.locator('.MuiSnackbar-root .MuiAlert-colorError').count()).toBe(0);
    });
  });

  it('shows no signed-out links while a held session is checked on reload', async () => {
    const { page, logs } = await pageFor((await readyUser()).token);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/users/current-user', async (route) => {
      await held;
      await route.continue();
    });
    await step(page, logs, 'no signed-out nav flash', async () => {
      await page.goto('/app/schedule', { waitUntil: 'domcontentloaded' });
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.waitFor();
      await page.waitForTimeout(300);
      expect(await nav.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
      release();
      await nav.getByRole('link', { name: 'My Account' }).waitFor();
      await page.getByRole('heading', { name: 'Fajr Schedule' }).waitFor();
    });
  });

  it("lists the next 7 calls even when today's Fajr has passed", async () => {
    // A city where it is now between 09:00 and 23:59, so today's Fajr is over.
    const cities = [
      {
        countryName: 'United Kingdom',
        countryCode: 'GB',
        cityName: 'London',
        lat: 51.50853,
        lng: -0.12574,
        tzName: 'Europe/London',
      },
      {
        countryName: 'Japan',
        countryCode: 'JP',
        cityName: 'Tokyo',
        lat: 35.6895,
        lng: 139.69171,
        tzName: 'Asia/Tokyo',
      },
      {
        countryName: 'United States',
        countryCode: 'US',
        cityName: 'New York City',
        lat: 40.71427,
        lng: -74.00597,
        tzName: 'America/New_York',
      },
    ];
    const hourIn = (tz: string) =>
      Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: tz }).format(new Date()));
    const city = cities.find((c) => hourIn(c.tzName) >= 9)!;
    const { page, logs } = await pageFor((await readyUser(city)).token);
    await step(page, logs, 'seven calls', async () => {
      await page.goto('/app/schedule');
      await page.getByTestId('timeline-row').first().waitFor();
      expect(await page.getByTestId('timeline-row').count()).toBe(7);
    });
  });

  it('links the upgrade messages of gated settings to the plans', async () => {
    const { page, logs } = await pageFor((await readyUser()).token);
    await step(page, logs, 'gate links', async () => {
      await page.goto('/app/settings');
      await page.getByText('Upgrade to PREMIUM plan to access this feature').waitFor();
      const links = page.getByRole('link', { name: 'See plans' });
      // The adhaan, call time, repeat and the ring-through gates link to the plans.
      expect(await links.count()).toBe(4);
      await links.last().click();
      await page.getByRole('heading', { name: 'Subscriptions' }).waitFor();
    });
  });

  it("wraps long options of the method picker on a phone instead of cutting authorities' names", async () => {
    const { page, logs } = await pageFor((await readyUser()).token, { viewport: PHONE });
    await step(page, logs, 'method options whole', async () => {
      await page.goto('/app/settings');
      await page.getByRole('button', { name: 'Advanced Settings' }).click();
      await page.getByRole('combobox', { name: 'Prayer Calculation Method' }).click();
      const options = page.getByRole('option');
      await options.first().waitFor();
      // Each option's text fits its line box: nothing runs past the menu's edge.
      const cut = await options.evaluateAll((els) =>
        els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent),
      );
      expect(cut).toEqual([]);
      expect(await options.count()).toBeGreaterThanOrEqual(25);
    });
  });

  it('lines up every feature card of the landing page and keeps toasts off the top bar', async () => {
    const { page, logs } = await pageFor(undefined, { viewport: { width: 1366, height: 800 } });
    await step(page, logs, 'landing cards', async () => {
      await page.goto('/');
      const features = page.getByRole('region', { name: 'Features' });
      await features.getByRole('heading', { name: 'Call preferences' }).waitFor();
      // Where each card's content (icon or text, whichever is leftmost) starts, from the card's edge.
      const indents = await features.locator('h2').evaluateAll((hs) =>
        hs.map((h) => {
          const card = h.closest('.MuiPaper-root')!;
          return Math.round(
            Math.min(...[...card.children].map((c) => c.getBoundingClientRect().left)) -
              card.getBoundingClientRect().left,
          );
        }),
      );
      expect(indents).toHaveLength(5);
      expect(new Set(indents).size).toBe(1);
    });

    const { phone } = await readyUser();
    for (const viewport of [DESKTOP, PHONE]) {
      const signIn = await pageFor(undefined, { viewport });
      await step(signIn.page, signIn.logs, `toast below the bar ${viewport.width}`, async () => {
        await signIn.page.goto('/signin');
        await signIn.page.getByLabel('Email or Phone Number').fill(phone);
        await signIn.page.getByLabel('Password').fill('details-password');
        await signIn.page.getByRole('button', { name: 'Sign In' }).click();
        const toast = signIn.page.getByRole('alert').filter({ hasText: 'Authenticated successfully' });
        await toast.waitFor();
        const bar = (await signIn.page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
        const box = (await toast.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
      });
    }
  });
});
