import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { planPrice } from '../prices';
import { formatTotal } from './PaymentDetails';
import { PlanButtons } from './PlanButtons';
import { SubscriptionSuccessPage } from './SubscriptionSuccessPage';

describe('plan buttons', () => {
  it("disables the current plan as 'Your current plan', offers 'Upgrade to …' on each higher plan and 'Manage Your Subscription' on lower ones, never 'Upgrade to' a lower plan", async () => {
    const plus = aUser({ subscriptionPlanName: 'PLUS', isPlus: true, isFree: false });
    mockApi(sessionRoutes(plus));
    renderScreen(<PlanButtons />, { user: plus });
    expect(await screen.findByRole('button', { name: 'Your current plan' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Upgrade to Basic' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Manage Your Subscription' })).toHaveLength(1);
  });

  it('a Premium holder has no plan to move up to: the two lower plans are managed in the portal', async () => {
    const premium = aUser({ subscriptionPlanName: 'PREMIUM', isPlus: true, isPremium: true, isFree: false });
    mockApi(sessionRoutes(premium));
    renderScreen(<PlanButtons />, { user: premium });
    expect(await screen.findAllByRole('button', { name: 'Manage Your Subscription' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Upgrade to/ })).not.toBeInTheDocument();
  });

  it('a web user whose plan was bought in the App Store manages lower plans there and is told where to move up, not sent to the web portal', async () => {
    const plus = aUser({ subscriptionPlanName: 'PLUS', isPlus: true, isFree: false });
    const overview = {
      result: {
        plan: 'PLUS',
        subscriptions: [{ source: 'apple', plan: 'PLUS', status: 'active', currentPeriodEnd: null }],
      },
    };
    mockApi({ ...sessionRoutes(plus), 'GET /api/subscriptions/current': { body: overview } });
    renderScreen(<PlanButtons />, { user: plus });
    expect(await screen.findAllByRole('link', { name: 'Manage in the App Store (PLUS plan)' })).toHaveLength(1);
    expect(screen.getByText('Change your plan in the App Store on your iPhone')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage Your Subscription' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Your current plan' })).toBeDisabled();
  });

  it("offers 'Upgrade to …' for every plan to a user without one", async () => {
    mockApi(sessionRoutes(aUser()));
    renderScreen(<PlanButtons />, { user: aUser() });
    for (const name of ['Upgrade to Basic', 'Upgrade to Plus', 'Upgrade to Premium'])
      expect(await screen.findByRole('button', { name })).toBeEnabled();
  });

  it('lists only what exists as a feature: do-not-disturb detection, the additional number and Fajr friends, none "coming soon"', async () => {
    mockApi(sessionRoutes(aUser()));
    renderScreen(<PlanButtons />, { user: aUser() });
    expect(await screen.findByText('Do-not-disturb detection')).toBeInTheDocument();
    expect(screen.getByText('Additional phone number')).toBeInTheDocument();
    expect(screen.queryByText(/Additional phone number \(coming soon\)/)).not.toBeInTheDocument();
    expect(screen.getByText('Personalised Fajr calls for friends')).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/)).not.toBeInTheDocument();
  });

  it("says 'Failed to subscribe' when checkout returns no url", async () => {
    const api = mockApi({
      ...sessionRoutes(aUser()),
      'POST /api/subscriptions/premium/PREMIUM': { body: { result: {} } },
    });
    renderScreen(<PlanButtons />, { user: aUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    expect(await screen.findByText('Failed to subscribe')).toBeInTheDocument();
    expect(api.callsTo('POST /api/subscriptions/premium/PREMIUM')).toHaveLength(1);
  });

  it('tells app users to upgrade in the app', async () => {
    const appUser = aUser({ isAppUser: true });
    mockApi(sessionRoutes(appUser));
    renderScreen(<PlanButtons />, { user: appUser });
    expect(
      await screen.findByText("Since you're an App user, you'll have to upgrade via the app."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upgrade to/ })).not.toBeInTheDocument();
  });
});

describe('prices', () => {
  it('uses the static price in the locale currency, else the fallback amounts in the locale currency', () => {
    const prices = {
      basic: { currencies: { gbp: { unit_amount: 99 }, eur: { unit_amount: 119 } } },
      plus: { currencies: { gbp: { unit_amount: 399 } } },
      premium: { currencies: { gbp: { unit_amount: 599 } } },
    };
    expect(planPrice(prices, 'BASIC', 'en-GB')).toBe('£0.99');
    expect(planPrice(prices, 'BASIC', 'en-IE')).toBe('€1.19');
    expect(planPrice(prices, 'PLUS', 'en-IE')).toBe('£3.99');
    expect(planPrice(null, 'BASIC', 'en-US')).toBe('$1.99');
    expect(planPrice(null, 'PREMIUM', 'en-GB')).toBe('£5.99');
  });

  it('shows the payment total as amount_total / 100 with the currency in upper case', () => {
    expect(
      formatTotal({
        complete: true,
        customer_details: { name: null, email: null, address: null },
        amount_total: 399,
        currency: 'gbp',
      }),
    ).toBe('3.99 GBP');
  });
});

describe('payment success page', () => {
  it('shows the Payment Details of the session', async () => {
    const api = mockApi({
      ...sessionRoutes(aUser()),
      'GET /api/subscriptions/session/cs_test_1': {
        body: {
          result: {
            complete: true,
            customer_details: { name: 'Amina Khan', email: 'amina@example.com', address: { postal_code: 'E1 1JQ' } },
            amount_total: 599,
            currency: 'gbp',
          },
        },
      },
    });
    renderScreen(<SubscriptionSuccessPage />, {
      route: '/app/subscriptions/success?session_id=cs_test_1',
      user: aUser(),
    });
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument();
    expect(await screen.findByText('Amina Khan')).toBeInTheDocument();
    expect(screen.getByText('E1 1JQ')).toBeInTheDocument();
    expect(screen.getByText('5.99 GBP')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my account' })).toHaveAttribute('href', '/app');
    expect(api.callsTo('GET /api/subscriptions/session/cs_test_1')).toHaveLength(1);
  });

  it("never says 'Payment Successful' for an unknown or unfinished session", async () => {
    mockApi({
      ...sessionRoutes(aUser()),
      'GET /api/subscriptions/session/cs_unknown': { status: 404, body: { error: 'Payment session not found' } },
    });
    renderScreen(<SubscriptionSuccessPage />, {
      route: '/app/subscriptions/success?session_id=cs_unknown',
      user: aUser(),
    });
    expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful')).not.toBeInTheDocument();
  });
});
