import { mosquePlace } from '@fajr/activities/repositories/jamaah-rules.repository';
import { addDays, localDateOf } from '@fajr/activities/domain/time/zone-clock';
import type { ApiDeps } from '../deps';
import { replanMosqueMembers } from '../temporal';

type Deps = Pick<ApiDeps, 'db' | 'now' | 'temporal' | 'config' | 'logger'>;

/**
 * Dates this close to today (the mosque's) decide plans the members' chains already hold: the next
 * call (today's or tomorrow's) and the notice of the day after it. Later dates are planned fresh when
 * the chains reach them, so a change there re-plans nobody.
 */
export const REPLAN_WITHIN_DAYS = 2;

/**
 * After a mosque's times were written (writeMosqueTimes' changed dates): when a change falls within
 * REPLAN_WITHIN_DAYS, every member's plan is re-made at once, in batches a workflow paces (issue 46
 * point 4). The admin's save stands even if Temporal cannot be reached: it is logged, and each chain
 * still re-checks the plan before dialling and plans its next day from the new times.
 */
export async function replanAfterTimesChanged(deps: Deps, mosqueId: string, changed: string[]): Promise<boolean> {
  if (!changed.length) return false;
  const place = await mosquePlace(deps.db, mosqueId);
  if (!place) return false;
  const until = addDays(localDateOf(deps.now(), place.tzName), REPLAN_WITHIN_DAYS);
  if (!changed.some((d) => d <= until)) return false;
  try {
    await replanMosqueMembers(deps, mosqueId);
    return true;
  } catch (err) {
    deps.logger.error({ err: (err as Error).message, mosqueId }, "could not start the mosque members' re-plan");
    return false;
  }
}
