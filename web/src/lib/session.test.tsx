import { screen } from '@testing-library/react';
import { mockApi } from '../test/fetch-mock';
import { aUser, sessionRoutes } from '../test/fixtures';
import { renderScreen } from '../test/render';
import { CURRENT_USER_RETRIES, useSession } from './session';
import { readToken } from './token';

/** The session as a screen would use it. */
function SessionProbe() {
  const { user, isUserLoading, sessionExpired } = useSession();
  if (isUserLoading) return <p>loading</p>;
  if (user) return <p>signed in as {user.phoneNumber}</p>;
  return <p>{sessionExpired ? 'session expired' : 'signed out'}</p>;
}

/** Current-user answers in turn: `null` is no answer at all (the request fails, as a reload or a network drop makes it). */
function currentUserAnswers(...answers: ({ status: number; body?: unknown } | null)[]) {
  let next = 0;
  return mockApi({
    ...sessionRoutes(null),
    'GET /api/users/current-user': () => {
      const answer = answers[Math.min(next++, answers.length - 1)]!;
      if (answer === null) throw new TypeError('Failed to fetch');
      return answer;
    },
  });
}
const theUser = { status: 200, body: { result: { user: aUser() } } };
const wait = { timeout: 5_000 };

describe('the session survives what is not a refusal', () => {
  it('no answer once (a reload cancelling the fetch, a network drop), then the user: still signed in, the token kept', async () => {
    const api = currentUserAnswers(null, theUser);
    renderScreen(<SessionProbe />, { user: aUser() });
    expect(await screen.findByText('signed in as +447700900123', undefined, wait)).toBeInTheDocument();
    expect(api.callsTo('GET /api/users/current-user')).toHaveLength(2);
    expect(readToken()).toBe('test-token');
  });

  it('a server error that lasts through the retries ends the session as expired (SPEC section 4: the fetch failed)', async () => {
    const api = currentUserAnswers({ status: 503, body: { error: 'Service unavailable' } });
    renderScreen(<SessionProbe />, { user: aUser() });
    expect(await screen.findByText('session expired', undefined, wait)).toBeInTheDocument();
    expect(api.callsTo('GET /api/users/current-user')).toHaveLength(1 + CURRENT_USER_RETRIES);
    expect(readToken()).toBeNull();
  });

  it('a refused token (401) or no user ends the session at once, without retrying', async () => {
    for (const refusal of [
      { status: 401, body: { error: 'Please sign in' } },
      { status: 200, body: { result: { user: null } } },
    ]) {
      const api = currentUserAnswers(refusal);
      const { unmount } = renderScreen(<SessionProbe />, { user: aUser() });
      expect(await screen.findByText('session expired')).toBeInTheDocument();
      expect(api.callsTo('GET /api/users/current-user')).toHaveLength(1);
      expect(readToken()).toBeNull();
      unmount();
    }
  });
});
