import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen } from '../../../test/render';
import { WEB_PLAN_IN_APP } from './PlanAction';
import { SubscriptionsPage } from './SubscriptionsPage';

const sent: string[] = [];
beforeEach(() => {
  sent.length = 0;
  Object.assign(window, { ReactNativeWebView: { postMessage: (m: string) => sent.push(m) } });
});
afterEach(() => {
  delete (window as { ReactNativeWebView?: unknown }).ReactNativeWebView;
});

describe('plans inside the app', () => {
  it('a web-trial user is told to subscribe through the store and Upgrade opens it, never the card checkout', async () => {
    const trial = aUser();
    const api = mockApi({
      ...sessionRoutes(trial),
      'POST /api/subscriptions/premium/PLUS': { body: { result: { url: 'https://checkout.example/x' } } },
    });
    renderScreen(<SubscriptionsPage />, { user: trial });
    expect(await screen.findByTestId('in-app-purchase')).toHaveTextContent(
      /App Store or Google Play.*Your free trial carries on until you subscribe/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Plus' }));
    expect(sent.map((m) => JSON.parse(m))).toEqual([
      { source: 'fajr-web', type: 'open-store', plan: 'PLUS', store: null },
    ]);
    expect(api.callsTo('POST /api/subscriptions/premium/PLUS')).toHaveLength(0);
  });

  it('a plan bought on the web is changed on the web: no payment page in the app', async () => {
    const plus = aUser({ subscriptionPlanName: 'PLUS', isFree: false, isPlus: true });
    const billing = {
      result: {
        plan: 'PLUS',
        subscriptions: [{ source: 'stripe', plan: 'PLUS', status: 'active', currentPeriodEnd: null }],
      },
    };
    mockApi({ ...sessionRoutes(plus), 'GET /api/subscriptions/current': { body: billing } });
    renderScreen(<SubscriptionsPage />, { user: plus });
    expect(await screen.findByText(WEB_PLAN_IN_APP)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('in-app-purchase')).not.toBeInTheDocument();
  });
});
