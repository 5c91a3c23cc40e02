import { PHONE, aPhoneNumber, screenshot, seriousA11yViolations, signUpByApi, step, useBrowserStack } from './support';

// An app user who buys a plan in the app (docs/NATIVE-SHELL.md, "Purchases in the app"): the local App
// Store stands in for Apple, its signed notification and the app's hand-over reach the API, and the
// web inside the app shows the plan and where it is managed.
describe('a plan bought in the app', () => {
  const h = useBrowserStack();

  const api = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
    const res = await fetch(`${h.stack.baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: res.status, body: (await res.json()) as { result?: any; error?: string } };
  };

  it('gives the same features as soon as the app hands the purchase over, and the account page inside the app shows it with "Manage in the App Store"', async () => {
    // An app user: signed up from the app, with its (local) platform attestation.
    const token = await signUpByApi(h.stack, aPhoneNumber(), 'app-store-password', 'app');
    const { body: me } = await api('/api/users/current-user', { token });
    const userId: string = me.result.user.id;
    expect(me.result.user).toMatchObject({ isAppUser: true });

    // The app buys in the (local) App Store, which also sends its signed notification, then hands the transaction over.
    const bought = await api('/api/dev/store/apple/purchases', { body: { userId, plan: 'PREMIUM' } });
    expect(bought).toMatchObject({ status: 200, body: { result: { notificationStatus: 200 } } });
    const handedOver = await api('/api/subscriptions/store-purchases', {
      token,
      body: { store: 'apple', transactionId: bought.body.result.purchase },
    });
    expect(handedOver).toMatchObject({
      status: 200,
      body: { result: { plan: 'PREMIUM', subscription: { source: 'apple', plan: 'PREMIUM' } } },
    });
    const current = await api('/api/users/current-user', { token });
    expect(current.body.result.user).toMatchObject({
      subscriptionPlanName: 'PREMIUM',
      isPremium: true,
      isAppUser: true,
    });
    // The features a Stripe PREMIUM user has: statistics (PLUS and above) answer instead of 403.
    expect((await api('/api/salah-schedules/calls/stats', { token })).status).toBe(200);

    const { page, logs } = await h.pageFor(token, { viewport: PHONE, mode: 'light' });
    await step(page, logs, 'app-store-plan', async () => {
      await page.goto('/app?shell=native');
      await page.getByRole('heading', { name: 'My Account' }).waitFor();
      await page.getByTestId('plan-label').getByText('PREMIUM').waitFor();
      const manage = page.getByRole('link', { name: 'Manage in the App Store (PREMIUM plan)' });
      await manage.waitFor();
      expect(await manage.getAttribute('href')).toBe('https://apps.apple.com/account/subscriptions');
      expect(await page.getByRole('button', { name: 'Manage Your Subscription' }).count()).toBe(0);
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'app-store-plan-light-phone');
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  });
});
