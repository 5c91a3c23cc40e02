import type { Language } from '@fajr/api/contracts/languages';
import { apiRequest } from '../../../lib/http';

/** POST /data/mosques/invitations: the mosque itself is invited to register, in the language chosen. */
export const inviteMosque = (body: { mosqueName: string; contact: string; language: Language }) =>
  apiRequest<{ message?: string }>('/data/mosques/invitations', { method: 'POST', body });
