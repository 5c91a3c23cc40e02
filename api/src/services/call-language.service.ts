import { setUserCallLanguage } from '@fajr/activities/repositories/call-language.repository';
import type { Language } from '../contracts/languages.contract';
import type { ApiDeps } from '../deps';
import { UnauthorizedError } from '../errors';
import { userView } from './auth.service';

/**
 * Keeps the language the account's calls speak (null: the interface language): every call dialled
 * from now on, and the verification call, speaks it (docs/LANGUAGES.md, "Call voices").
 */
export async function setCallLanguage(deps: ApiDeps, userId: string, callLanguage: Language | null) {
  if (!(await setUserCallLanguage(deps.db, userId, callLanguage, deps.now()))) throw new UnauthorizedError();
  deps.logger.info({ userId, callLanguage }, 'call language set');
  return userView(deps, userId);
}
