import type { Request } from 'express';
import { findUserLanguage } from '@fajr/activities/repositories/languages.repository';
import { DEFAULT_LANGUAGE, isLanguage, languageOf, type Language } from '../contracts/languages.contract';
import type { ApiDeps } from '../deps';

/**
 * The language the API answers a request in: the signed-in account's, else the request's
 * Accept-Language (the first language Fajr speaks in it), else English. Never fails: an unknown
 * code, a missing user or a database hiccup answer in English.
 */
export async function requestLanguage(deps: Pick<ApiDeps, 'db'>, req: Request): Promise<Language> {
  if (req.auth?.userId) {
    const own = req.profile?.language ?? (await findUserLanguage(deps.db, req.auth.userId).catch(() => null));
    if (isLanguage(own)) return own;
  }
  return headerLanguage(req);
}

/** The language of Accept-Language alone (no account), else English. */
export function headerLanguage(req: Pick<Request, 'headers'>): Language {
  const header = req.headers['accept-language'];
  return languageOf(typeof header === 'string' ? header.slice(0, 200) : null) ?? DEFAULT_LANGUAGE;
}
