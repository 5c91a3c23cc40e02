import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/fetch-mock';
import { aUser, sessionRoutes } from '../../../test/fixtures';
import { renderScreen, settled } from '../../../test/render';
import { DeleteAccount } from './DeleteAccount';

describe('deleting an account with a store subscription', () => {
  it('warns first that the store keeps billing, with its page to cancel; a web plan gets no warning', async () => {
    const plus = aUser({ subscriptionPlanName: 'PLUS', isFree: false, isPlus: true });
    const billing = (source: string) => ({
      result: { subscriptions: [{ source, plan: 'PLUS', status: 'active', currentPeriodEnd: '2026-12-28T00:00:00Z' }] },
    });
    mockApi({ ...sessionRoutes(plus), 'GET /api/subscriptions/current': { body: billing('google') } });
    const { unmount } = renderScreen(<DeleteAccount />, { user: plus });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(
      await screen.findByText(/billed by Google Play, and deleting your account does not stop it/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage in Google Play' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/account/subscriptions',
    );
    unmount();

    const api = mockApi({ ...sessionRoutes(plus), 'GET /api/subscriptions/current': { body: billing('stripe') } });
    renderScreen(<DeleteAccount />, { user: plus });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await screen.findByText('Type your password to confirm.');
    await settled();
    expect(api.callsTo('GET /api/subscriptions/current')).toHaveLength(1);
    expect(screen.queryByTestId('store-subscription-warning')).not.toBeInTheDocument();
  });
});
