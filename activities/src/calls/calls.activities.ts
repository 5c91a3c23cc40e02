import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Deps } from '../deps';
import { callerAccountsOf } from '../config';
import { pacerKey } from '../domain/pacer';
import { TelephonyError, outcomeOf, type CallOutcome } from '../adapters/telephony/types';
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
  reservePacerSlot,
  type CallKind,
} from '../repositories/calls.repository';

/** Calls armed per second the dev server sustains (measured ~25/s): the lead grows by count / this. */
export const ARMING_RATE_PER_SECOND = 20;
/** How often a waiting dial reports it is alive; the heartbeat timeout in the workflow is a few times this. */
export const HEARTBEAT_EVERY_MS = 5_000;
/**
 * How long before its pacer slot an armed call re-checks that it is still wanted (the heavier part:
 * the plan source and a one-day plan), so at the slot only the attempt record and the dial remain.
 * A change made within this window before the slot no longer stops that call.
 */
export const RECHECK_BEFORE_SLOT_MS = 3_000;

export type NextCallPlan =
  | { status: 'planned'; callDate: string; callAt: string; fajrAt: string; armAt: string; leadSeconds: number }
  | { status: Exclude<CallEligibility, 'ready'> | 'phone-refused' | 'none-soon' | 'invalid-place' };

export interface DialInput {
  userId: string;
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

