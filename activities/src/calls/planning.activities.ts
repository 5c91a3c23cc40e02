import { Context } from '@temporalio/activity';
import type { Knex } from 'knex';
import type { Deps } from '../deps';
import { planDays, PlanningError, type PlannedDay } from '../domain/planning';
import { sunriseCallInstant } from '../domain/sunrise-call';
import {
  buildCallPlan,
  countSameMinuteNeighbours,
  eligibilityOf,
  loadCallPlanSource,
  planNextDay,
  todayOf,
  type CallEligibility,
  type CallPlanSource,
} from '../repositories/call-plans.repository';
import { slowestArmingRate } from '../repositories/pacer.repository';
import { callMetrics } from '../metrics';
import { callPolicy } from './call-policy';
import { tahajjudPlanOf, type TahajjudPlan } from './tahajjud-plan';
import { friendSourceOrEnd } from './friends';
import { jamaahChangeOf, type JamaahChangeNotice } from './jamaah-change-notice';

/** Of the slowest arming rate measured in the last two days, the share the planner counts on (the rest: a slower morning). */
export const ARMING_RATE_MARGIN = 0.8;
/** How far back the planner looks for crowded armings (the pacer calendar keeps two days). */
const ARMING_LOOKBACK_HOURS = 48;
/**
 * The calls a second the planner counts on arming now: `configured` (CALL_ARMING_RATE), or
 * ARMING_RATE_MARGIN of the slowest crowded arming of the last two days when lower (at least 1).
 * Also read by the burst benchmark and the cluster test, to start their minutes the planner's lead ahead.
 */
export async function readArmingRate(
  db: Knex,
  configured: number,
): Promise<{ rate: number; slowestMeasured: number | null }> {
  const slowestMeasured = await slowestArmingRate(db, {
    minCalls: SPREAD_REPLANS_FROM,
    withinHours: ARMING_LOOKBACK_HOURS,
  });
  const rate =
    slowestMeasured === null ? configured : Math.min(configured, Math.max(1, slowestMeasured * ARMING_RATE_MARGIN));
  return { rate, slowestMeasured };
}

/** How long a worker keeps the arming rate it read before reading it again. */
const ARMING_RATE_TTL_MS = 10 * 60_000;
/** From this many calls in one place's minute, the chains spread their next day's planning (NextCallPlan.replanSpreadSeconds). */
export const SPREAD_REPLANS_FROM = 100;

export type NextCallPlan =
  | {
      status: 'planned';
      callDate: string;
      callAt: string;
      fajrAt: string;
      armAt: string;
      leadSeconds: number;
      /**
       * After this day's call, the chain plans the next one at a random moment within this many
       * seconds: a crowded minute's N chains re-plan at about the arming rate (armingRate) instead
       * of all at once behind the calls still being dialled (0 below SPREAD_REPLANS_FROM; absent in older plans).
       */
      replanSpreadSeconds?: number;
      /** A mosque member's day before their mosque's jama'ah moves: said at the end of this day's call (issue 46 point 4). */
      jamaahChange?: JamaahChangeNotice;
      /**
       * The user may have the last call before sunrise (Premium, switched on) and the day has a sunrise:
       * the day's call asks sunriseCallPlan once its attempts woke nobody (issue 47 point 1).
       */
      sunrise?: { sunriseAt: string; minutes: number };
      /**
       * The user may have tahajjud calls (Premium, switched on): the night before this day's call, when
       * it comes or why not tonight; the chain starts tahajjudCall with it (issue 47 point 4).
       */
      tahajjud?: TahajjudPlan;
    }
  | { status: Exclude<CallEligibility, 'ready'> | 'phone-refused' | 'none-soon' | 'invalid-place' };

/** The day's last call before sunrise: when (ISO), the day's sunrise, and the minutes the user chose. */
export interface SunriseCallPlan {
  callAt: string;
  sunriseAt: string;
  minutes: number;
}

