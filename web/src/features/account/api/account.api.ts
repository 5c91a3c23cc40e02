import type { statsResult, testCallResult } from '@fajr/api/contracts/schedules.contract';
import type { MosqueRequestView } from '@fajr/api/contracts/mosque-requests.contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';

export type Stats = z.infer<typeof statsResult>['result'];
export type TestCallState = z.infer<typeof testCallResult>['result']['testCall'];

/** GET /salah-schedules/calls/stats: this month's answered/missed counts and call log. */
export const fetchStats = async () => (await apiRequest<{ result: Stats }>('/salah-schedules/calls/stats')).result;

/** GET /salah-schedules/calls/test: the newest test call and how it went. */
export const fetchTestCall = async () =>
  (await apiRequest<{ result: { testCall: TestCallState } }>('/salah-schedules/calls/test')).result.testCall;

/** POST /salah-schedules/calls/test: asks for a test call within 5 minutes. */
export const requestTestCall = async () =>
  (await apiRequest<{ message?: string }>('/salah-schedules/calls/test', { method: 'POST' })).message;

/** POST /users/send-verification: texts a phone verification code. */
export const sendVerificationCode = () =>
  apiRequest<{ message?: string }>('/users/send-verification', { method: 'POST' });

/** POST /users/phone-number: gives an account without a verified number the number we call. */
export const addPhoneNumber = (body: { phoneNumber: string; country: string }) =>
  apiRequest<{ result: unknown }>('/users/phone-number', { method: 'POST', body });

/** POST /users/verify-phone-code. */
export const verifyPhoneCode = (code: string) =>
  apiRequest<{ message?: string }>('/users/verify-phone-code', { method: 'POST', body: { code } });

/** POST /users/goodbye: deletes the account after checking the password. */
export const deleteAccount = async (password: string) =>
  (await apiRequest<{ result: { message: string } }>('/users/goodbye', { method: 'POST', body: { password } })).result
    .message;

/** GET /data/mosques/requests: the user's mosque requests and how each was answered. */
export const fetchMosqueRequests = async () =>
  (await apiRequest<{ result: MosqueRequestView[] }>('/data/mosques/requests')).result;
