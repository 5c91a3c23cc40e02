import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import {
  aPhoneNumber,
  expectToast,
  latestCode,
  readyUserByApi,
  savePrefsByApi,
  screenshot,
  signUpByApi,
  step,
  typeCode,
  useBrowserStack,
} from './support';

// Issue 44: every time in a named zone (the call's: a mosque's own), the device's beside it; the
// morning's call told to every user in plain words; the polar-day rule named on its days; the
// verify drawer submitting on its sixth digit; focus kept on Save after saving.
describe('times, the morning and the small things (issue 44)', () => {
  const h = useBrowserStack();
  const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 800 } } as const;
  const SHOTS = '/tmp/issue-44-shots';

  /** Each size and colour mode of a screen, for the review (outside the repository). */
  async function shots(
    token: string,
    url: string,
    name: string,
    ready: (page: Page) => Promise<void>,
    timezoneId?: string,
  ) {
    await mkdir(SHOTS, { recursive: true });
    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const mode of ['light', 'dark'] as const) {
        const { page } = await h.pageFor(token, { viewport, mode, timezoneId });
        await page.goto(url);
        await ready(page);
        await page.screenshot({ path: `${SHOTS}/${name}-${size}-${mode}.png`, fullPage: true });
        await page.context().close();
      }
    }
  }

  const api = async (token: string, path: string) =>
    (
      (await (
        await fetch(`${h.stack.baseUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { result: Record<string, unknown> }
    ).result;
  const londonTime = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
    })
      .format(new Date(iso))
      .replace(/\s?([ap])m$/i, (_m, p: string) => ` ${p.toUpperCase()}M`);

  const verifiedUser = (prefs: Record<string, unknown> = {}) => readyUserByApi(h.stack, prefs);

  it('shows a mosque user (who chose a Jakarta city before) every time in the mosque’s zone, named, with the phone’s own time beside it', async () => {
    const [mosque] = await h.stack.db.knex('mosques').where({ name: 'East London Mosque' }).select('id');
    const { token } = await verifiedUser({
      cityName: 'Jakarta',
      countryName: 'Indonesia',
      countryCode: 'ID',
      lat: -6.2146,
      lng: 106.8451,
      tzName: 'Asia/Jakarta',
      mosqueId: mosque.id,
    });
    const today = await api(token, '/salah-schedules/fajr-schedules/today');
    expect(today).toMatchObject({ tzName: 'Europe/London', nextKind: 'fajr' });
    const call = londonTime(today.fajrCallTime as string);
    // The phone is in Jakarta: the calls are London's, and say so.
    const { page, logs } = await h.pageFor(token, { timezoneId: 'Asia/Jakarta' });
    await step(page, logs, 'schedule in the mosque’s zone', async () => {
      await page.goto('/app/schedule');
      await page.getByText(/^Times in United Kingdom Time \(London\) · East London Mosque/).waitFor();
      await page.getByText(`We'll call you at ${call}.`, { exact: false }).first().waitFor();
      await page
        .getByTestId('timeline-row')
        .first()
        .getByText(/\d{1,2}:\d{2} [AP]M( \w{3})? your time/)
        .waitFor();
      expect(await page.getByText('Western Indonesia Time').count()).toBe(0);
    });
    await step(page, logs, 'account: next call named and relative', async () => {
      await page.goto('/app');
      const next = page.getByTestId('next-call');
      await next.waitFor();
      expect(await next.innerText()).toMatch(
        new RegExp(
          `^Next call: (today|tomorrow) at ${call} \\(London, \\d{1,2}:\\d{2} [AP]M( \\w{3})? your time\\)$|^Next call: in \\d+ minutes?`,
        ),
      );
    });
    await shots(
      token,
      '/app/schedule',
      'schedule-mosque-jakarta-phone',
      (p) => p.getByTestId('timeline-row').first().waitFor(),
      'Asia/Jakarta',
    );
    await shots(
      token,
      '/app',
      'account-mosque-jakarta-phone',
      (p) => p.getByTestId('next-call').waitFor(),
      'Asia/Jakarta',
    );
  });

  it('tells a trial user this morning’s call in plain words: answered without the key is a warning, not a green tick, and the next call is the next morning', async () => {
    const { token, phone } = await verifiedUser();
    const user = await api(token, '/users/current-user');
    const id = (user.user as { id: string }).id;
    const todayLondon = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    const plannedAt = new Date(Date.now() - 20 * 60_000);
    const key = `fajr-call:${id}:${todayLondon}`;
    await h.stack.db.knex('call_attempts').insert({
      attempt_key: `${key}#1`,
      user_id: id,
      kind: 'fajr',
      call_date: todayLondon,
      workflow_id: key,
      attempt: 1,
      planned_at: plannedAt,
      placed_at: plannedAt,
      provider: 'local',
      provider_call_id: `CA-e2e-${phone}`,
      outcome: 'answered',
      awake_check: true,
      confirmed_at: null,
      duration_seconds: 40,
    });
    const { page, logs } = await h.pageFor(token);
    await step(page, logs, 'this morning on the account page', async () => {
      await page.goto('/app');
      const morning = page.getByTestId('this-morning');
      await morning.getByRole('heading', { name: "This morning's call" }).waitFor();
      await morning
        .getByText(/^You answered but didn't press a key, so it counts as not woken/)
        .first()
        .waitFor();
      await morning
        .getByText(
          new RegExp(
            `Fajr call at ${londonTime(plannedAt.toISOString())} \\(London\\): You answered but didn't press a key`,
          ),
        )
        .waitFor();
      expect(await morning.getAttribute('class')).toMatch(/MuiAlert-colorWarning|standardWarning/);
      expect(await morning.getAttribute('class')).not.toMatch(/Success/);
      // Today's call is done: the next is the following morning, whatever time the settings now say.
      await page
        .getByTestId('next-call')
        .getByText(/^Next call: (tomorrow|in \d+ minutes?)/)
        .waitFor();
    });
    await shots(token, '/app', 'account-this-morning', (p) => p.getByTestId('this-morning').waitFor());
  });

  it('names the polar-day rule on every day it is used and marks its sunrise as the rule’s', async () => {
    const { token } = await verifiedUser({
      cityName: 'Tromsø',
      countryName: 'Norway',
      countryCode: 'NO',
      lat: 69.6492,
      lng: 18.9553,
      tzName: null,
    });
    const { page, logs } = await h.pageFor(token);
    // Polar night (the page asks for the coming week, whose sky depends on the date the test runs).
    await page.route(/\/api\/salah-schedules\/fajr-schedules$/, (route) =>
      route.continue({ url: `${route.request().url()}?from=2027-12-15&days=7` }),
    );
    await step(page, logs, 'polar rule named and marked', async () => {
      await page.goto('/app/schedule');
      await page
        .getByTestId('polar-rule')
        .getByText(
          /On 7 days of this list the sun does not rise or set here\. Fajr and sunrise by your polar-day rule, the nearest dates/,
        )
        .waitFor();
      expect(await page.getByTestId('by-polar-rule').count()).toBe(7);
      // Each row keeps to its 120 px whole on a phone: the rule's mark is read, not cut off.
      await page.setViewportSize(SIZES.phone);
      for (const row of await page.getByTestId('timeline-row').all()) {
        expect(await row.evaluate((el) => [...el.children].every((c) => c.scrollHeight <= c.clientHeight + 1))).toBe(
          true,
        );
      }
      await page.getByRole('button', { name: 'Table view' }).click();
      const row = page.getByRole('row').nth(1);
      expect(await row.innerText()).toMatch(
        /\d{1,2}:\d{2} [AP]M \(polar-day rule\)\s+\d{1,2}:\d{2} [AP]M \(polar-day rule\)/,
      );
    });
    await shots(token, '/app/schedule', 'schedule-polar-night', async (p) => {
      await p.route(/\/api\/salah-schedules\/fajr-schedules$/, (route) =>
        route.continue({ url: `${route.request().url()}?from=2027-12-15&days=7` }),
      );
      await p.reload();
      await p.getByTestId('polar-rule').waitFor();
    });
  });

  it('shows the polar setting’s chosen value whole on a phone, and keeps focus on Save after saving', async () => {
    const { token } = await verifiedUser({
      cityName: 'Tromsø',
      countryName: 'Norway',
      countryCode: 'NO',
      lat: 69.6492,
      lng: 18.9553,
      tzName: null,
      polarConvention: 'None',
    });
    const { page, logs } = await h.pageFor(token, { viewport: SIZES.phone });
    await step(page, logs, 'polar value not cut off', async () => {
      await page.goto('/app/settings');
      await page.getByRole('button', { name: 'Advanced Settings' }).click();
      const polar = page.locator('#settings-polar');
      await polar
        .getByText('Move evenly between the times of the nearest days when the sun rises and sets here')
        .or(polar.getByText('No call on those days'))
        .waitFor();
      const longest = 'Move evenly between the times of the nearest days when the sun rises and sets here';
      // The longest value: chosen, it must be readable whole.
      await polar.click();
      await page.getByRole('option', { name: longest }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      expect(await polar.innerText()).toBe(longest);
      const size = await polar.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        scrollHeight: el.scrollHeight,
        clientHeight: el.clientHeight,
      }));
      expect(size.scrollWidth).toBeLessThanOrEqual(size.clientWidth + 1);
      expect(size.scrollHeight).toBeLessThanOrEqual(size.clientHeight + 1);
    });
    await step(page, logs, 'focus stays on Save Changes', async () => {
      const save = page.getByRole('button', { name: 'Save Changes' });
      await save.focus();
      await page.keyboard.press('Enter');
      await expectToast(page, /saved|updated/i);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save Changes');
    });
    await shots(token, '/app/settings', 'settings-advanced', async (p) => {
      await p.getByRole('button', { name: 'Advanced Settings' }).click();
      await p.locator('#settings-polar').waitFor({ state: 'visible' });
      // The accordion's opening transition.
      await p.waitForTimeout(800);
    });
  });

  it('verifies the phone number on the sixth digit, without a press of Verify', async () => {
    const phone = aPhoneNumber();
    const token = await signUpByApi(h.stack, phone, 'issue-44-password');
    await savePrefsByApi(h.stack, token);
    const { page, logs } = await h.pageFor(token, { viewport: SIZES.phone });
    await step(page, logs, 'six digits submit', async () => {
      const since = Date.now();
      await page.goto('/app?phone=verify');
      await page.getByRole('dialog', { name: 'Verify your phone number' }).waitFor();
      const code = await latestCode(h.stack, phone, since - 1000);
      await typeCode(page, 'Verification code', code);
      await expectToast(page, 'Verification successful');
      await screenshot(page, 'issue-44-verified-on-sixth-digit');
    });
  });
});
