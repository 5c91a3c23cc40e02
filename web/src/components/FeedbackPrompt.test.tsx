import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@fajr/api/contracts/users.contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { apiRequest } from '../lib/http';
import { mockApi } from '../test/fetch-mock';
import { aUser, sessionRoutes } from '../test/fixtures';
import { renderScreen } from '../test/render';
import { FeedbackPrompt, hadWeekOfCalls } from './FeedbackPrompt';

const DAY = 86_400_000;
const now = Date.parse('2026-11-28T08:00:00Z');

afterEach(() => localStorage.clear());

/** The account page's stats section, as far as the prompt is concerned: it fills the stats cache. */
function WithStats({ user }: { user: User }) {
  const { data } = useQuery({
    queryKey: queryKeys.stats(user.id),
    queryFn: async () => (await apiRequest<{ result: unknown }>('/salah-schedules/calls/stats')).result,
  });
  return (
    <>
      {data ? <p>stats read</p> : null}
      <FeedbackPrompt user={user} />
    </>
  );
}

describe('the rating prompt after a week of calls', () => {
  it('counts the logged calls where the plan shows them, else a week-old account with calls on to a verified number', () => {
    const old = aUser({ createdAt: new Date(now - 8 * DAY).toISOString() });
    expect(hadWeekOfCalls(old, 7, now)).toBe(true);
    expect(hadWeekOfCalls(old, 6, now)).toBe(false);
    expect(hadWeekOfCalls(old, undefined, now)).toBe(true);
    expect(hadWeekOfCalls(aUser({ createdAt: new Date(now - 6 * DAY).toISOString() }), undefined, now)).toBe(false);
    expect(hadWeekOfCalls({ ...old, allowCalls: false }, undefined, now)).toBe(false);
    expect(hadWeekOfCalls({ ...old, phoneNumberVerified: false }, undefined, now)).toBe(false);
  });

  it('offers the rating page, and once dismissed never shows again', async () => {
    const user = aUser({ createdAt: '2026-01-01T00:00:00Z' });
    mockApi(sessionRoutes(user));
    const first = renderScreen(<FeedbackPrompt user={user} />, { user });
    expect(await screen.findByRole('link', { name: 'Rate Fajr' })).toHaveAttribute('href', '/feedback');
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('feedback-prompt')).not.toBeInTheDocument();
    first.unmount();
    renderScreen(<FeedbackPrompt user={user} />, { user });
    expect(screen.queryByTestId('feedback-prompt')).not.toBeInTheDocument();
  });

  it('for a Plus user, counts the calls in the log the stats section read: six are not a week, seven are', async () => {
    const user = aUser({
      createdAt: '2026-01-01T00:00:00Z',
      isPlus: true,
      subscriptionPlanName: 'PLUS',
      isFree: false,
    });
    const stats = (answered: number) => ({ body: { result: { answered, missed: 2, callLogs: [] } } });
    mockApi({ ...sessionRoutes(user), 'GET /api/salah-schedules/calls/stats': stats(4) });
    const few = renderScreen(<WithStats user={user} />, { user });
    expect(await screen.findByText('stats read')).toBeInTheDocument();
    expect(screen.queryByTestId('feedback-prompt')).not.toBeInTheDocument();
    few.unmount();

    mockApi({ ...sessionRoutes(user), 'GET /api/salah-schedules/calls/stats': stats(5) });
    renderScreen(<WithStats user={user} />, { user });
    expect(await screen.findByTestId('feedback-prompt')).toHaveTextContent('A week of Fajr calls: how are we doing?');
  });
});
