import type { User } from '@fajr/api/contracts/users.contract';
import { apiRequest } from '../../../lib/http';

/** PUT /users/hijri-offset: the account's Hijri date adjustment (−2…+2 days); the answer is the user. */
export const saveHijriOffset = async (hijriOffset: number) =>
  (await apiRequest<{ result: { user: User } }>('/users/hijri-offset', { method: 'PUT', body: { hijriOffset } })).result
    .user;
