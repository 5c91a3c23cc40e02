import { planDays, PlanningError } from '@fajr/activities/domain/planning';
import { sunriseCallInstant } from '@fajr/activities/domain/sunrise-call';
import { buildCallPlan, eligibilityOf, type CallPlanSource } from '@fajr/activities/repositories/call-plans.repository';
import { isFinalOutcome, wokeBy, type CallAttempt } from '@fajr/activities/repositories/calls.repository';
import type { ApiDeps } from '../deps';

type Deps = Pick<ApiDeps, 'db'>;

/**
 * How long after its instant the last call before sunrise may still be unrecorded (armed, waiting for
 * its pacer slot, or planned "at once" a moment after the repeat ended): meanwhile it is still to come.
 */
const SUNRISE_DIAL_GRACE_MS = 2 * 60_000;

/**
 * The last call before sunrise still to come this morning (issue 47 point 1), as the day's fajrCall
 * plans it (sunriseCallPlan): the morning's calls are over and woke nobody, the user may have it
 * (Premium and the switch, calls still on), the day has a sunrise, and `max(sunrise − N, end of the
 * other calls)` is no later than sunrise − 5 minutes. Null otherwise, or once it has been recorded
 * (then it is one of the morning's attempts) or its instant is a while past without a record.
 * `repeatDue`: the repeat is still to come (then this is not planned yet).
 */
export async function sunriseCallDue(
  deps: Deps,
  src: CallPlanSource,
  morning: CallAttempt[],
  now: Date,
  repeatDue: boolean,
): Promise<Date | null> {
  const first = morning.find((a) => a.kind === 'fajr');
  if (!first || repeatDue || morning.some((a) => a.kind === 'sunrise')) return null;
  if (morning.some(wokeBy) || morning.some((a) => !isFinalOutcome(a.outcome))) return null;
  if (eligibilityOf(src) !== 'ready' || !src.entitlements.canCallBeforeSunrise || src.sunriseCallMinutes === null)
    return null;
  let sunriseAt: string | null | undefined;
  try {
    const plan = await buildCallPlan(deps.db, src, first.callDate, 1);
    sunriseAt = plan ? planDays(plan, first.callDate, 1)[0]?.sunriseAt : null;
  } catch (err) {
    if (err instanceof PlanningError) return null;
    throw err;
  }
  if (!sunriseAt) return null;
  // The workflow plans it once the other calls are over: the last of them is the earliest it can be.
  const ended = Math.max(...morning.map((a) => (a.placedAt ?? a.plannedAt).getTime()));
  const at = sunriseCallInstant(new Date(sunriseAt), src.sunriseCallMinutes, new Date(ended));
  if (!at || now.getTime() >= at.getTime() + SUNRISE_DIAL_GRACE_MS) return null;
  return at;
}
