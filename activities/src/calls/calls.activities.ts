import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Knex } from 'knex';
import type { Deps } from '../deps';
import { callerAccountsOf } from '../config';
import { pacerKey, type CallerAccount } from '../domain/pacer';
import { TelephonyError, looksSilenced, outcomeOf, type CallOutcome } from '../adapters/telephony/types';
import { addDays, nextCall, planDays, PlanningError } from '../domain/planning';
import { phoneRefusal } from '../domain/phone-policy';
import {
  buildCallPlan,
  countSameMinuteNeighbours,
  eligibilityOf,
  loadCallPlanSource,
  todayOf,
  type CallEligibility,
  type CallPlanSource,
} from '../repositories/call-plans.repository';
import {
  applyOutcome,
  attemptKeyOf,
  findAttempt,
  isFinalOutcome,
  markFailed,
  markPlaced,
  recordAttempt,
  type CallAttempt,
  type CallKind,
} from '../repositories/calls.repository';
import { heldPacerSlot, reservePacerSlot, slowestArmingRate } from '../repositories/pacer.repository';
import { callMetrics } from '../metrics';
import { friendSourceOrEnd } from './friends';
import { loadFriendPlanSource } from '../repositories/friends.repository';

/** Of the slowest arming rate measured in the last two days, the share the planner counts on (the rest: a slower morning). */
export const ARMING_RATE_MARGIN = 0.8;
/** How far back the planner looks for crowded armings (the pacer calendar keeps two days). */
const ARMING_LOOKBACK_HOURS = 48;
/**
 * The calls a second the planner counts on arming now: `configured` (CALL_ARMING_RATE), or
 * ARMING_RATE_MARGIN of the slowest crowded arming of the last two days when lower (at least 1).
 * Also read by the burst benchmark and the cluster test, to start their minutes the planner's lead ahead.
 */
export async function readArmingRate(db: Knex, configured: number): Promise<{ rate: number; slowestMeasured: number | null }> {
  const slowestMeasured = await slowestArmingRate(db, { minCalls: SPREAD_REPLANS_FROM, withinHours: ARMING_LOOKBACK_HOURS });
  const rate = slowestMeasured === null ? configured : Math.min(configured, Math.max(1, slowestMeasured * ARMING_RATE_MARGIN));
  return { rate, slowestMeasured };
}

/** How long a worker keeps the arming rate it read before reading it again. */
const ARMING_RATE_TTL_MS = 10 * 60_000;
/** From this many calls in one place's minute, the chains spread their next day's planning (NextCallPlan.replanSpreadSeconds). */
export const SPREAD_REPLANS_FROM = 100;
/** How often a waiting dial reports it is alive; the heartbeat timeout in the workflow is a few times this. */
export const HEARTBEAT_EVERY_MS = 5_000;
/**
 * How long before its pacer slot an armed call re-checks that it is still wanted (the heavier part:
 * the plan source and a one-day plan) and records its attempt, so at the slot only the provider
 * request remains. A change made within this window before the slot no longer stops that call.
 */
export const RECHECK_BEFORE_SLOT_MS = 3_000;
/**
 * Re-checks (with their attempt records) one worker gets through per second, with room to spare on
 * two shared cores: the k-th call of a crowded second re-checks k / this earlier than
 * RECHECK_BEFORE_SLOT_MS, so 1,000 calls due in one instant do not all queue on the worker's DB pool
 * at the same moment and finish after their slot (10,000 uncapped: the last re-checks ~100 s ahead).
 */
export const RECHECKS_PER_SECOND = 100;

/** How long before its slot a call re-checks: RECHECK_BEFORE_SLOT_MS, plus a second per RECHECKS_PER_SECOND calls ahead of it in its bucket. */
export function recheckLeadMs(position: number): number {
  return RECHECK_BEFORE_SLOT_MS + Math.floor(position / RECHECKS_PER_SECOND) * 1000;
}

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
    }
  | { status: Exclude<CallEligibility, 'ready'> | 'phone-refused' | 'none-soon' | 'invalid-place' };

