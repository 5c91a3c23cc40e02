import type { Session } from '../../../api/session.api';
import { apiRequest } from '../../../lib/http';

export interface Credentials {
  phoneNumber: string;
  password: string;
  /** Where a national number (`07400 123456`) is from; numbers with + need none. */
  country?: string;
}

/** POST /users/signin: email or phone number (in `phoneNumber`) and password. */
export const signIn = async (credentials: Credentials) =>
  (await apiRequest<{ result: Session }>('/users/signin', { method: 'POST', body: credentials })).result;

/** POST /users/signup?source=web: a web account (gets the free trial). */
export const signUp = async (credentials: Credentials) =>
  (
    await apiRequest<{ result: Session }>('/users/signup', {
      method: 'POST',
      body: credentials,
      query: { source: 'web' },
    })
  ).result;

/** POST /users/forget-password: sends the reset code. */
export const sendResetCode = (phoneNumber: string, country?: string) =>
  apiRequest<{ message: string }>('/users/forget-password', { method: 'POST', body: { phoneNumber, country } });

/** POST /users/forget-password/reset: without a password it only checks the code; with one it sets the password. */
export const resetPassword = (body: { phoneNumber: string; code: string; password?: string; country?: string }) =>
  apiRequest<{ message?: string }>('/users/forget-password/reset', { method: 'POST', body });
