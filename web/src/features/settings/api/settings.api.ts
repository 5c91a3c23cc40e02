import type { FriendWelcome } from '@fajr/api/contracts/friend-welcome.contract';
import type { City } from '@fajr/api/contracts/data.contract';
import type { FajrPrefs } from '@fajr/api/contracts/schedules.contract';
import type { friendsResult, invitationResult } from '@fajr/api/contracts/friends.contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/http';

type FriendsResult = z.infer<typeof friendsResult>;
type InvitationResult = z.infer<typeof invitationResult>;

export type Toggles =
  | { allowCalls: boolean }
  | { allowRepeatCalls: boolean }
  | { awakeCheck: boolean }
  | { jamaahChangeSms: boolean }
  /** The last call before sunrise (Premium), with its minutes (5 to 40). */
  | { sunriseCall: boolean; sunriseCallMinutes?: number }
  /** Tahajjud calls (Premium): the point of the night's last third, minutes before Fajr (30 to 180), the nights. */
  | {
      tahajjudCall: boolean;
      tahajjudPoint?: 'start' | 'middle' | 'before_fajr';
      tahajjudMinutes?: number;
      tahajjudNights?: 'every' | 'mon_thu' | 'ramadan_last10';
    };

/** GET /data/cities/any?city=: cities matching the typed text, from the API's own city list. */
export const searchCities = async (text: string) =>
  (await apiRequest<{ result: City[] }>('/data/cities/any', { query: { city: text } })).result;

/** POST /salah-schedules/fajr-prefs: saves every preference. */
export const saveFajrPrefs = (prefs: FajrPrefs) =>
  apiRequest<{ message?: string }>('/salah-schedules/fajr-prefs', { method: 'POST', body: prefs });

/** POST /salah-schedules/fajr-prefs/toggles: saves one switch at once. */
export const saveToggle = (toggles: Toggles) =>
  apiRequest<{ message?: string }>('/salah-schedules/fajr-prefs/toggles', { method: 'POST', body: toggles });

/** POST /salah-schedules/fajr-prefs/place-suggestion/decline: keeps the user's own method and rule over their saved city's suggestion. */
export const declinePlaceSuggestion = (suggestion: { prayerCalcMethod: string; prayerCalcHlat: string }) =>
  apiRequest<{ message?: string }>('/salah-schedules/fajr-prefs/place-suggestion/decline', {
    method: 'POST',
    body: { prayerCalcMethod: suggestion.prayerCalcMethod, prayerCalcHlat: suggestion.prayerCalcHlat },
  });

/** POST /data/mosques/request: asks for a mosque to be added. */
export const requestMosque = (body: { name: string; address: string }) =>
  apiRequest<{ message?: string }>('/data/mosques/request', { method: 'POST', body });

/** POST /users/second-phone-number (Premium): stores the second number and texts it a code. */
export const addSecondNumber = (body: { phoneNumber: string; country: string }) =>
  apiRequest<{ message?: string }>('/users/second-phone-number', { method: 'POST', body });

/** POST /users/second-phone-number/send-verification: a new code to the unverified second number. */
export const resendSecondNumberCode = () =>
  apiRequest<{ message?: string }>('/users/second-phone-number/send-verification', { method: 'POST' });

/** POST /users/second-phone-number/verify. */
export const verifySecondNumber = (code: string) =>
  apiRequest<{ message?: string }>('/users/second-phone-number/verify', { method: 'POST', body: { code } });

/** DELETE /users/second-phone-number. */
export const removeSecondNumber = () =>
  apiRequest<{ message?: string }>('/users/second-phone-number', { method: 'DELETE' });

/** GET /users/friends: the Fajr friends the user invited (name, status, this month). */
export const fetchFriends = async () => (await apiRequest<FriendsResult>('/users/friends')).result;

/** POST /users/friends (Premium): invites a friend by SMS. */
export const inviteFriend = (body: { firstName: string; phoneNumber: string; country: string; inviterName: string }) =>
  apiRequest<{ message?: string }>('/users/friends', { method: 'POST', body });

/** DELETE /users/friends/:id: removes a friend; their calls end. */
export const removeFriend = (id: string) =>
  apiRequest<{ message?: string }>(`/users/friends/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** GET /friends/:id (no account): the invitation the consent page shows. */
export const fetchInvitation = async (id: string) =>
  (await apiRequest<InvitationResult>(`/friends/${encodeURIComponent(id)}`)).result;

/** POST /friends/:id/consent (no account): the code from the SMS and the friend's city or mosque. */
export const consentToFriendCalls = ({
  id,
  ...body
}: { id: string; code: string } & (
  { cityName: string; lat: number; lng: number; tzName: string } | { mosqueId: string }
)) => apiRequest<{ message?: string }>(`/friends/${encodeURIComponent(id)}/consent`, { method: 'POST', body });

/** GET /friends/:id/welcome (no account): after yes, the friend's first call and the numbers to save. */
export const fetchFriendWelcome = async (id: string) =>
  (await apiRequest<{ result: FriendWelcome }>(`/friends/${encodeURIComponent(id)}/welcome`)).result;

/** POST /friends/:id/stop (no account): the signed stop link from the SMS. */
export const stopFriendCalls = ({ id, sig }: { id: string; sig: string }) =>
  apiRequest<{ message?: string }>(`/friends/${encodeURIComponent(id)}/stop`, { method: 'POST', body: { sig } });
