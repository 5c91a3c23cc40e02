import type { User } from '@fajr/api/contracts/users.contract';
import { apiRequest } from '../lib/http';

/** A fresh session from sign-in or sign-up. */
export interface Session {
  user: User;
  token: string;
}

/** GET /users/current-user. */
export const fetchCurrentUser = async () =>
  (await apiRequest<{ result: { user: User | null } }>('/users/current-user')).result.user;

/** POST /users/signout: revokes the session token on the server. */
export const signOut = () => apiRequest<{ message: string }>('/users/signout', { method: 'POST' });