export interface DialInput {
  /** The user called; for a Fajr friend's call, the inviter. */
  userId: string;
  /** A Fajr friend's call: the friend dialled (their number, greeting and stop key). */
  friendId?: string;
  workflowId: string;
  attempt: number;
  kind: CallKind;
  callDate: string;
  /** When this attempt is to be dialled (ISO). */
  plannedAt: string;
  /** The day's planned call instant (attempt 1's), compared with a fresh plan before dialling; absent for test calls. */
  dayCallAt?: string;
  /** Makes the attempt key unique when one workflow id is reused (test calls: the run id). */
  runKey?: string;
  /** A day's first attempt: when its chain was to arm it (callAt minus the lead), so the planner learns how fast arming goes. */
  armAt?: string;
}

/** The idempotency key of a dial. */
export function attemptKeyFor(input: Pick<DialInput, 'workflowId' | 'attempt' | 'runKey'>): string {
  return attemptKeyOf(input.runKey ? `${input.workflowId}/${input.runKey}` : input.workflowId, input.attempt);
}

export type DialResult = { status: 'placed'; attemptKey: string } | { status: 'skipped'; reason: string };

export interface AttemptState {
  attemptKey: string;
  outcome: CallOutcome;
  final: boolean;
  durationSeconds: number | null;
  answeredBy: string | null;
  /** How long it rang, when the provider said. */
  ringSeconds: number | null;
  /** Unanswered the way a silenced phone (Do Not Disturb, Focus, a declined call) ends a call. */
  silenced: boolean;
  /** With the awake check: whether a key was pressed ("answered, not confirmed" when answered without); null when the call did not ask. */
  confirmed: boolean | null;
}

/** The failure type a call that could not be placed ends with (its message is the provider's error). */
export const CALL_NOT_PLACED = 'CallNotPlaced';
/** The failure type of a provider error worth retrying (5xx, timeout): the dial is tried again. */
export const PROVIDER_UNAVAILABLE = 'ProviderUnavailable';

