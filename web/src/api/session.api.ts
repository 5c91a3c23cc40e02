import type { User } from '@fajr/api/contracts/users.contract';
import { apiRequest } from '../lib/http';

/** A fresh session from sign-in or sign-up. */
export interface Session {
  user: User;
  token: string;
}

const askCurrentUser = async () =>
  (await apiRequest<{ result: { user: User | null } }>('/users/current-user')).result.user;

/** The request main.tsx started before the first render, until the session's first fetch takes it. */
let early: Promise<User | null> | null = null;

/**
 * Asks for the current user at start (main.tsx, a token held, the language set): the answer is on its
 * way while the app renders for the first time, instead of being asked for after it (bench:web).
 */
export function askCurrentUserEarly(): void {
  early = askCurrentUser();
  early.catch(() => undefined); // its failure is the session's, when it takes the answer
}

/** GET /users/current-user: the answer already asked for at start, once, else a new request. */
export const fetchCurrentUser = (): Promise<User | null> => {
  const answer = early ?? askCurrentUser();
  early = null;
  return answer;
};

/** POST /users/signout: revokes the session token on the server. */
export const signOut = () => apiRequest<{ message: string }>('/users/signout', { method: 'POST' });
