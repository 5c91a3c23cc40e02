import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  aPhoneNumber,
  expectToast,
  latestCode,
  launchBrowser,
  localAppAttestation,
  openContext,
  PHONE,
  recordDiagnostics,
  savePrefsByApi,
  screenshot,
  signUpByApi,
  startStack,
  step,
  typeCode,
  verifyByApi,
  type Stack,
} from './support';

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
  async function pageFor(
    token?: string,
    options: Parameters<typeof openContext>[2] = {},
  ): Promise<{ page: Page; logs: string[] }> {
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
      await page.waitForFunction(() =>
        (document.querySelector('#settings-city') as HTMLInputElement | null)?.value.startsWith('London'),
      );

      await city.click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Manches', { delay: 20 });
      await page
        .getByRole('option', { name: /^Manchester, .*United Kingdom/ })
        .first()
        .waitFor();
      expect(await city.inputValue()).toBe('Manches');

      // Leaving the field restores the saved city; triple-click selects it all again.
      await page.keyboard.press('Escape');
      await page.getByRole('heading', { name: 'Fajr Call Settings & Prayer Calculations' }).click();
      await page.waitForFunction(() =>
        (document.querySelector('#settings-city') as HTMLInputElement | null)?.value.startsWith('London'),
      );
      await city.click({ clickCount: 3 });
      await page.keyboard.type('Birmin', { delay: 20 });
      await page
        .getByRole('option', { name: /^Birmingham, .*United Kingdom/ })
        .first()
        .click();
      expect(await city.inputValue()).toMatch(/^Birmingham, /);
      await screenshot(page, 'first-week-city-retyped');
    });
  });

  it("signs up with a phone number written as people know it (national, in the browser's country), and is told exactly what is wrong", async () => {
    const { page, logs } = await pageFor(undefined, { viewport: PHONE });
    const national = `0${aPhoneNumber().slice(3, 7)} ${aPhoneNumber().slice(7)}`; // 07400 1xxxxx
    await step(page, logs, 'signs up with a national number', async () => {
      await page.goto('/signup');
      const phone = page.getByRole('textbox', { name: 'Phone Number' });
      expect(await phone.getAttribute('required')).not.toBeNull();
      expect(await phone.getAttribute('type')).toBe('tel');
      // The browser's locale (en-GB) picks the country; it can be changed.
      expect(await page.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('GB');

      await phone.fill('aisha@example.com');
      await page.getByLabel('Password').fill('first-week-password');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText('Please enter a phone number, not an email address').first().waitFor();

      await phone.fill('07400 1');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText('This is too short for a United Kingdom number').first().waitFor();
      await screenshot(page, 'first-week-signup-error-phone');

      await phone.fill(national);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.waitForURL('**/app');
      await expectToast(page, 'Authenticated successfully');
      // The number shows as people write it, never as raw E.164.
      await page.getByTestId('next-steps').getByRole('link', { name: 'Verify' }).click();
      await page.getByText(`Enter the 6-digit code we sent to +44 ${national.slice(1)}.`).waitFor();
    });

    const signIn = await pageFor();
    await step(signIn.page, signIn.logs, 'signs in with the same national number', async () => {
      await signIn.page.goto('/signin');
      await signIn.page.getByLabel('Email or Phone Number').fill(national);
      await signIn.page.getByLabel('Password').fill('first-week-password');
      await signIn.page.getByRole('button', { name: 'Sign In' }).click();
      await signIn.page.waitForURL('**/app');
      await expectToast(signIn.page, 'Authenticated successfully');
    });
  });

  it('an account without a phone number adds one and verifies it', async () => {
    const res = await fetch(`${stack.baseUrl}/api/users/signup?source=app`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // As the app does: the app's attestation (the local provider's, in tests) with the sign-up.
      body: JSON.stringify({
        phoneNumber: `first-week-${Date.now()}@example.com`,
        password: 'first-week-password',
        attestation: await localAppAttestation(stack.baseUrl),
      }),
    });
    const { result } = (await res.json()) as { result: { token: string } };
    const { page, logs } = await pageFor(result.token);
    const phone = aPhoneNumber();
    await step(page, logs, 'adds and verifies a phone number', async () => {
      await page.goto('/app');
      await page.getByTestId('next-steps').getByRole('link', { name: 'Add phone number' }).click();
      const drawer = page.getByRole('dialog', { name: 'Add your phone number' });
      await drawer.getByRole('textbox', { name: 'Phone Number' }).fill(`0${phone.slice(3)}`);
      const since = Date.now() - 1000;
      await drawer.getByRole('button', { name: 'Save and send code' }).click();
      // The code itself, not its toast: a toast shown as one drawer closes and the next opens can sit
      // under the drawer's aria-hidden, out of reach of role queries.
      await page.getByRole('dialog', { name: 'Verify your phone number' }).waitFor();
      // The sixth digit submits (issue 44).
      await typeCode(page, 'Verification code', await latestCode(stack, phone, since));
      await expectToast(page, 'Verification successful');
      await page.getByTestId('next-steps').getByText('Verify your phone number').waitFor({ state: 'detached' });
    });
  });

  it('says what is missing before calls can happen, in order, each with its button; then the next call', async () => {
    const phone = aPhoneNumber();
    const token = await signUpByApi(stack, phone, 'first-week-password');
    const { page, logs } = await pageFor(token, { viewport: PHONE });
    const steps = page.getByTestId('next-steps').getByRole('listitem');
    await step(page, logs, 'lists the missing steps in order', async () => {
      await page.goto('/app');
      await page.getByRole('heading', { name: 'Before we can call you for Fajr' }).waitFor();
      expect(await steps.allInnerTexts()).toEqual([
        expect.stringMatching(/^Verify your phone number\s+Verify$/),
        expect.stringMatching(/^Choose your city or your mosque\s+Choose a city or mosque$/),
      ]);
      await screenshot(page, 'first-week-next-steps-phone');

      // The trial ended without a plan: that is the third step.
      await stack.db
        .knex('users')
        .where({ phone_number: phone })
        .update({ trial_ends_at: new Date(Date.now() - 86_400_000) });
      await page.reload();
      await steps
        .nth(2)
        .filter({ hasText: 'Your free trial has ended: choose a plan' })
        .getByRole('link', { name: 'Choose a plan' })
        .waitFor();
      await stack.db
        .knex('users')
        .where({ phone_number: phone })
        .update({ trial_ends_at: new Date(Date.now() + 7 * 86_400_000) });

      // Each button fixes its step: Verify opens the code drawer, the place button goes to the settings.
      await page.reload();
      await steps.first().getByRole('link', { name: 'Verify' }).click();
      const verifyDrawer = page.getByRole('dialog', { name: 'Verify your phone number' });
      await verifyDrawer.waitFor();
      // Closed once the code it sends on opening is out, and gone before the list is used: while a
      // drawer is open (or sliding out) the page behind it is aria-hidden, out of reach of role queries.
      await expectToast(page, 'Verification code sent');
      await verifyDrawer.getByRole('button', { name: 'Close' }).click();
      await verifyDrawer.waitFor({ state: 'hidden' });
      await steps.nth(1).getByRole('link', { name: 'Choose a city or mosque' }).click();
      await page.getByRole('heading', { name: 'Fajr Call Settings & Prayer Calculations' }).waitFor();

      await page.goto('/app/schedule');
      await page.getByTestId('next-steps').getByText('Verify your phone number').waitFor();
    });

    await step(page, logs, 'shows the next call once all is set', async () => {
      await savePrefsByApi(stack, token);
      // The code the Verify button's drawer asked for.
      const code = await latestCode(stack, phone);
      const verified = await fetch(`${stack.baseUrl}/api/users/verify-phone-code`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      expect(verified.status).toBe(200);
      await page.goto('/app');
      // In the call's zone, named, said as a person would (issue 44): 'tomorrow at 5:41 AM (London)'.
      await page
        .getByTestId('next-call')
        .filter({
          hasText:
            /^Next call: (today|tomorrow) at \d{1,2}:\d{2} [AP]M \(London\)$|^Next call: in \d+ minutes? \(\d{1,2}:\d{2} [AP]M, London\)$/,
        })
        .waitFor();
      expect(await page.getByTestId('next-steps').count()).toBe(0);
      await page.goto('/app/schedule');
      await page.getByTestId('next-call').waitFor();
    });
  });

  it("says jama'ah to mosque users, shows labels and plain sentences, and never a contradictory payment screen", async () => {
    const phone = aPhoneNumber();
    const token = await signUpByApi(stack, phone, 'first-week-password');
    await savePrefsByApi(stack, token);
    await verifyByApi(stack, token, phone);
    const { page, logs } = await pageFor(token);
    await step(page, logs, 'labels and numbers as people write them', async () => {
      await page.goto('/app');
      const card = page.getByRole('region', { name: 'Fajr Settings' });
      await card.getByText('Muslim World League').waitFor();
      expect(await page.getByText('MuslimWorldLeague').count()).toBe(0);
      await page.getByText(`+44 ${phone.slice(3, 7)} ${phone.slice(7)}`).waitFor();
      expect(await page.getByText(phone, { exact: true }).count()).toBe(0);
    });

    await step(page, logs, "mosque users are told about the jama'ah", async () => {
      const calc = (await (await fetch(`${stack.baseUrl}/api/data/prayer-calc`)).json()) as {
        result: { mosques: Array<{ id: string }> };
      };
      await savePrefsByApi(stack, token, { mosqueId: calc.result.mosques[0]!.id });
      await page.goto('/app');
      await page.getByRole('region', { name: 'Fajr Settings' }).getByText("30 minutes before jama'ah").waitFor();
      await page.goto('/app/schedule');
      await page
        .getByText(/We'll call you at \d{1,2}:\d{2} [AP]M\. Fajr jama'ah is at \d{1,2}:\d{2} [AP]M\./)
        .first()
        .waitFor();
      expect(await page.getByText(/Fajr starts at/).count()).toBe(0);
    });

    await step(page, logs, 'payment screens agree with themselves', async () => {
      await page.goto('/app/subscriptions/success?session_id=cs_test_unknown');
      await page.getByRole('heading', { name: 'Payment not found' }).waitFor();
      expect(await page.getByText('Payment Successful').count()).toBe(0);

      await stack.db.knex('users').where({ phone_number: phone }).update({ plan: 'PLUS' });
      await page.goto('/app/subscriptions');
      await page.getByRole('button', { name: 'Your current plan' }).waitFor();
      // SPEC section 4 (issue 50): the way up stays open; a lower plan is managed, never an 'upgrade'.
      await page.getByRole('button', { name: 'Upgrade to Premium' }).waitFor();
      expect(await page.getByRole('button', { name: 'Upgrade to Basic' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Manage Your Subscription' }).count()).toBe(1);
      await screenshot(page, 'first-week-plan-holder-desktop');
    });

    const signIn = await pageFor();
    await step(signIn.page, signIn.logs, 'an empty sign-in is told in plain sentences', async () => {
      await signIn.page.goto('/signin');
      await signIn.page.getByRole('button', { name: 'Sign In' }).click();
      await expectToast(signIn.page, 'Please enter your email or phone number. Please enter your password.');
      expect(await signIn.page.getByText(/phoneNumber:/).count()).toBe(0);
    });
  });

  it('keeps keyboard focus where the person is: toggles, the code boxes, after sign-in; headings in order', async () => {
    const phone = aPhoneNumber();
    const token = await signUpByApi(stack, phone, 'first-week-password');
    await savePrefsByApi(stack, token);
    const { page, logs } = await pageFor(token);
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el
          ? `${el.tagName} ${el.getAttribute('aria-label') ?? el.closest('label')?.textContent ?? el.textContent ?? ''}`.trim()
          : 'none';
      });
    await step(page, logs, 'toggles keep focus', async () => {
      await page.goto('/app/settings');
      const calls = page
        .getByRole('switch', { name: 'Enable Fajr Calls?' })
        .or(page.getByRole('checkbox', { name: 'Enable Fajr Calls?' }));
      await calls.focus();
      await page.keyboard.press('Space');
      await expectToast(page, 'Fajr calls disabled');
      expect(await focused()).toBe('INPUT Enable Fajr Calls?');
      await page.keyboard.press('Space');
      await expectToast(page, 'Fajr calls enabled');
      expect(await focused()).toBe('INPUT Enable Fajr Calls?');
      // Advanced Settings sits right under the page's h1.
      await page.getByRole('heading', { name: 'Advanced Settings', level: 2 }).waitFor();
    });

    await step(page, logs, 'the first code box takes the digits once the code is sent', async () => {
      await page.goto('/app');
      const since = Date.now() - 1000;
      await page.getByTestId('next-steps').getByRole('link', { name: 'Verify' }).click();
      await expectToast(page, 'Verification code sent');
      const code = await latestCode(stack, phone, since);
      // The sixth digit submits (issue 44).
      await page.keyboard.type(code, { delay: 30 });
      await expectToast(page, 'Verification successful');
    });

    const signIn = await pageFor();
    await step(signIn.page, signIn.logs, 'a keyboard sign-in lands on the page heading', async () => {
      await signIn.page.goto('/signin');
      await signIn.page.getByLabel('Email or Phone Number').focus();
      await signIn.page.keyboard.type(phone);
      await signIn.page.keyboard.press('Tab');
      await signIn.page.keyboard.type('first-week-password');
      await signIn.page.keyboard.press('Enter');
      await signIn.page.waitForURL('**/app');
      await signIn.page.getByRole('heading', { name: 'My Account' }).waitFor();
      await signIn.page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      expect(await signIn.page.evaluate(() => document.activeElement?.textContent)).toBe('My Account');
    });
  });

  it('tells a trial user how their test call went; the log marks test calls, newest first, in 12-hour time', async () => {
    const phone = aPhoneNumber();
    const token = await signUpByApi(stack, phone, 'first-week-password');
    await savePrefsByApi(stack, token);
    await verifyByApi(stack, token, phone);
    await fetch(`${stack.baseUrl}/api/dev/phone/behaviours`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phoneNumber: phone, outcome: 'answer' }),
    });
    const { page, logs } = await pageFor(token, { viewport: PHONE });
    const statsAsked: string[] = [];
    page.on('request', (r) => r.url().includes('/calls/stats') && statsAsked.push(r.url()));
    await step(page, logs, 'the test call result shows without a reload', async () => {
      await page.goto('/app');
      // A trial has no stats: the page does not ask for them (the answer could only be 403).
      await page.getByText('Upgrade to PLUS plan to access this feature').first().waitFor();
      expect(statsAsked).toEqual([]);
      await page.getByRole('button', { name: 'Schedule Test Call' }).click();
      await expectToast(page, /call you within 5 minutes/);
      await page
        .getByTestId('test-call-result')
        .filter({ hasText: /^Last test call \((\d{1,2} [A-Z][a-z]{2}, )?\d{1,2}:\d{2} [AP]M\): Answered$/ })
        .waitFor({ timeout: 60_000 });
      await screenshot(page, 'first-week-test-call-phone');
    });

    await step(page, logs, 'Re-calculate says it did something', async () => {
      await page.getByRole('button', { name: 'Re-calculate' }).click();
      await page
        .getByTestId('recalculated')
        .filter({ hasText: /^Re-calculated at \d{1,2}:\d{2} [AP]M$/ })
        .waitFor();
    });

    await step(
      page,
      logs,
      'a Plus user sees the test call marked in the log, with counters that say what they count',
      async () => {
        await stack.db.knex('users').where({ phone_number: phone }).update({ plan: 'PLUS' });
        await page.reload();
        const log = page.getByRole('list', { name: 'Call log' });
        await log.getByText('Test call').waitFor();
        expect(await log.getByRole('listitem').first().innerText()).toMatch(
          /\d{1,2}:\d{2} [AP]M[\s\S]*Test call[\s\S]*Answered/,
        );
        expect(await log.innerText()).not.toMatch(/\b(1[3-9]|2\d):\d{2} [AP]M/);
        await page.getByText('Fajr mornings answered').waitFor();
      },
    );
  });

  it("shows the days without a Fajr time, why and what to choose instead; the zone is the city's own", async () => {
    const phone = aPhoneNumber();
    const token = await signUpByApi(stack, phone, 'first-week-password');
    // 'None': no polar convention, so the polar days keep no Fajr time.
    await savePrefsByApi(stack, token, {
      cityName: 'Tromsø',
      countryName: 'Norway',
      countryCode: 'NO',
      lat: 69.6492,
      lng: 18.9553,
      tzName: null,
      polarConvention: 'None',
    });
    await verifyByApi(stack, token, phone);
    const { page, logs } = await pageFor(token);
    // The real server's answer for a polar-day week (the page asks for the coming week, whose sky depends on the date the test runs).
    await page.route(/\/api\/salah-schedules\/fajr-schedules$/, (route) =>
      route.continue({ url: `${route.request().url()}?from=2027-06-10&days=7` }),
    );
    await step(page, logs, 'days without a call are listed with the reason and a way out', async () => {
      await page.goto('/app/schedule');
      const days = page.getByTestId('days-without-call');
      await days.getByRole('heading', { name: 'No call on these 7 days' }).waitFor();
      await days.getByText(/Thu,? 10 Jun 2027: No Fajr time on this date at this latitude/).waitFor();
      // No sunrise or sunset: the polar-day setting ("No call on those days") decides, not the high-latitude rule (issue 44).
      await days.getByRole('link', { name: 'Choose a polar-day rule' }).waitFor();
      expect(await days.getByRole('link', { name: 'Choose a high-latitude rule' }).count()).toBe(0);
      await page.getByText(/^Times in Central European Time \(Oslo\)/).waitFor();
      expect(await page.getByText('Europe/Berlin').count()).toBe(0);
      await screenshot(page, 'first-week-polar-desktop');
    });
  });
});
