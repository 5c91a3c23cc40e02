import { screen } from '@testing-library/react';
import { mockApi } from '../test/fetch-mock';
import { aUser, sessionRoutes } from '../test/fixtures';
import { renderScreen, settled } from '../test/render';
import { PlanManagement } from './PlanManagement';

const overview = (subscriptions: unknown[]) => ({ body: { result: { plan: 'PREMIUM', subscriptions } } });
const sub = (source: string, plan: string) => ({
  source,
  plan,
  status: 'active',
  currentPeriodEnd: '2026-12-23T00:00:00.000Z',
});

describe('where a plan is managed', () => {
  it('a plan bought in the App Store links to the App Store, not the portal', async () => {
    const user = aUser({ subscriptionPlanName: 'PREMIUM', isFree: false, isPlus: true, isPremium: true });
    mockApi({ ...sessionRoutes(user), 'GET /api/subscriptions/current': overview([sub('apple', 'PREMIUM')]) });
    renderScreen(<PlanManagement userId={user.id} />);
    const link = await screen.findByRole('link', { name: 'Manage in the App Store (PREMIUM plan)' });
    expect(link).toHaveAttribute('href', 'https://apps.apple.com/account/subscriptions');
    expect(screen.queryByRole('button', { name: 'Manage Your Subscription' })).not.toBeInTheDocument();
    await settled();
  });

  it('a Google Play plan and a web plan: each with its own place, named', async () => {
    const user = aUser({ subscriptionPlanName: 'PREMIUM', isFree: false, isPlus: true, isPremium: true });
    mockApi({
      ...sessionRoutes(user),
      'GET /api/subscriptions/current': overview([sub('google', 'PREMIUM'), sub('stripe', 'PLUS')]),
    });
    renderScreen(<PlanManagement userId={user.id} />);
    expect(await screen.findByRole('link', { name: 'Manage in Google Play (PREMIUM plan)' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/account/subscriptions',
    );
    expect(screen.getByText('PREMIUM in Google Play')).toBeInTheDocument();
    expect(screen.getByText('PLUS on the web')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Your Subscription' })).toBeInTheDocument();
    await settled();
  });
});
