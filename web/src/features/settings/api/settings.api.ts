import type { City } from '@fajr/api/contracts/data.contract';
import type { FajrPrefs } from '@fajr/api/contracts/schedules.contract';
import { apiRequest } from '../../../lib/http';

export type Toggles = { allowCalls: boolean } | { allowRepeatCalls: boolean } | { awakeCheck: boolean };

/** GET /data/cities/any?city=: cities matching the typed text, from the API's own city list. */
export const searchCities = async (text: string) => (await apiRequest<{ result: City[] }>('/data/cities/any', { query: { city: text } })).result;

/** POST /salah-schedules/fajr-prefs: saves every preference. */
export const saveFajrPrefs = (prefs: FajrPrefs) => apiRequest<{ message?: string }>('/salah-schedules/fajr-prefs', { method: 'POST', body: prefs });

/** POST /salah-schedules/fajr-prefs/toggles: saves one switch at once. */
export const saveToggle = (toggles: Toggles) => apiRequest<{ message?: string }>('/salah-schedules/fajr-prefs/toggles', { method: 'POST', body: toggles });

/** POST /data/mosques/request: asks for a mosque to be added. */
export const requestMosque = (body: { name: string; address: string }) => apiRequest<{ message?: string }>('/data/mosques/request', { method: 'POST', body });

/** POST /users/second-phone-number (Premium): stores the second number and texts it a code. */
export const addSecondNumber = (body: { phoneNumber: string; country: string }) => apiRequest<{ message?: string }>('/users/second-phone-number', { method: 'POST', body });

/** POST /users/second-phone-number/send-verification: a new code to the unverified second number. */
export const resendSecondNumberCode = () => apiRequest<{ message?: string }>('/users/second-phone-number/send-verification', { method: 'POST' });

/** POST /users/second-phone-number/verify. */
export const verifySecondNumber = (code: string) => apiRequest<{ message?: string }>('/users/second-phone-number/verify', { method: 'POST', body: { code } });

/** DELETE /users/second-phone-number. */
export const removeSecondNumber = () => apiRequest<{ message?: string }>('/users/second-phone-number', { method: 'DELETE' });
