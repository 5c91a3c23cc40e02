import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Knex } from 'knex';
import type { Deps } from '../deps';
import { callerAccountsOf } from '../config';
import { pacerKey, type CallerAccount } from '../domain/pacer';
import { TelephonyError } from '../adapters/telephony/types';
import type { CallPlanSource } from '../repositories/call-plans.repository';
import {
  attemptKeyOf,
  findAttempt,
  markFailed,
  markPlaced,
  recordAttempt,
  type CallAttempt,
  type CallKind,
} from '../repositories/calls.repository';
import { heldPacerSlot, reservePacerSlot } from '../repositories/pacer.repository';
import { callMetrics } from '../metrics';
import { callPolicy, type CallPolicy } from './call-policy';
import { callLogFields, speechOf } from './dial-fields';
import type { JamaahChangeNotice } from './jamaah-change-notice';

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
  /** The member's mosque moves its jama'ah tomorrow: said at the end of the call (issue 46 point 4). */
  jamaahChange?: JamaahChangeNotice;
  /** The last call before sunrise: the day's sunrise (ISO), so the call says how many minutes are left. */
  sunriseAt?: string;
  /** A day's first attempt: when its chain was to arm it (callAt minus the lead), so the planner learns how fast arming goes. */
  armAt?: string;
}

/** The idempotency key of a dial. */
export function attemptKeyFor(input: Pick<DialInput, 'workflowId' | 'attempt' | 'runKey'>): string {
  return attemptKeyOf(input.runKey ? `${input.workflowId}/${input.runKey}` : input.workflowId, input.attempt);
}

export type DialResult = { status: 'placed'; attemptKey: string } | { status: 'skipped'; reason: string };

/** The failure type a call that could not be placed ends with (its message is the provider's error). */
export const CALL_NOT_PLACED = 'CallNotPlaced';
/** The failure type of a provider error worth retrying (5xx, timeout): the dial is tried again. */
export const PROVIDER_UNAVAILABLE = 'ProviderUnavailable';

type DialContext = Pick<Deps, 'db' | 'config' | 'logger' | 'now'> & {
  telephony: Deps['providers']['telephony'];
  policy: CallPolicy;
};
type Reserve = (pinTo?: string) => ReturnType<typeof reservePacerSlot>;

/** The dial activity: exactly once, paced by the shared calendar, on time. */
export function createDialActivities(deps: Deps) {
  const c: DialContext = {
    db: deps.db,
    config: deps.config,
    logger: deps.logger,
    // Read at each call, as before: a test may give the deps another clock.
    now: () => deps.now(),
    telephony: deps.providers.telephony,
    policy: callPolicy(deps),
  };
  return {
    /**
     * Reserves this attempt's slot in the shared pacer calendar as soon as it is armed (the first
     * second at or after the planned instant with room for one more call), waits (heartbeating) until
     * shortly before the slot (recheckLeadMs), re-checks the call is still wanted and records the
     * attempt there, then waits for the slot and sends only the provider request on it. A retry
     * reuses the reserved slot, finds the record, waits for the slot and asks the provider about that
     * call before dialling again.
     */
    dialCall: (input: DialInput): Promise<DialResult> => dialCall(c, input),
  };
}

async function dialCall(c: DialContext, input: DialInput): Promise<DialResult> {
  const { db, config, logger, telephony } = c;
  const { sourceOf, stillWanted, numberFor } = c.policy;
  const attemptKey = attemptKeyFor(input);
  const callers = callerAccountsOf(config);
  // `pinTo`: the account the slot must belong to (a ring-through's attempt 1's, a retry's own).
  const reserve = async (pinTo?: string) =>
    reservePacerSlot(db, {
      account: pacerKey(telephony.account, callers),
      attemptKey,
      planned: new Date(input.plannedAt),
      callers,
      pinTo,
      now: c.now(),
      ...(input.armAt ? { armAt: new Date(input.armAt) } : {}),
    });
  let existing = await findAttempt(db, attemptKey);
  if (!existing) {
    const { slot, reused, callerAccount, position } = await reserve(await pinnedCaller(db, input, callers));
    // Armed after its instant (the workers arming slower than the lead assumed, or stopped): it leaves late.
    if (!reused && c.now().getTime() > Date.parse(input.plannedAt)) callMetrics.armedLate(input.kind);
    const details = { slotAt: slot.toISOString(), reused };
    await sleepHeartbeating(c, slot.getTime() - recheckLeadMs(position), { phase: 'armed', ...details });
    const src = await sourceOf(input, c.now());
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
      attemptKey,
      userId: input.userId,
      kind: input.kind,
      callDate: input.callDate,
      workflowId: input.workflowId,
      attempt: input.attempt,
      plannedAt: new Date(input.plannedAt),
      provider: telephony.provider,
      awakeCheck: src!.awakeCheck,
      friendId: input.friendId,
      callerAccount,
    });
    if (created) {
      await sleepHeartbeating(c, slot.getTime(), { phase: 'paced', ...details });
      return dial(c, attempt, numberFor(src!, input.kind)!, src!, input);
    }
    existing = attempt;
  }
  return recoverRecorded(c, input, existing, reserve);
}