/** The planning activities: the next call with its arming instant, and whether an attempt's branch may be called. */
export function createPlanningActivities(deps: Deps) {
  const { db, config, logger } = deps;
  const { callable, secondNumberOf } = callPolicy(deps);
  const armingRate = armingRateOf(deps);
  /** A user's (never a Fajr friend's: theirs is the inviter's Premium) tahajjud call the night before. */
  const tahajjudOf = async (src: CallPlanSource, day: PlannedDay, friendId?: string) => {
    if (friendId) return {};
    const tahajjud = await tahajjudPlanOf(db, src, day);
    return tahajjud ? { tahajjud } : {};
  };

  return {
    /** The user's next call after `afterDate` as seen at `now` (the workflow's clock), with its arming instant. */
    async planNextFajrCall(input: {
      userId: string;
      friendId?: string;
      afterDate: string | null;
      now: string;
    }): Promise<NextCallPlan> {
      const now = new Date(input.now);
      // A friend whose inviter lost Premium is told and ended here: their chain ends ('deleted').
      const src = input.friendId
        ? await friendSourceOrEnd(deps, input.friendId, now)
        : await loadCallPlanSource(db, input.userId, now);
      const eligibility = eligibilityOf(src);
      if (eligibility !== 'ready') return { status: eligibility };
      if (!callable(src!)) return { status: 'phone-refused' };
      let day;
      try {
        day = await planNextDay(db, src!, now, input.afterDate);
      } catch (err) {
        // A stored method, rule or zone the planner does not know: retrying cannot help; the chain
        // waits for the user to save valid settings (prefsChanged) instead.
        if (err instanceof PlanningError) {
          logger.warn(
            { userId: input.userId, friendId: input.friendId, workflowId: activityWorkflowId(), err: err.message },
            'cannot plan calls for this user',
          );
          return { status: 'invalid-place' };
        }
        throw err;
      }
      if (!day) return { status: 'none-soon' };
      const neighbours = await countSameMinuteNeighbours(db, src!);
      const crowd = Math.ceil(neighbours / (await armingRate()));
      const leadSeconds = config.CALL_ARM_LEAD_SECONDS + crowd;
      const armAt = new Date(Date.parse(day.callAt!) - leadSeconds * 1000).toISOString();
      const replanSpreadSeconds = neighbours >= SPREAD_REPLANS_FROM ? crowd : 0;
      return {
        status: 'planned',
        callDate: day.date,
        callAt: day.callAt!,
        fajrAt: day.fajrAt!,
        armAt,
        leadSeconds,
        replanSpreadSeconds,
        ...jamaahChangeOf(src!, day),
        ...(src!.entitlements.canCallBeforeSunrise && src!.sunriseCallMinutes !== null && day.sunriseAt
          ? { sunrise: { sunriseAt: new Date(day.sunriseAt).toISOString(), minutes: src!.sunriseCallMinutes } }
          : {}),
        ...(await tahajjudOf(src!, day, input.friendId)),
      };
    },

    /** Whether an unanswered call may be repeated for this user (Premium and the toggle on, calls still on). */
    async repeatAllowed(input: { userId: string; now: string }): Promise<boolean> {
      const src = await loadCallPlanSource(db, input.userId, new Date(input.now));
      return (
        eligibilityOf(src) === 'ready' && callable(src!) && src!.entitlements.canRepeatCalls && src!.allowRepeatCalls
      );
    },

    /** Whether a silenced attempt may be called again at once (Plus: do-not-disturb detection; calls still on). */
    async ringThroughAllowed(input: { userId: string; now: string }): Promise<boolean> {
      const src = await loadCallPlanSource(db, input.userId, new Date(input.now));
      return eligibilityOf(src) === 'ready' && callable(src!) && src!.entitlements.canDetectDoNotDisturb;
    },

    /** Whether an unanswered attempt 1 may be followed at once by a call to the second number (Premium, verified; calls still on). */
    async secondNumberAllowed(input: { userId: string; now: string }): Promise<boolean> {
      const src = await loadCallPlanSource(db, input.userId, new Date(input.now));
      return eligibilityOf(src) === 'ready' && callable(src!) && secondNumberOf(src!) !== null;
    },

    /**
     * The day's last call before sunrise, asked once the morning's other calls woke nobody (issue 47
     * point 1): its instant and the day's sunrise (the mosque's place for members), or null when the
     * user may not have it (Premium and their switch; calls still on), the day has no sunrise, or it
     * would come later than sunrise minus 5 minutes.
     */
    async sunriseCallPlan(input: { userId: string; callDate: string; now: string }): Promise<SunriseCallPlan | null> {
      const now = new Date(input.now);
      const src = await loadCallPlanSource(db, input.userId, now);
      if (eligibilityOf(src) !== 'ready' || !callable(src!) || !src!.entitlements.canCallBeforeSunrise) return null;
      const minutes = src!.sunriseCallMinutes;
      if (minutes === null) return null;
      const plan = await buildCallPlan(db, src!, input.callDate, 1);
      let day;
      try {
        day = plan ? planDays(plan, input.callDate, 1)[0] : undefined;
      } catch (err) {
        if (err instanceof PlanningError) return null;
        throw err;
      }
      if (!day?.sunriseAt) return null;
      const at = sunriseCallInstant(new Date(day.sunriseAt), minutes, now);
      return at ? { callAt: at.toISOString(), sunriseAt: new Date(day.sunriseAt).toISOString(), minutes } : null;
    },

    /** The user's local date now (test calls are logged under it). */
    async localDateOfUser(input: { userId: string; now: string }): Promise<string> {
      const now = new Date(input.now);
      const src = await loadCallPlanSource(db, input.userId, now);
      return src ? todayOf(src, now) : now.toISOString().slice(0, 10);
    },
  };
}

/**
 * The calls a second the planner counts on arming (readArmingRate). Read once per ARMING_RATE_TTL_MS
 * per worker: a crowded minute's thousands of plans share one query.
 */
function armingRateOf(deps: Deps): () => Promise<number> {
  const { db, config } = deps;
  let arming: { at: number; rate: Promise<number> } | undefined;
  return () => {
    const now = deps.now().getTime();
    if (!arming || now - arming.at > ARMING_RATE_TTL_MS) {
      const rate = readArmingRate(db, config.CALL_ARMING_RATE).then(({ rate: r }) => {
        callMetrics.armingRate(r);
        return r;
      });
      arming = { at: now, rate };
      rate.catch(() => (arming = undefined));
    }
    return arming.rate;
  };
}

/** The calling workflow's id inside an activity (undefined outside one, e.g. a unit test calling the function). */
function activityWorkflowId(): string | undefined {
  try {
    return Context.current().info.workflowExecution?.workflowId;
  } catch {
    return undefined;
  }
}
