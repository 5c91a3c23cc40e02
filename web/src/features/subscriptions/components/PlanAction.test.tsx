import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { redirectTo } from '../../../lib/redirect';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen, settled } from '../../../test/render';
import { PlanButtons } from './PlanButtons';

jest.mock('../../../lib/redirect', () => ({ redirectTo: jest.fn() }));

const plus = aUser({ subscriptionPlanName: 'PLUS', isPlus: true, isFree: false });
const quote = {
  body: { result: { amountDue: 67, currency: 'gbp', monthlyAmount: 599, periodEnd: '2026-12-08T09:00:00.000Z' } },
};
const overview = (source: string) => ({
  body: {
    result: { plan: 'PLUS', subscriptions: [{ source, plan: 'PLUS', status: 'active', currentPeriodEnd: null }] },
  },
});

afterEach(() => sessionStorage.clear());

describe('moving up from a paid plan', () => {
  it('says what the prorated change charges before anything is charged, and only then opens the payment page', async () => {
    const api = mockApi({
      ...sessionRoutes(plus),
      'GET /api/subscriptions/premium/PREMIUM/preview': quote,
      'POST /api/subscriptions/premium/PREMIUM': { body: { result: { url: 'https://pay.example/portal/bps_1' } } },
    });
    renderScreen(<PlanButtons />, { user: plus });
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Premium?' });
    expect(await within(dialog).findByText(/You'll be charged/)).toHaveTextContent(
      "You'll be charged £0.67 today for the rest of this month's plan (until 8 December), then £5.99 a month.",
    );
    expect(api.callsTo('POST /api/subscriptions/premium/PREMIUM')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to pay £0.67' }));
    await settled();
    expect(api.callsTo('POST /api/subscriptions/premium/PREMIUM')).toHaveLength(1);
    expect(jest.mocked(redirectTo).mock.calls[0]?.[0]).toBe('https://pay.example/portal/bps_1');
  });

  it('cancelling the confirmation charges nothing', async () => {
    const api = mockApi({ ...sessionRoutes(plus), 'GET /api/subscriptions/premium/PREMIUM/preview': quote });
    renderScreen(<PlanButtons />, { user: plus });
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Premium?' });
    await within(dialog).findByText(/You'll be charged/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await settled();
    expect(api.callsTo('POST /api/subscriptions/premium/PREMIUM')).toHaveLength(0);
  });

  it('inside the app, a store plan moves up in the store: the button asks the host to open it', async () => {
    sessionStorage.setItem('fajr.shell', 'native');
    const api = mockApi({ ...sessionRoutes(plus), 'GET /api/subscriptions/current': overview('google') });
    const messages: unknown[] = [];
    const listen = (e: Event) => messages.push((e as CustomEvent).detail);
    window.addEventListener('fajr:host-message', listen);
    renderScreen(<PlanButtons />, { user: plus });
    await screen.findByRole('link', { name: 'Manage in Google Play (PLUS plan)' });
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));
    window.removeEventListener('fajr:host-message', listen);
    expect(messages).toEqual([{ type: 'open-store', plan: 'PREMIUM', store: 'google' }]);
    expect(api.callsTo('POST /api/subscriptions/premium/PREMIUM')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on the web, a Google Play plan says where to move up', async () => {
    mockApi({ ...sessionRoutes(plus), 'GET /api/subscriptions/current': overview('google') });
    renderScreen(<PlanButtons />, { user: plus });
    expect(await screen.findByText('Change your plan in Google Play on your Android phone')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
  });
});
