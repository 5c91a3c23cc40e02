import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import {
  aPhoneNumber,
  expectToast,
  latestMessage,
  savePrefsByApi,
  screenshot,
  signUpByApi,
  step,
  typeCode,
  useBrowserStack,
} from './support';
import { buyInAppStore } from './support-store';

// The first morning earns trust (issue 44): Do Not Disturb explained with the number and a contact
// card, a silenced test call told apart from a busy line, Plus's ring-through in Settings, and the
// app's purchases and deletion going through the store.
describe('the first morning', () => {
  const h = useBrowserStack();
  const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 800 } } as const;

  /** Each size and mode of a screen, for the review (also under /tmp/first-morning). */
  async function shots(token: string | undefined, url: string, name: string, ready: (page: Page) => Promise<void>) {
    await mkdir('/tmp/first-morning', { recursive: true });
    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const mode of ['light', 'dark'] as const) {
        const { page } = await h.pageFor(token, { viewport, mode });
        await page.goto(url);
        await ready(page);
        await page.waitForLoadState('networkidle');
        await screenshot(page, `${name}-${size}-${mode}`);
        await page.screenshot({ path: `/tmp/first-morning/${name}-${size}-${mode}.png`, fullPage: true });
      }
    }
  }

  /** The user's id, as the app knows it. */
  async function userIdOf(token: string): Promise<string> {
    const res = await fetch(`${h.stack.baseUrl}/api/users/current-user`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { result: { user: { id: string } } }).result.user.id;
  }

  /** A signed-up, verified user in London whose phone behaves as told on the local phone console. */
  async function newUser(behaviour: string): Promise<{ token: string; phone: string }> {
    const phone = aPhoneNumber();
    const token = await signUpByApi(h.stack, phone, 'first-morning-password');
    await savePrefsByApi(h.stack, token);
    // Proved by code (not what this file tests): calls go only to verified numbers.
    await h.stack.db.knex('users').where({ phone_number: phone }).update({ phone_verified_at: new Date() });
    await fetch(`${h.stack.baseUrl}/api/dev/phone/behaviours`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ phoneNumber: phone, outcome: behaviour }),
    });
    return { token, phone };
  }

  it('shows a new user how to let Fajr through Do Not Disturb, with the number and a contact card; a silenced test call says so and what to do', async () => {
    const { token } = await newUser('silenced');
    const { page, logs } = await h.pageFor(token, { viewport: SIZES.phone });
    await step(page, logs, 'the guide before the first test call', async () => {
      await page.goto('/app');
      const guide = page.getByTestId('dnd-guide');
      await guide.getByText('Sleep with Do Not Disturb? Let Fajr through').waitFor();
      // Open before the first test call (onboarding): the number, the card, both phones' steps.
      await guide
        .getByTestId('caller-numbers')
        .filter({ hasText: /\+44 ?7700 ?900 ?123/ })
        .waitFor();
      await guide.getByText(/"Allow calls from": Favourites/).waitFor();
      await guide.getByText(/Allow Repeated Calls/).waitFor();
      await guide.getByText(/"Starred contacts"/).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        guide.getByRole('link', { name: 'Save contact card (.vcf)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Fajr.vcf');
      const card = await fetch(`${h.stack.baseUrl}/api/data/fajr-contact.vcf`).then((r) => r.text());
      expect(card).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n[\s\S]*TEL;TYPE=VOICE,CELL:\+447700900123\r\n/);
    });

    await step(page, logs, 'a silenced test call is not "Busy": it says why and what to do', async () => {
      await page.getByRole('button', { name: 'Schedule Test Call' }).click();
      await expectToast(page, /call you within 5 minutes/);
      await page
        .getByTestId('test-call-result')
        .filter({ hasText: /: Declined or silenced$/ })
        .waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('test-call-advice').innerText()).toMatch(
        /Do Not Disturb, Sleep or a Focus[\s\S]*Save our number and let it through/,
      );
      await page.getByTestId('dnd-guide').getByRole('link', { name: 'Save contact card (.vcf)' }).waitFor();
      await screenshot(page, 'first-morning-silenced-test-call');
    });
    await shots(token, '/app', 'account-test-call-silenced', (p) => p.getByTestId('test-call-result').waitFor());
  });

  it('shows a Plus user the ring-through in Settings with what it does; a trial user sees it is Plus', async () => {
    const { token, phone } = await newUser('answer');
    const { page, logs } = await h.pageFor(token, { viewport: SIZES.phone });
    await step(page, logs, 'the trial sees the gate', async () => {
      await page.goto('/app/settings');
      const section = page.getByTestId('ring-through');
      await section.getByRole('heading', { name: 'Ring through Do Not Disturb' }).waitFor();
      await section.getByText('Plus', { exact: true }).waitFor();
      await section.getByText('Upgrade to PLUS plan to access this feature').waitFor();
    });
    await h.stack.db.knex('users').where({ phone_number: phone }).update({ plan: 'PLUS' });
    await step(page, logs, 'Plus: on, and what it does', async () => {
      await page.reload();
      const section = page.getByTestId('ring-through');
      await section.getByText('On', { exact: true }).waitFor();
      expect(await section.innerText()).toMatch(/we call again at once from the same number/);
      expect(await section.getByText('Upgrade to PLUS plan to access this feature').count()).toBe(0);
    });
    await shots(token, '/app/settings', 'settings-ring-through-plus', (p) =>
      p.getByTestId('ring-through').getByText('On', { exact: true }).waitFor(),
    );
  });

  it('in the app: a web-trial user is sent to the store, not the card checkout; the guide asks the host to add the contact', async () => {
    const { token } = await newUser('answer');
    const { page, logs } = await h.pageFor(token, { viewport: SIZES.phone });
    await page.addInitScript(() => {
      const sent: string[] = [];
      Object.assign(window, { __hostMessages: sent, ReactNativeWebView: { postMessage: (m: string) => sent.push(m) } });
    });
    const sent = () =>
      page.evaluate(() =>
        (window as unknown as { __hostMessages: string[] }).__hostMessages.map(
          (m) => JSON.parse(m) as Record<string, unknown>,
        ),
      );
    await step(page, logs, 'Upgrade opens the store for a web-trial user', async () => {
      await page.goto('/app/subscriptions');
      await page
        .getByTestId('in-app-purchase')
        .filter({ hasText: /App Store or Google Play[\s\S]*Your free trial carries on/ })
        .waitFor();
      await page.getByRole('button', { name: 'Upgrade to Plus' }).click();
      await page.waitForFunction(() =>
        (window as unknown as { __hostMessages: string[] }).__hostMessages.some((m) => m.includes('open-store')),
      );
      expect((await sent()).find((m) => m.type === 'open-store')).toEqual({
        source: 'fajr-web',
        type: 'open-store',
        plan: 'PLUS',
        store: null,
      });
      expect(page.url()).toMatch(/\/app\/subscriptions$/);
      await screenshot(page, 'first-morning-shell-upgrade');
    });
    await step(page, logs, 'Add Fajr to my contacts tells the host', async () => {
      await page.goto('/app');
      await page.getByRole('button', { name: 'Add Fajr to my contacts' }).click();
      const message = (await sent()).find((m) => m.type === 'add-contact');
      expect(message).toMatchObject({
        name: 'Fajr Wake-up Call',
        phoneNumbers: ['+447700900123'],
        vcardUrl: expect.stringMatching(/\/api\/data\/fajr-contact\.vcf$/),
      });
    });
  });

  it('the landing page promises only what is true', async () => {
    await shots(undefined, '/', 'landing', async (p) => {
      await p.getByText(/Save our number as a favourite and the call rings through/).waitFor();
      expect(await p.locator('body').innerText()).not.toMatch(/on silent/i);
    });
  });

  it('a friend who says yes sees when their first call comes and the number to save; the link opens the web app', async () => {
    const { token, phone } = await newUser('answer');
    await h.stack.db.knex('users').where({ phone_number: phone }).update({ plan: 'PREMIUM' });
    const friendPhone = aPhoneNumber();
    const since = Date.now() - 1000;
    const invited = await fetch(`${h.stack.baseUrl}/api/users/friends`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ firstName: 'Yusuf', phoneNumber: friendPhone, inviterName: 'Amina' }),
    });
    expect(invited.status).toBe(200);
    const sms = await latestMessage(h.stack, friendPhone, since);
    const code = /enter the code (\d{6})/.exec(sms)![1]!;
    const link = /https?:\/\/\S+\/friend\/[0-9a-f-]{36}(?=\s)/.exec(sms)![0];
    expect(link.startsWith(h.stack.baseUrl)).toBe(true);
    const { page, logs } = await h.pageFor(undefined, { viewport: SIZES.phone });
    await step(page, logs, 'yes, then the first call and the number', async () => {
      await page.goto(new URL(link).pathname);
      await page.getByText(/press 9 twice during a call/).waitFor();
      await typeCode(page, 'Invitation code', code);
      await page.getByRole('combobox', { name: 'City' }).click();
      await page.keyboard.type('Londo', { delay: 20 });
      await page
        .getByRole('option', { name: /^London, .*United Kingdom/ })
        .first()
        .click();
      await page.getByRole('button', { name: 'Yes, call me for Fajr' }).click();
      await page
        .getByTestId('friend-first-call')
        .filter({
          hasText:
            /^Your first call comes on \w{3} \d{1,2} \w{3} at \d{1,2}:\d{2} [AP]M, .*\(London\), from \+44 7700 900123\.$/,
        })
        .waitFor();
      await page.getByTestId('dnd-guide').getByRole('link', { name: 'Save contact card (.vcf)' }).waitFor();
    });
    // Coming back shows the same: when, and the number.
    await shots(token, new URL(link).pathname, 'friend-welcome', (p) =>
      p
        .getByTestId('friend-first-call')
        .filter({ hasText: /^Your next call comes on / })
        .waitFor(),
    );
  });

  it('warns a store subscriber before deleting the account, with the store page to cancel it', async () => {
    const { token } = await newUser('answer');
    const userId = await userIdOf(token);
    expect(await buyInAppStore(h.stack, token, userId, 'PLUS')).toBe(200);
    const { page, logs } = await h.pageFor(token, { viewport: SIZES.phone });
    await step(page, logs, 'the dialog warns first', async () => {
      await page.goto('/app');
      await page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      const warning = dialog.getByTestId('store-subscription-warning');
      await warning.getByText(/billed by the App Store, and deleting your account does not stop it/).waitFor();
      expect(await warning.getByRole('link', { name: 'Manage in the App Store' }).getAttribute('href')).toBe(
        'https://apps.apple.com/account/subscriptions',
      );
      await screenshot(page, 'first-morning-delete-store-warning');
    });
  });
});