/** Builds the call activities: plan the next call, dial (exactly once, paced, on time), learn the outcome. */
export function createCallActivities(deps: Deps) {
  const { db, config, logger } = deps;
  const telephony = deps.providers.telephony;

  async function sleepHeartbeating(untilMs: number, details: Record<string, unknown>): Promise<void> {
    const ctx = Context.current();
    for (;;) {
      const left = untilMs - deps.now().getTime();
      if (left <= 0) return;
      ctx.heartbeat(details);
      // Cancellation-aware: a worker shutting down hands the armed call back at once.
      await ctx.sleep(Math.min(left, HEARTBEAT_EVERY_MS));
    }
  }

  let arming: { at: number; rate: Promise<number> } | undefined;
  /**
   * The calls a second the planner counts on arming (readArmingRate). Read once per
   * ARMING_RATE_TTL_MS per worker: a crowded minute's thousands of plans share one query.
   */
  function armingRate(): Promise<number> {
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
  }

  /** The planning inputs of whoever this call is for: the user, or a Fajr friend (friends.repository). */
  const sourceOf = (input: { userId: string; friendId?: string }, now: Date) =>
    input.friendId ? loadFriendPlanSource(db, input.friendId, now) : loadCallPlanSource(db, input.userId, now);

  /** Whether the policy lets us phone this user's number (allowed country and number type). */
  const callable = (src: CallPlanSource) => !src.phoneNumber || phoneRefusal(src.phoneNumber, config.PHONE_COUNTRIES) === null;
  /** The Premium second number, when it may be called now (verified, Premium, the policy allows it). */
  const secondNumberOf = (src: CallPlanSource) =>
    src.entitlements.canUseSecondNumber && src.secondPhoneNumber && phoneRefusal(src.secondPhoneNumber, config.PHONE_COUNTRIES) === null ? src.secondPhoneNumber : null;
  /** The number an attempt dials: the second number for its attempt, the user's own otherwise. */
  const numberFor = (src: CallPlanSource, kind: CallKind) => (kind === 'second-number' ? secondNumberOf(src) : src.phoneNumber);

  /** Re-checks, shortly before the slot, that this call is still wanted; the reason when not. */
  async function stillWanted(src: CallPlanSource | undefined, input: DialInput): Promise<string | null> {
    if (input.kind === 'test') {
      if (!src) return 'deleted';
      if (!src.phoneNumber) return 'no-phone';
      if (!src.phoneVerified) return 'phone-unverified';
      if (!callable(src)) return 'phone-refused';
      return null;
    }
    const eligibility = eligibilityOf(src);
    if (eligibility !== 'ready') return eligibility;
    if (!callable(src!)) return 'phone-refused';
    if (input.kind === 'repeat' && !(src!.entitlements.canRepeatCalls && src!.allowRepeatCalls)) return 'repeat-not-allowed';
    if (input.kind === 'ring-through' && !src!.entitlements.canDetectDoNotDisturb) return 'ring-through-not-allowed';
    if (input.kind === 'second-number' && !secondNumberOf(src!)) return 'second-number-not-allowed';
    const plan = await buildCallPlan(db, src!, input.callDate, 1);
    let day;
    try {
      day = plan ? planDays(plan, input.callDate, 1)[0] : undefined;
    } catch (err) {
      if (err instanceof PlanningError) return 'plan-changed';
      throw err;
    }
    if (!day || day.status !== 'call' || Date.parse(day.callAt!) !== Date.parse(input.dayCallAt ?? input.plannedAt)) return 'plan-changed';
    return null;
  }

  return {
    /** The user's next call after `afterDate` as seen at `now` (the workflow's clock), with its arming instant. */
    async planNextFajrCall(input: { userId: string; friendId?: string; afterDate: string | null; now: string }): Promise<NextCallPlan> {
      const now = new Date(input.now);
      // A friend whose inviter lost Premium is told and ended here: their chain ends ('deleted').
      const src = input.friendId ? await friendSourceOrEnd(deps, input.friendId, now) : await loadCallPlanSource(db, input.userId, now);
      const eligibility = eligibilityOf(src);
      if (eligibility !== 'ready') return { status: eligibility };
      if (!callable(src!)) return { status: 'phone-refused' };
      let day;
      try {
        // The same first date nextCall considers: yesterday (a zone ahead) or the day after the last call.
        let from = addDays(todayOf(src!, now), -1);
        if (input.afterDate && input.afterDate >= from) from = addDays(input.afterDate, 1);
        const plan = await buildCallPlan(db, src!, from, 62);
        day = plan ? nextCall(plan, now, input.afterDate, 60) : null;
      } catch (err) {
        // A stored method, rule or zone the planner does not know: retrying cannot help; the chain
        // waits for the user to save valid settings (prefsChanged) instead.
        if (err instanceof PlanningError) {
          logger.warn({ userId: input.userId, friendId: input.friendId, workflowId: activityWorkflowId(), err: err.message }, 'cannot plan calls for this user');
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
      return { status: 'planned', callDate: day.date, callAt: day.callAt!, fajrAt: day.fajrAt!, armAt, leadSeconds, replanSpreadSeconds };
    },

    /** Whether an unanswered call may be repeated for this user (Premium and the toggle on, calls still on). */
    async repeatAllowed(input: { userId: string; now: string }): Promise<boolean> {
      const src = await loadCallPlanSource(db, input.userId, new Date(input.now));
      return eligibilityOf(src) === 'ready' && callable(src!) && src!.entitlements.canRepeatCalls && src!.allowRepeatCalls;
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
     * Reserves this attempt's slot in the shared pacer calendar as soon as it is armed (the first
     * second at or after the planned instant with room for one more call), waits (heartbeating) until
     * shortly before the slot (recheckLeadMs), re-checks the call is still wanted and records the
     * attempt there, then waits for the slot and sends only the provider request on it. A retry
     * reuses the reserved slot, finds the record, waits for the slot and asks the provider about that
     * call before dialling again.
     */
    async dialCall(input: DialInput): Promise<DialResult> {
      const attemptKey = attemptKeyFor(input);
      const callers = callerAccountsOf(config);
      // `pinTo`: the account the slot must belong to (a ring-through's attempt 1's, a retry's own).
      const reserve = async (pinTo?: string) =>
        reservePacerSlot(db, {
          account: pacerKey(telephony.account, callers), attemptKey, planned: new Date(input.plannedAt), callers, pinTo, now: deps.now(),
          ...(input.armAt ? { armAt: new Date(input.armAt) } : {}),
        });
      let existing = await findAttempt(db, attemptKey);
      if (!existing) {
        const { slot, reused, callerAccount, position } = await reserve(await pinnedCaller(input, callers));
        // Armed after its instant (the workers arming slower than the lead assumed, or stopped): it leaves late.
        if (!reused && deps.now().getTime() > Date.parse(input.plannedAt)) callMetrics.armedLate(input.kind);
        const details = { slotAt: slot.toISOString(), reused };
        await sleepHeartbeating(slot.getTime() - recheckLeadMs(position), { phase: 'armed', ...details });
        const src = await sourceOf(input, deps.now());
        const reason = await stillWanted(src, input);
        if (reason) {
          // Its slot stays taken (handing it back could give two calls the same instant); a gap of 1/C.
          logger.info({ ...callLogFields(input), attemptKey, reason }, 'call not dialled');
          callMetrics.skipped(input.kind, reason);
          return { status: 'skipped', reason };
        }
        // Recorded before the slot, not on it: at the slot, 1,000 calls of one instant would queue their
        // inserts on the worker's DB pool and leave late. A try that stops between here and the dial
        // leaves a record without a provider id, which its retry handles below.
        const { attempt, created } = await recordAttempt(db, {
          attemptKey, userId: input.userId, kind: input.kind, callDate: input.callDate, workflowId: input.workflowId,
          attempt: input.attempt, plannedAt: new Date(input.plannedAt), provider: telephony.provider, awakeCheck: src!.awakeCheck, friendId: input.friendId,
          callerAccount,
        });
        if (created) {
          await sleepHeartbeating(slot.getTime(), { phase: 'paced', ...details });
          return dial(attempt, numberFor(src!, input.kind)!, src!, input);
        }
        existing = attempt;
      }
      if (existing.providerCallId) return { status: 'placed', attemptKey };
      if (existing.outcome === 'failed') throw ApplicationFailure.nonRetryable(existing.error ?? 'The call could not be placed', CALL_NOT_PLACED);
      // Recorded but no provider id: an earlier try stopped between its record and its slot (a worker
      // shutting down hands it over), or died around the dial.
      const src = await sourceOf(input, deps.now());
      const to = src && numberFor(src, input.kind);
      if (!to) {
        callMetrics.skipped(input.kind, 'deleted');
        return { status: 'skipped', reason: 'deleted' };
      }
      const recorded = existing;
      // A retry stays on the account the attempt was recorded with.
      const placedBefore = async (quick: boolean) => {
        const found = await telephony.findCall(to, new Date(recorded.plannedAt.getTime() - 60_000), recorded.callerAccount ?? undefined, { quick }).catch((err) => {
          throw ApplicationFailure.retryable(`Could not ask the provider about an earlier dial: ${(err as Error).message}`, 'ProviderLookupFailed');
        });
        if (!found) return false;
        logger.info({ ...callLogFields(input), attemptKey, sid: found.sid }, 'recovered a call placed before a crash; not dialling again');
        await markPlaced(db, attemptKey, found.sid, deps.now());
        return true;
      };
      // Its slot already past: the try that died had its chance to dial on it, so the provider is
      // asked at once, with one quick look. A fresh slot would be wasted on a call already placed
      // (pushing back the dead worker's undialled calls behind it, under the cap), and the workflow
      // would learn of it that much later (a SIGKILLed worker's dials: ~20 s, in the cluster test).
      // Not found: the full look (Twilio's list lags) on the fresh slot, below, as before.
      const held = await heldPacerSlot(db, attemptKey);
      if (held && held.getTime() <= deps.now().getTime() && (await placedBefore(true))) return { status: 'placed', attemptKey };
      // Never before its slot: the reserved one (a worker stopping between the record and the slot
      // hands the call over), or a fresh one when that is long past, so the retries of a worker that
      // died with many recorded calls stay under the cap. Then the provider is asked even when the
      // slot had not come: an earlier try whose heartbeat timed out may still be running and dial on it.
      // The slot on the account the attempt was recorded with (it dials from that number), so no account goes over its rate.
      const { slot, reused } = await reserve(existing.callerAccount ?? undefined);
      await sleepHeartbeating(slot.getTime(), { slotAt: slot.toISOString(), reused, phase: 'paced' });
      if (await placedBefore(false)) return { status: 'placed', attemptKey };
      return dial(existing, to, src!, input);
    },

    /** The attempt's outcome: from the log when final, else from the provider (and logged). */
    async resolveCallAttempt(input: { attemptKey: string }): Promise<AttemptState> {
      const attempt = await findAttempt(db, input.attemptKey);
      // A friend who stopped or was removed while their call rang: their log is erased, the call is over for us.
      if (!attempt && input.attemptKey.startsWith('friend-call:')) {
        return { attemptKey: input.attemptKey, outcome: 'canceled', final: true, durationSeconds: null, answeredBy: null, ringSeconds: null, silenced: false, confirmed: null };
      }
      if (!attempt) throw ApplicationFailure.nonRetryable(`No call attempt ${input.attemptKey}`, 'UnknownCallAttempt');
      let current = attempt;
      // A status callback logs the outcome but not the ring time; an unanswered attempt asks the provider for it.
      const ringUnknown = isFinalOutcome(attempt.outcome) && attempt.outcome !== 'answered' && attempt.outcome !== 'failed' && attempt.ringSeconds === null;
      if ((!isFinalOutcome(attempt.outcome) || ringUnknown) && attempt.providerCallId) {
        const call = await telephony.getCall(attempt.providerCallId);
        current = (await applyOutcome(
          db,
          input.attemptKey,
          { outcome: outcomeOf(call), answeredBy: call.answeredBy, durationSeconds: call.durationSeconds, ringSeconds: call.ringSeconds ?? null },
          deps.now(),
        ))!;
      }
      // The workflow stops asking once an outcome is final: counted once per attempt.
      const confirmed = current.awakeCheck ? current.confirmedAt !== null : null;
      if (isFinalOutcome(current.outcome)) callMetrics.ended(current.kind, current.outcome, confirmed);
      return {
        attemptKey: current.attemptKey,
        outcome: current.outcome,
        final: isFinalOutcome(current.outcome),
        durationSeconds: current.durationSeconds,
        answeredBy: current.answeredBy,
        ringSeconds: current.ringSeconds,
        silenced: looksSilenced(current.outcome, current.ringSeconds),
        confirmed,
      };
    },

    /** Logs an attempt as failed (the provider never accepted it, or its status never became known). */
    async markCallAttemptFailed(input: { dial: Pick<DialInput, 'workflowId' | 'attempt' | 'runKey'>; error: string }): Promise<void> {
      const key = attemptKeyFor(input.dial);
      const before = await findAttempt(db, key);
      await markFailed(db, key, input.error, deps.now());
      // A provider's refusal was counted, with its code, where it happened (dial); the rest here.
      if (before?.outcome !== 'failed') callMetrics.failed(before?.kind ?? kindOfDial(input.dial), before?.providerCallId ? 'status-unknown' : 'not-placed');
    },

    /** The user's local date now (test calls are logged under it). */
    async localDateOfUser(input: { userId: string; now: string }): Promise<string> {
      const now = new Date(input.now);
      const src = await loadCallPlanSource(db, input.userId, now);
      return src ? todayOf(src, now) : now.toISOString().slice(0, 10);
    },
  };

  /**
   * The caller number a dial must come from, if any: the Do Not Disturb ring-through leaves from the
   * number attempt 1 came from (recorded with it), since a phone lets a repeated call through only
   * from the same caller. Every other attempt takes whichever account the pacer gives it.
   */
  async function pinnedCaller(input: DialInput, callers: CallerAccount[]): Promise<string | undefined> {
    if (input.kind !== 'ring-through' || callers.length < 2) return undefined;
    const first = await findAttempt(db, attemptKeyFor({ ...input, attempt: 1 }));
    const number = first?.callerAccount ?? undefined;
    // An account no longer configured cannot be used: then any account (the best we can do).
    return callers.some((c) => c.number === number) ? number : undefined;
  }

  async function dial(attempt: CallAttempt, to: string, src: CallPlanSource, call: Pick<DialInput, 'kind' | 'plannedAt' | 'workflowId' | 'attempt' | 'userId' | 'friendId'>): Promise<DialResult> {
    const { attemptKey, awakeCheck } = attempt;
    const dialledAt = deps.now();
    const friend = src.friend ? { friend: { firstName: src.friend.firstName, inviterName: src.friend.inviterName } } : {};
    try {
      const { sid, queueMs } = await telephony.placeCall({ to, adhaanUrl: src.adhaanUrl, attemptKey, awakeCheck, ...friend, from: attempt.callerAccount ?? undefined });
      await markPlaced(db, attemptKey, sid, deps.now());
      callMetrics.placed({ account: telephony.account, kind: call.kind, plannedAt: call.plannedAt, dialledAt, queueMs });
      return { status: 'placed', attemptKey };
    } catch (err) {
      if (err instanceof TelephonyError) {
        logger.warn({ ...callLogFields(call), attemptKey, code: err.code, retryable: err.retryable }, 'call could not be placed');
        callMetrics.providerError(telephony.account, err.code, err.retryable);
        if (!err.retryable) {
          callMetrics.failed(call.kind, err.code);
          await markFailed(db, attemptKey, err.message, deps.now());
          throw ApplicationFailure.nonRetryable(err.message, CALL_NOT_PLACED);
        }
        // Retryable: the record stays pending without a call id; the retry asks the provider, then dials.
        // Not CALL_NOT_PLACED: the dial's retry policy lists that type as non-retryable.
        throw ApplicationFailure.retryable(err.message, PROVIDER_UNAVAILABLE);
      }
      throw err;
    }
  }
}

/**
 * The fields every log line about a call carries (docs/OPERATIONS.md, "Log fields"): the workflow id
 * and attempt lead to the Temporal UI in one step; the user id (the inviter for a friend's call, with
 * the friend's id), never a phone number.
 */
function callLogFields(d: Pick<DialInput, 'workflowId' | 'attempt' | 'userId' | 'friendId'>) {
  return { workflowId: d.workflowId, attempt: d.attempt, userId: d.userId, ...(d.friendId ? { friendId: d.friendId } : {}) };
}

/** The calling workflow's id inside an activity (undefined outside one, e.g. a unit test calling the function). */
function activityWorkflowId(): string | undefined {
  try {
    return Context.current().info.workflowExecution?.workflowId;
  } catch {
    return undefined;
  }
}

export type CallActivities = ReturnType<typeof createCallActivities>;

/** The kind of a dial known only by its workflow id and attempt (no attempt row was recorded). */
function kindOfDial(d: Pick<DialInput, 'workflowId' | 'attempt'>): CallKind {
  if (d.workflowId.startsWith('test-call:')) return 'test';
  return d.attempt === 1 ? 'fajr' : 'repeat';
}