/** A dial already recorded: placed, failed, or asked about at the provider before it is dialled again. */
async function recoverRecorded(
  c: DialContext,
  input: DialInput,
  existing: CallAttempt,
  reserve: Reserve,
): Promise<DialResult> {
  const { db, logger, telephony } = c;
  const attemptKey = attemptKeyFor(input);
  if (existing.providerCallId) return { status: 'placed', attemptKey };
  if (existing.outcome === 'failed')
    throw ApplicationFailure.nonRetryable(existing.error ?? 'The call could not be placed', CALL_NOT_PLACED);
  // Recorded but no provider id: an earlier try stopped between its record and its slot (a worker
  // shutting down hands it over), or died around the dial.
  const src = await c.policy.sourceOf(input, c.now());
  const to = src && c.policy.numberFor(src, input.kind);
  if (!to) {
    callMetrics.skipped(input.kind, 'deleted');
    return { status: 'skipped', reason: 'deleted' };
  }
  const recorded = existing;
  // A retry stays on the account the attempt was recorded with.
  const placedBefore = async (quick: boolean) => {
    const found = await telephony
      .findCall(to, new Date(recorded.plannedAt.getTime() - 60_000), recorded.callerAccount ?? undefined, { quick })
      .catch((err) => {
        throw ApplicationFailure.retryable(
          `Could not ask the provider about an earlier dial: ${(err as Error).message}`,
          'ProviderLookupFailed',
        );
      });
    if (!found) return false;
    logger.info(
      { ...callLogFields(input), attemptKey, sid: found.sid },
      'recovered a call placed before a crash; not dialling again',
    );
    await markPlaced(db, attemptKey, found.sid, c.now());
    return true;
  };
  // Its slot already past: the try that died had its chance to dial on it, so the provider is
  // asked at once, with one quick look. A fresh slot would be wasted on a call already placed
  // (pushing back the dead worker's undialled calls behind it, under the cap), and the workflow
  // would learn of it that much later (a SIGKILLed worker's dials: ~20 s, in the cluster test).
  // Not found: the full look (Twilio's list lags) on the fresh slot, below, as before.
  const held = await heldPacerSlot(db, attemptKey);
  if (held && held.getTime() <= c.now().getTime() && (await placedBefore(true)))
    return { status: 'placed', attemptKey };
  // Never before its slot: the reserved one (a worker stopping between the record and the slot
  // hands the call over), or a fresh one when that is long past, so the retries of a worker that
  // died with many recorded calls stay under the cap. Then the provider is asked even when the
  // slot had not come: an earlier try whose heartbeat timed out may still be running and dial on it.
  // The slot on the account the attempt was recorded with (it dials from that number), so no account goes over its rate.
  const { slot, reused } = await reserve(existing.callerAccount ?? undefined);
  await sleepHeartbeating(c, slot.getTime(), { slotAt: slot.toISOString(), reused, phase: 'paced' });
  if (await placedBefore(false)) return { status: 'placed', attemptKey };
  return dial(c, existing, to, src!, input);
}

async function sleepHeartbeating(c: DialContext, untilMs: number, details: Record<string, unknown>): Promise<void> {
  const ctx = Context.current();
  for (;;) {
    const left = untilMs - c.now().getTime();
    if (left <= 0) return;
    ctx.heartbeat(details);
    // Cancellation-aware: a worker shutting down hands the armed call back at once.
    await ctx.sleep(Math.min(left, HEARTBEAT_EVERY_MS));
  }
}

/**
 * The caller number a dial must come from, if any: the Do Not Disturb ring-through leaves from the
 * number attempt 1 came from (recorded with it), since a phone lets a repeated call through only
 * from the same caller. Every other attempt takes whichever account the pacer gives it.
 */
async function pinnedCaller(db: Knex, input: DialInput, callers: CallerAccount[]): Promise<string | undefined> {
  if (input.kind !== 'ring-through' || callers.length < 2) return undefined;
  const first = await findAttempt(db, attemptKeyFor({ ...input, attempt: 1 }));
  const number = first?.callerAccount ?? undefined;
  // An account no longer configured cannot be used: then any account (the best we can do).
  return callers.some((c) => c.number === number) ? number : undefined;
}

async function dial(
  c: DialContext,
  attempt: CallAttempt,
  to: string,
  src: CallPlanSource,
  call: Pick<
    DialInput,
    'kind' | 'plannedAt' | 'workflowId' | 'attempt' | 'userId' | 'friendId' | 'jamaahChange' | 'sunriseAt'
  >,
): Promise<DialResult> {
  const { db, logger, telephony } = c;
  const { attemptKey, awakeCheck } = attempt;
  const dialledAt = c.now();
  const friend = src.friend ? { friend: { firstName: src.friend.firstName, inviterName: src.friend.inviterName } } : {};
  try {
    const { sid, queueMs } = await telephony.placeCall({
      to,
      adhaanUrl: src.adhaanUrl,
      attemptKey,
      awakeCheck,
      ...friend,
      from: attempt.callerAccount ?? undefined,
      speech: speechOf(src, call.kind, dialledAt, call.jamaahChange, call.sunriseAt),
    });
    await markPlaced(db, attemptKey, sid, c.now());
    callMetrics.placed({ account: telephony.account, kind: call.kind, plannedAt: call.plannedAt, dialledAt, queueMs });
    return { status: 'placed', attemptKey };
  } catch (err) {
    if (err instanceof TelephonyError) {
      logger.warn(
        { ...callLogFields(call), attemptKey, code: err.code, retryable: err.retryable },
        'call could not be placed',
      );
      callMetrics.providerError(telephony.account, err.code, err.retryable);
      if (!err.retryable) {
        callMetrics.failed(call.kind, err.code);
        await markFailed(db, attemptKey, err.message, c.now());
        throw ApplicationFailure.nonRetryable(err.message, CALL_NOT_PLACED);
      }
      // Retryable: the record stays pending without a call id; the retry asks the provider, then dials.
      // Not CALL_NOT_PLACED: the dial's retry policy lists that type as non-retryable.
      throw ApplicationFailure.retryable(err.message, PROVIDER_UNAVAILABLE);
    }
    throw err;
  }
}
