import type { calendarPreview, jamaahRuleSchema, mosqueDashboard } from '@fajr/api/contracts/mosque-admin.contract';
import type { z } from 'zod';
import { apiRequest } from '../lib/http';

// Mosques kept by their own admins and the public search (issue 46): every call the mosque screens make.

export type MosqueDashboard = z.infer<typeof mosqueDashboard>['result'];
export type CalendarPreview = z.infer<typeof calendarPreview>['result'];
export type JamaahRule = z.infer<typeof jamaahRuleSchema>;
export type DatedRule = MosqueDashboard['rules'][number];

export interface MyMosque {
  id: string;
  name: string;
  cityName: string;
}
export interface RegisterMosque {
  name: string;
  address: string;
  cityName: string;
  countryCode: string;
  lat: number;
  lng: number;
  contactPhone?: string | null;
}
export interface MosqueAdmin {
  userId: string;
  shownAs: string;
  addedAt: string;
  you: boolean;
}
export interface AuditEntry {
  id: number;
  /** 'admin', or 'operator:<name>' for a claim an operator decided. */
  actor: string;
  /** Which admin (their e-mail, or their number shown only in part); null for an operator. */
  by: string | null;
  action: string;
  details: Record<string, unknown> | null;
  at: string;
}
export interface FoundMosque {
  id: string;
  name: string;
  address: string;
  cityName: string;
  countryCode: string;
  slug: string;
  /** Only when searched near a point. */
  distanceKm?: number;
}
export interface PublicMosque {
  id: string;
  name: string;
  address: string;
  cityName: string;
  countryCode: string;
  tzName: string;
  slug: string;
  coming: { date: string; jamaahAt: string | null }[];
  /** The last date its own times reach; null = open-ended. */
  coveredUntil: string | null;
}

/** Query keys of the mosque screens: an admin's reads sit under the account, so signing out forgets them. */
export const mosqueKeys = {
  mine: (userId: string) => ['user', userId, 'mosque-admin'] as const,
  dashboard: (userId: string, id: string) => ['user', userId, 'mosque-admin', id] as const,
  admins: (userId: string, id: string) => ['user', userId, 'mosque-admin', id, 'admins'] as const,
  audit: (userId: string, id: string) => ['user', userId, 'mosque-admin', id, 'audit'] as const,
  search: (q: string, lat?: number, lng?: number) => ['data', 'mosques', 'search', q, lat, lng] as const,
  page: (slug: string) => ['data', 'mosques', 'page', slug] as const,
};

const base = '/mosque-admin/mosques';
type Message = { message: string };

export const fetchMyMosques = async () => (await apiRequest<{ result: MyMosque[] }>(base)).result;

/** Registers a mosque; the answer names the new mosque. */
export async function registerMosque(body: RegisterMosque): Promise<{ id: string | null }> {
  return { id: (await apiRequest<{ result: { id: string } }>(base, { method: 'POST', body })).result.id };
}

export const fetchDashboard = async (id: string) =>
  (await apiRequest<{ result: MosqueDashboard }>(`${base}/${id}`)).result;

export const saveRule = (id: string, body: DatedRule) =>
  apiRequest<Message & { changedDays: number }>(`${base}/${id}/rules`, { method: 'PUT', body });

export const deleteRule = (id: string, from: string, ramadan: boolean) =>
  apiRequest<Message>(`${base}/${id}/rules`, { method: 'DELETE', query: { from, ramadan: String(ramadan) } });

export const previewCalendar = async (id: string, csv: string, winterTime: boolean) =>
  (
    await apiRequest<{ result: CalendarPreview }>(`${base}/${id}/calendar/preview`, {
      method: 'POST',
      body: { csv, winterTime },
    })
  ).result;

export const saveCalendar = (id: string, csv: string, winterTime: boolean) =>
  apiRequest<Message>(`${base}/${id}/calendar`, { method: 'POST', body: { csv, winterTime } });

export const fetchAdmins = async (id: string) =>
  (await apiRequest<{ result: MosqueAdmin[] }>(`${base}/${id}/admins`)).result;

export const addAdmin = (id: string, username: string) =>
  apiRequest<Message>(`${base}/${id}/admins`, { method: 'POST', body: { username } });

export const removeAdmin = (id: string, userId: string) =>
  apiRequest<Message>(`${base}/${id}/admins/${userId}`, { method: 'DELETE' });

export const fetchAudit = async (id: string) =>
  (await apiRequest<{ result: AuditEntry[] }>(`${base}/${id}/audit`)).result;

/** Asks to keep a listed mosque; an operator approves it. */
export const claimMosque = async (id: string, note: string | null) =>
  apiRequest<Message>(`${base}/${id}/claims`, { method: 'POST', body: { note } });

/** Where a claim's code would go: the mosque's listed phone, masked (null when it lists none). */
export const fetchClaimCodeTarget = async (id: string) =>
  (await apiRequest<{ result: { phone: string | null } }>(`${base}/${id}/claim-code`)).result;

/** Sends a code to the mosque's listed phone (by SMS, or a call that reads it out). */
export const sendClaimCode = (id: string) =>
  apiRequest<Message & { sentTo: string }>(`${base}/${id}/claim-code`, { method: 'POST' });

/** The code the mosque's phone received: a right one makes the claimant an admin. */
export const verifyClaimCode = (id: string, code: string) =>
  apiRequest<Message>(`${base}/${id}/claim-code/verify`, { method: 'POST', body: { code } });

export const searchMosques = async (q: { text?: string; lat?: number; lng?: number }) =>
  (
    await apiRequest<{ result: FoundMosque[] }>('/data/mosques/search', {
      query: {
        q: q.text || undefined,
        lat: q.lat === undefined ? undefined : q.lat.toFixed(5),
        lng: q.lng === undefined ? undefined : q.lng.toFixed(5),
      },
    })
  ).result;

export const fetchPublicMosque = async (slug: string) =>
  (await apiRequest<{ result: PublicMosque }>(`/data/mosques/page/${encodeURIComponent(slug)}`)).result;
