import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  aPhoneNumber,
  expectToast,
  latestCode,
  launchBrowser,
  openContext,
  recordDiagnostics,
  screenshot,
  startStack,
  step,
  typeCode,
  type Stack,
} from './support';
import { answerCall, importStockholmTimetable, pickCity, ringingCall, setPhoneBehaviour } from './journey-support';

// One user's whole life in the web app, in a real browser against the real stack.
describe('the web app, end to end', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let logs: string[] = [];
  const phone = aPhoneNumber();
  const password = 'first-password-1';

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    context = await openContext(browser, stack);
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    logs = recordDiagnostics(page);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.stop();
  });

  it('signs up on the web and lands on the account page with a free trial', () =>
    step(page, logs, 'signs up on the web and lands on the account page with a free trial', async () => {
      await page.goto('/signup');
      await page.getByLabel('Phone Number').fill(phone);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.waitForURL('**/app');
      await expectToast(page, 'Authenticated successfully');
      await page.getByRole('heading', { name: 'My Account' }).waitFor();
      await page.getByText(/Your free trial will end in \d+ days/).waitFor();
      await page.getByTestId('plan-label').filter({ hasText: 'FREE TRIAL' }).waitFor();
    }));

  it('verifies the phone with the code from the outbox', () =>
    step(page, logs, 'verifies the phone with the code from the outbox', async () => {
      const since = Date.now() - 1000;
      await page.getByTestId('next-steps').getByRole('link', { name: 'Verify' }).click();
      await expectToast(page, 'Verification code sent');
      const code = await latestCode(stack, phone, since);
      const drawer = page.getByRole('dialog', { name: 'Verify your phone number' });
      // The sixth digit submits (issue 44).
      await typeCode(page, 'Verification code', code);
      await drawer.waitFor({ state: 'hidden' });
      await expectToast(page, 'Verification successful');
      await page.getByTestId('next-steps').getByText('Verify your phone number').waitFor({ state: 'detached' });
    }));

  it('chooses a city and saves, then sees the schedule', () =>
    step(page, logs, 'chooses a city and saves, then sees the schedule', async () => {
      await page.getByRole('link', { name: 'Fajr Settings', exact: true }).click();
      await page.getByRole('heading', { name: 'Fajr Call Settings & Prayer Calculations' }).waitFor();
      await pickCity(page, 'Londo', /^London, .*United Kingdom/);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Updated preferences');

      await page.getByRole('link', { name: 'View Schedule' }).click();
      const rows = page.getByTestId('timeline-row');
      await rows.first().waitFor();
      await page
        .getByText(/We'll call you at \d{1,2}:\d{2} [AP]M\. Fajr starts at \d{1,2}:\d{2} [AP]M\./)
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'Table view' }).click();
      await page.getByRole('columnheader', { name: 'Fajr Time' }).waitFor();
      await page.getByRole('columnheader', { name: 'Sunrise Time' }).waitFor();
    }));

  it("is offered its city's suggestion beside a rule saved before the place default changed, keeps its own, and later takes it", () =>
    step(page, logs, "is offered its city's suggestion", async () => {
      // As saved before London's default became the seventh of the night (a save is never changed silently).
      const user = await stack.db.knex('users').where({ phone_number: phone }).first('id');
      const prefs = stack.db.knex('preferences').where({ user_id: user.id });
      await prefs.clone().update({ prayer_calc_hlat: 'MiddleOfTheNight' });
      // Comes back another day: the app loads the user afresh.
      await page.getByRole('link', { name: 'Edit Fajr Settings' }).click();
      await page.reload();
      const offer = page.getByTestId('method-suggestion');
      await offer
        .filter({ hasText: 'Suggested for London: Muslim World League' })
        .filter({ hasText: 'Your settings: Muslim World League with Middle of the night.' })
        .waitFor();
      await screenshot(page, 'journey-method-suggestion');
      // Keeping its own: the offer goes and is not made again on the next visit.
      await offer.getByRole('button', { name: 'Keep my settings' }).click();
      await expectToast(page, 'Kept your settings');
      await offer.waitFor({ state: 'detached' });
      // Keeping refetches the account; reloading before that answer landed once signed the page out: the page
      // left cancelled the fetch and its handler removed the token (now retried instead, lib/session.tsx and its
      // unit test). The test waits for the answer so that this step checks the offer, not that race.
      await page.waitForLoadState('networkidle');
      await page.reload();
      // The offer needs the method lists; their descriptions showing means it would be there by now.
      await page.getByRole('button', { name: 'Advanced Settings' }).click();
      await page.getByTestId('method-description').waitFor();
      expect(await offer.count()).toBe(0);
      // The suggestion changes (as when a place's default improves): offered again, and taken.
      await prefs.clone().update({ declined_place_suggestion: 'MuslimWorldLeague/TwilightAngle' });
      await page.reload();
      await offer.filter({ hasText: 'Suggested for London' }).waitFor();
      await offer.getByRole('button', { name: 'Use suggestion' }).click();
      await offer.waitFor({ state: 'detached' });
      await page.getByTestId('method-reason').filter({ hasText: 'Calculation method: Muslim World League' }).waitFor();
    }));

  it('picks Kuala Lumpur and sees JAKIM chosen, and why', () =>
    step(page, logs, 'picks Kuala Lumpur and sees JAKIM chosen, and why', async () => {
      // The form shows the saved city first; typing before it loads would be overwritten.
      await page.locator('input[value^="London"]').waitFor();
      await pickCity(page, 'Kuala Lum', /^Kuala Lumpur, .*Malaysia/);
      await page
        .getByTestId('method-reason')
        .filter({ hasText: 'Calculation method: JAKIM — used in Malaysia' })
        .waitFor();
      await page.getByRole('button', { name: 'Advanced Settings' }).click();
      await page
        .getByRole('combobox', { name: 'Prayer Calculation Method' })
        .filter({ hasText: 'JAKIM — Malaysia' })
        .waitFor();
      await page
        .getByTestId('method-checked')
        .filter({ hasText: "Checked against JAKIM's e-Solat table for Kuala Lumpur" })
        .waitFor();
      // Once Advanced Settings has finished opening (MUI's Collapse), so the picture shows the line.
      await page.locator('.MuiCollapse-entered').first().waitFor();
      await page.getByTestId('method-checked').scrollIntoViewIfNeeded();
      await screenshot(page, 'journey-jakim-checked');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Updated preferences');
      await page.getByRole('link', { name: 'View Schedule' }).click();
      await page.getByTestId('timeline-row').first().waitFor();
    }));

  it("chooses Islamiska förbundet's published Stockholm timetable in the method picker and sees the schedule say so", () =>
    step(page, logs, 'chooses a published timetable', async () => {
      // The operator imports Islamiska förbundet's Stockholm rows for the coming fortnight (ops CLI).
      const imported = await importStockholmTimetable(stack, logs);
      expect(imported).toBe(0);

      await page.getByRole('link', { name: 'Edit Fajr Settings' }).click();
      await page.locator('input[value^="Kuala Lumpur"]').waitFor();
      await pickCity(page, 'Stockhol', /^Stockholm, .*Sweden/);
      await page
        .getByTestId('timetable-offer')
        .filter({ hasText: 'Islamiska förbundet — published timetable for Stockholm' })
        .waitFor();
      await page.getByRole('button', { name: 'Advanced Settings' }).click();
      await page.getByRole('combobox', { name: 'Prayer Calculation Method' }).click();
      await page.getByRole('option', { name: 'Islamiska förbundet — published timetable for Stockholm' }).click();
      await page.getByTestId('timetable-chosen').waitFor();
      const source = page.getByRole('link', { name: 'Where this timetable is published (opens in a new tab)' });
      expect(await source.getAttribute('target')).toBe('_blank');
      expect(await source.getAttribute('href')).toBe('https://www.islamiskaforbundet.se/bonetider/');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Updated preferences');
      await page.getByRole('link', { name: 'View Schedule' }).click();
      await page
        .getByTestId('schedule-timetable')
        .filter({
          hasText: 'Fajr and sunrise exactly as published: Islamiska förbundet — published timetable for Stockholm.',
        })
        .waitFor();
      await page.getByTestId('timeline-row').first().waitFor();
      await screenshot(page, 'journey-published-timetable');
    }));

  it("chooses a mosque and sees the jama'ah variant of the schedule", () =>
    step(page, logs, "chooses a mosque and sees the jama'ah variant of the schedule", async () => {
      await page.getByRole('link', { name: 'Edit Fajr Settings' }).click();
      await page.getByRole('tab', { name: 'Pray at Mosque' }).click();
      await page.getByRole('combobox', { name: 'Mosque' }).click();
      await page.getByRole('option').nth(1).click();
      await page.getByTestId('mosque-address').waitFor();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Updated preferences');
      await page.getByRole('link', { name: 'View Schedule' }).click();
      await page.getByRole('button', { name: 'Table view' }).click();
      await page.getByRole('columnheader', { name: "Fajr Jama'ah" }).waitFor();
    }));

  it('requests a test call and answers it on the local phone', () =>
    step(page, logs, 'requests a test call and answers it on the local phone', async () => {
      await setPhoneBehaviour(stack, phone, 'manual');
      await page.getByRole('link', { name: 'My Account', exact: true }).click();
      await page.getByRole('button', { name: 'Schedule Test Call' }).click();
      await expectToast(page, /call/i);
      const sid = await ringingCall(stack, phone, 60_000);
      expect(sid).toBeDefined();
      const answered = await answerCall(stack, sid, 20);
      expect(answered.status).toBe(200);
    }));

  it('toggles Fajr calls off and on at once', () =>
    step(page, logs, 'toggles Fajr calls off and on at once', async () => {
      await page.getByRole('link', { name: 'Fajr Settings', exact: true }).click();
      const calls = page.getByRole('switch', { name: 'Enable Fajr Calls?' });
      await calls.click();
      await expectToast(page, 'Fajr calls disabled');
      await calls.click();
      await expectToast(page, 'Fajr calls enabled');
    }));

  it('upgrades to Plus through the local checkout and then sees the plan and the stats with the test call', () =>
    step(
      page,
      logs,
      'upgrades to Plus through the local checkout and then sees the plan and the stats with the test call',
      async () => {
        await page.getByRole('link', { name: 'My Account', exact: true }).click();
        await page.getByRole('button', { name: 'Upgrade Plan' }).click();
        const drawer = page.getByRole('dialog', { name: 'Upgrade Plan' });
        await drawer.getByRole('button', { name: 'Upgrade to Plus' }).click();
        await page.waitForURL('**/api/dev/checkout/**');
        await page.getByLabel('Name').fill('Amina Khan');
        await page.getByLabel('Postcode').fill('E1 1JQ');
        await page.getByRole('button', { name: 'Pay' }).click();
        await page.waitForURL('**/app/subscriptions/success**');
        await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
        await page.getByRole('cell', { name: 'Amina Khan' }).waitFor();
        await page.getByRole('cell', { name: /GBP$/ }).waitFor();
        await page.getByRole('link', { name: 'Back to my account' }).click();
        await page.getByTestId('plan-label').filter({ hasText: 'PLUS' }).waitFor({ timeout: 30_000 });
        await page.getByRole('button', { name: 'Manage Your Subscription' }).waitFor();
        // The counters say what they count (issue 15): Fajr mornings, not test calls.
        await page.getByText('Fajr mornings answered', { exact: true }).first().waitFor();
        await page.getByText('Fajr mornings missed', { exact: true }).first().waitFor();
        // The test call answered earlier (20 seconds) is in the call log; Refresh until it has ended.
        const log = page.getByRole('list', { name: 'Call log' }).getByText('20 seconds');
        const until = Date.now() + 90_000;
        while (!(await log.isVisible()) && Date.now() < until) {
          await page.getByRole('button', { name: 'Refresh' }).click();
          await page.waitForTimeout(2000);
        }
        expect(await log.isVisible()).toBe(true);
      },
    ));

  it('signs out, resets the password from the sign-in page and signs in with the new one', () =>
    step(page, logs, 'signs out, resets the password from the sign-in page and signs in with the new one', async () => {
      await page.getByRole('button', { name: 'Sign Out' }).first().click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto('/signin?forgetPass=1');
      const drawer = page.getByRole('dialog', { name: 'Reset your password' });
      await drawer.getByLabel('Email or Phone Number').fill(phone);
      const since = Date.now() - 1000;
      await drawer.getByRole('button', { name: 'Send Reset Code' }).click();
      const code = await latestCode(stack, phone, since);
      await typeCode(page, 'Reset code', code);
      await drawer.getByLabel('New Password').fill('second-password-2');
      await drawer.getByLabel('Confirm Password').fill('second-password-2');
      await drawer.getByRole('button', { name: 'Update Password' }).click();
      await expectToast(page, 'Password change complete');

      await page.goto('/signin');
      await page.getByLabel('Email or Phone Number').fill(phone);
      await page.getByLabel('Password').fill('second-password-2');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/app');
      await page.getByRole('heading', { name: 'My Account' }).waitFor();
    }));

  it('deletes the account with the password', () =>
    step(page, logs, 'deletes the account with the password', async () => {
      await page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Confirm Password').fill('second-password-2');
      await dialog.getByRole('button', { name: 'Delete account' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      const res = await fetch(`${stack.baseUrl}/api/users/signin`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ phoneNumber: phone, password: 'second-password-2' }),
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
    }));
});
