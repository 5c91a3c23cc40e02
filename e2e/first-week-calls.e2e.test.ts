import {
  aPhoneNumber,
  expectToast,
  latestCode,
  PHONE,
  savePrefsByApi,
  screenshot,
  signUpByApi,
  step,
  useBrowserStack,
  verifyByApi,
} from './support';

// A new user's first week (issue 15), continued: focus, a trial's test call and its log, the days without a
// Fajr time. One stack shared by every test: each test signs up its own user.
describe("a new user's first week", () => {
  const h = useBrowserStack();
  const { pageFor } = h;

  it('keeps keyboard focus where the person is: toggles, the code boxes, after sign-in; headings in order', async () => {
    const phone = aPhoneNumber();
    const token = await signUpByApi(h.stack, phone, 'first-week-password');
    await savePrefsByApi(h.stack, token);
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
      const code = await latestCode(h.stack, phone, since);
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
    const token = await signUpByApi(h.stack, phone, 'first-week-password');
    await savePrefsByApi(h.stack, token);
    await verifyByApi(h.stack, token, phone);
    await fetch(`${h.stack.baseUrl}/api/dev/phone/behaviours`, {
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
        await h.stack.db.knex('users').where({ phone_number: phone }).update({ plan: 'PLUS' });
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
    const token = await signUpByApi(h.stack, phone, 'first-week-password');
    // 'None': no polar convention, so the polar days keep no Fajr time.
    await savePrefsByApi(h.stack, token, {
      cityName: 'Tromsø',
      countryName: 'Norway',
      countryCode: 'NO',
      lat: 69.6492,
      lng: 18.9553,
      tzName: null,
      polarConvention: 'None',
    });
    await verifyByApi(h.stack, token, phone);
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
