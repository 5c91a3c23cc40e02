import type { Language } from '@fajr/api/contracts/languages.contract';
import type { User } from '@fajr/api/contracts/users.contract';
import { apiRequest } from '../lib/http';

/** PUT /users/language: the interface language, kept on the account. */
export const saveAccountLanguage = async (language: Language) =>
  (await apiRequest<{ result: { user: User } }>('/users/language', { method: 'PUT', body: { language } })).result.user;
