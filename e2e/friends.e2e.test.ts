import type { Page } from 'playwright-core';
import {
  aPhoneNumber,
  expectToast,
  latestMessage,
  savePrefsByApi,
  screenshot,
  seriousA11yViolations,
  signUpByApi,
  step,
  typeCode,
  useBrowserStack,
} from './support';

// Fajr friends (issue 17 point 4): the inviter's section, the friend's consent page and stop link, in the browser.
describe('Fajr friends', () => {
  const h = useBrowserStack();

  const page = (token?: string): Promise<{ page: Page; logs: string[] }> => h.pageFor(token);

  it('a Premium user invites a friend, the friend accepts with the code and their city, the inviter sees them called, and the stop link ends it', async () => {
    const phone = aPhoneNumber();
    const token = await signUpByApi(h.stack, phone, 'friends-e2e-password');
    await savePrefsByApi(h.stack, token);
    await h.stack.db.knex('users').where({ phone_number: phone }).update({ plan: 'PREMIUM' });
    const inviter = await page(token);
    const section = inviter.page.getByRole('region', { name: 'Fajr friends' });
    const friendPhone = aPhoneNumber();
    const since = Date.now() - 1000;

    await step(inviter.page, inviter.logs, 'invite: an SMS goes to the friend, who shows as invited', async () => {
      await inviter.page.goto('/app/settings');
      await section.getByRole('textbox', { name: "Friend's first name" }).fill('Yusuf');
      await section.getByRole('textbox', { name: 'Your name (as they know you)' }).fill('Amina');
      await section.getByRole('textbox', { name: "Friend's phone number" }).fill(friendPhone);
      await section.getByRole('button', { name: 'Invite friend' }).click();
      await expectToast(inviter.page, 'Invitation sent');
      await section.getByText('Invited, waiting for them to accept · No calls yet this month').waitFor();
      await screenshot(inviter.page, 'friends-invited');
      expect(await seriousA11yViolations(inviter.page)).toEqual([]);
    });

    const sms = await latestMessage(h.stack, friendPhone, since);
    const code = /enter the code (\d{6})/.exec(sms)![1]!;
    const consentPath = new URL(/https?:\/\/\S+\/friend\/[0-9a-f-]{36}(?=\s)/.exec(sms)![0]).pathname;
    const stopUrl = new URL(/https?:\/\/\S+\/stop\?sig=[\w-]+/.exec(sms)![0]);
    const friend = await page();

    await step(friend.page, friend.logs, 'the consent page: the code and their city, no account', async () => {
      await friend.page.goto(consentPath);
      await friend.page.getByText('Assalamu alaikum Yusuf. Amina would like us to phone you every morning').waitFor();
      expect(await friend.page.getByRole('button', { name: 'Yes, call me for Fajr' }).isDisabled()).toBe(true);
      await typeCode(friend.page, 'Invitation code', code);
      await friend.page.getByRole('combobox', { name: 'City' }).click();
      await friend.page.keyboard.type('Londo', { delay: 20 });
      await friend.page
        .getByRole('option', { name: /^London, .*United Kingdom/ })
        .first()
        .click();
      await screenshot(friend.page, 'friends-consent-page');
      expect(await seriousA11yViolations(friend.page)).toEqual([]);
      await friend.page.getByRole('button', { name: 'Yes, call me for Fajr' }).click();
      await friend.page.getByText('Thank you: we will call you for Fajr every morning, in sha Allah').first().waitFor();
    });

    await step(
      inviter.page,
      inviter.logs,
      'the inviter sees them called every morning, never where or when',
      async () => {
        await inviter.page.reload();
        await section.getByText('Called every morning · No calls yet this month').waitFor();
        expect(await section.textContent()).not.toContain('London');
        await screenshot(inviter.page, 'friends-active');
      },
    );

    await step(friend.page, friend.logs, 'the stop link from the SMS', async () => {
      await friend.page.goto(stopUrl.pathname + stopUrl.search);
      await friend.page.getByRole('button', { name: 'Stop my calls' }).click();
      await friend.page.getByText('Your Fajr calls are stopped: we will not call you again').first().waitFor();
      await inviter.page.reload();
      await section.getByText(/^Stopped the calls/).waitFor();
    });

    await step(inviter.page, inviter.logs, 'remove the friend', async () => {
      await section.getByRole('button', { name: 'Remove Yusuf' }).click();
      await expectToast(inviter.page, 'Friend removed');
      await section.getByRole('listitem').first().waitFor({ state: 'detached' });
    });
  });

  it('on a phone (390×844), the friend chooses a mosque instead of a city and consents: they are active at that mosque', async () => {
    const phone = aPhoneNumber();
    const token = await signUpByApi(h.stack, phone, 'friends-e2e-password');
    await h.stack.db.knex('users').where({ phone_number: phone }).update({ plan: 'PREMIUM' });
    const friendPhone = aPhoneNumber();
    const since = Date.now() - 1000;
    const res = await fetch(`${h.stack.baseUrl}/api/users/friends`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ firstName: 'Bilal', phoneNumber: friendPhone, inviterName: 'Amina' }),
    });
    expect(res.status).toBe(200);
    const sms = await latestMessage(h.stack, friendPhone, since);
    const code = /enter the code (\d{6})/.exec(sms)![1]!;
    const consentPath = new URL(/https?:\/\/\S+\/friend\/[0-9a-f-]{36}(?=\s)/.exec(sms)![0]).pathname;
    const friendId = consentPath.split('/').pop()!;
    const friend = await h.pageFor(undefined, { viewport: { width: 390, height: 844 } });

    await step(
      friend.page,
      friend.logs,
      'the consent page on a phone: the code, "At a mosque", a mosque from the list',
      async () => {
        await friend.page.goto(consentPath);
        await typeCode(friend.page, 'Invitation code', code);
        await friend.page.getByRole('tab', { name: 'At a mosque' }).click();
        const confirm = friend.page.getByRole('button', { name: 'Yes, call me for Fajr' });
        expect(await confirm.isDisabled()).toBe(true);
        await friend.page.getByRole('combobox', { name: 'Mosque' }).click();
        await friend.page.getByRole('option').nth(1).click();
        await friend.page.getByTestId('mosque-address').waitFor();
        await friend.page.getByText("We call you 30 minutes before your mosque's Fajr jama'ah.").waitFor();
        await screenshot(friend.page, 'friends-consent-mosque-phone');
        expect(await seriousA11yViolations(friend.page)).toEqual([]);
        await confirm.click();
        await friend.page
          .getByText('Thank you: we will call you for Fajr every morning, in sha Allah')
          .first()
          .waitFor();
      },
    );
    const row = await h.stack.db.knex('fajr_friends').where({ id: friendId }).first('status', 'mosque_id', 'city_name');
    expect(row).toMatchObject({ status: 'active', mosque_id: expect.any(String), city_name: null });
  });
});