  /** Whether the policy lets us phone this user's number (allowed country and number type). */
  const callable = (src: CallPlanSource) => !src.phoneNumber || phoneRefusal(src.phoneNumber, config.PHONE_COUNTRIES) === null;

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
    async planNextFajrCall(input: { userId: string; afterDate: string | null; now: string }): Promise<NextCallPlan> {
      const now = new Date(input.now);
      const src = await loadCallPlanSource(db, input.userId, now);
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
          logger.warn({ userId: input.userId, err: err.message }, 'cannot plan calls for this user');
          return { status: 'invalid-place' };
        }
        throw err;
      }
      if (!day) return { status: 'none-soon' };
      const neighbours = await countSameMinuteNeighbours(db, src!);
      const leadSeconds = config.CALL_ARM_LEAD_SECONDS + Math.ceil(neighbours / ARMING_RATE_PER_SECOND);
      const armAt = new Date(Date.parse(day.callAt!) - leadSeconds * 1000).toISOString();
      return { status: 'planned', callDate: day.date, callAt: day.callAt!, fajrAt: day.fajrAt!, armAt, leadSeconds };
    },

    /** Whether an unanswered call may be repeated for this user (Premium and the toggle on, calls still on). */
    async repeatAllowed(input: { userId: string; now: string }): Promise<boolean> {
      const src = await loadCallPlanSource(db, input.userId, new Date(input.now));
      return eligibilityOf(src) === 'ready' && callable(src!) && src!.entitlements.canRepeatCalls && src!.allowRepeatCalls;
    },

    /**
     * Reserves this attempt's slot in the shared pacer calendar as soon as it is armed (the first
     * second at or after the planned instant with room for one more call), waits (heartbeating) until
     * shortly before the slot, re-checks the call is still wanted, waits for the slot, records the
     * attempt, then dials. A retry reuses the reserved slot, and finds the record and asks the provider
     * about that call instead of dialling again.
     */
    async dialCall(input: DialInput): Promise<DialResult> {
      const attemptKey = attemptKeyFor(input);
      let existing = await findAttempt(db, attemptKey);
      if (!existing) {
        const callers = callerAccountsOf(config);
        const { slot, reused, callerAccount } = await reservePacerSlot(db, {
          account: pacerKey(telephony.account, callers), attemptKey, planned: new Date(input.plannedAt), callers, now: deps.now(),
        });
        const details = { slotAt: slot.toISOString(), reused };
        await sleepHeartbeating(slot.getTime() - RECHECK_BEFORE_SLOT_MS, { phase: 'armed', ...details });
        const src = await loadCallPlanSource(db, input.userId, deps.now());
        const reason = await stillWanted(src, input);
        if (reason) {
          // Its slot stays taken (handing it back could give two calls the same instant); a gap of 1/C.
          logger.info({ userId: input.userId, attemptKey, reason }, 'call not dialled');
          return { status: 'skipped', reason };
        }
        await sleepHeartbeating(slot.getTime(), { phase: 'paced', ...details });
        const { attempt, created } = await recordAttempt(db, {
          attemptKey, userId: input.userId, kind: input.kind, callDate: input.callDate, workflowId: input.workflowId,
          attempt: input.attempt, plannedAt: new Date(input.plannedAt), provider: telephony.provider, callerAccount,
        });
        if (created) return dial(attemptKey, src!.phoneNumber!, src!.adhaanUrl, callerAccount);
        existing = attempt;
      }
      if (existing.providerCallId) return { status: 'placed', attemptKey };
      if (existing.outcome === 'failed') throw ApplicationFailure.nonRetryable(existing.error ?? 'The call could not be placed', CALL_NOT_PLACED);
      // Recorded but no provider id: an earlier try died around the dial. Ask the provider first.
      const src = await loadCallPlanSource(db, input.userId, deps.now());
      if (!src?.phoneNumber) return { status: 'skipped', reason: 'deleted' };
      const since = new Date(existing.plannedAt.getTime() - 60_000);
      // A retry stays on the account the attempt was recorded with.
      const from = existing.callerAccount ?? undefined;
      const found = await telephony.findCall(src.phoneNumber, since > existing.plannedAt ? existing.plannedAt : since, from).catch((err) => {
        throw ApplicationFailure.retryable(`Could not ask the provider about an earlier dial: ${(err as Error).message}`, 'ProviderLookupFailed');
      });
      if (found) {
        logger.info({ attemptKey, sid: found.sid }, 'recovered a call placed before a crash; not dialling again');
        await markPlaced(db, attemptKey, found.sid, deps.now());
        return { status: 'placed', attemptKey };
      }
      return dial(attemptKey, src.phoneNumber, src.adhaanUrl, from);
    },

    /** The attempt's outcome: from the log when final, else from the provider (and logged). */
    async resolveCallAttempt(input: { attemptKey: string }): Promise<AttemptState> {
      const attempt = await findAttempt(db, input.attemptKey);
      if (!attempt) throw ApplicationFailure.nonRetryable(`No call attempt ${input.attemptKey}`, 'UnknownCallAttempt');
      let current = attempt;
      if (!isFinalOutcome(attempt.outcome) && attempt.providerCallId) {
        const call = await telephony.getCall(attempt.providerCallId);
        current = (await applyOutcome(db, input.attemptKey, { outcome: outcomeOf(call), answeredBy: call.answeredBy, durationSeconds: call.durationSeconds }, deps.now()))!;
      }
      return {
        attemptKey: current.attemptKey,
        outcome: current.outcome,
        final: isFinalOutcome(current.outcome),
        durationSeconds: current.durationSeconds,
        answeredBy: current.answeredBy,
      };
    },

    /** Logs an attempt as failed (the provider never accepted it, or its status never became known). */
    async markCallAttemptFailed(input: { dial: Pick<DialInput, 'workflowId' | 'attempt' | 'runKey'>; error: string }): Promise<void> {
      await markFailed(db, attemptKeyFor(input.dial), input.error, deps.now());
    },

    /** The user's local date now (test calls are logged under it). */
    async localDateOfUser(input: { userId: string; now: string }): Promise<string> {
      const now = new Date(input.now);
      const src = await loadCallPlanSource(db, input.userId, now);
      return src ? todayOf(src, now) : now.toISOString().slice(0, 10);
    },
  };

  async function dial(attemptKey: string, to: string, adhaanUrl: string, from?: string): Promise<DialResult> {
    try {
      const { sid } = await telephony.placeCall({ to, adhaanUrl, attemptKey, from });
      await markPlaced(db, attemptKey, sid, deps.now());
      return { status: 'placed', attemptKey };
    } catch (err) {
      if (err instanceof TelephonyError) {
        logger.warn({ attemptKey, code: err.code, retryable: err.retryable }, 'call could not be placed');
        if (!err.retryable) {
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

export type CallActivities = ReturnType<typeof createCallActivities>;
