import type { Deps } from '../deps';
import { createDialActivities } from './dial.activities';
import { createOutcomeActivities } from './outcome.activities';
import { createPlanningActivities } from './planning.activities';

// What workflows, the worker and tests import by this name: the call activities and their types.
export {
  ARMING_RATE_MARGIN,
  readArmingRate,
  SPREAD_REPLANS_FROM,
  type NextCallPlan,
  type SunriseCallPlan,
} from './planning.activities';
export {
  attemptKeyFor,
  CALL_NOT_PLACED,
  HEARTBEAT_EVERY_MS,
  PROVIDER_UNAVAILABLE,
  RECHECK_BEFORE_SLOT_MS,
  RECHECKS_PER_SECOND,
  recheckLeadMs,
  type DialInput,
  type DialResult,
} from './dial.activities';
export type { AttemptState } from './outcome.activities';
export type { JamaahChangeNotice } from './jamaah-change-notice';

/** Builds the call activities: plan the next call, dial (exactly once, paced, on time), learn the outcome. */
export function createCallActivities(deps: Deps) {
  return { ...createPlanningActivities(deps), ...createDialActivities(deps), ...createOutcomeActivities(deps) };
}

export type CallActivities = ReturnType<typeof createCallActivities>;
