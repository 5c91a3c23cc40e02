import { setUserHijriOffset } from '@fajr/activities/repositories/display-prefs.repository';
import type { ApiDeps } from '../deps';
import { UnauthorizedError } from '../errors';
import { userView } from './auth.service';

/**
 * Keeps the account's Hijri adjustment (−2…+2 days): the schedule's Hijri dates on every device, and
 * the Ramadan dates (issue 47), follow it.
 */
export async function setHijriOffset(deps: ApiDeps, userId: string, hijriOffset: number) {
  if (!(await setUserHijriOffset(deps.db, userId, hijriOffset, deps.now()))) throw new UnauthorizedError();
  deps.logger.info({ userId, hijriOffset }, 'hijri offset set');
  return userView(deps, userId);
}
