import {
  ChildWorkflowFailure,
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  executeChild,
  getExternalWorkflowHandle,
  metricMeter,
  ParentClosePolicy,
  patched,
  setHandler,
  startChild,
  WorkflowIdReusePolicy,
  workflowInfo,
} from '@temporalio/workflow';
import { context as otel, ROOT_CONTEXT, type Context } from '@opentelemetry/api';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { NextCallPlan } from '@fajr/activities/calls/calls.activities';
import { planning } from './calls';
import { fajrCall, type FajrCallResult } from './fajr-call.workflow';
import { fajrCallWorkflowId, friendCallWorkflowId, tahajjudCallWorkflowId } from './ids';
import { pendingCallAttributes } from './search-attributes';
import { tahajjudCall, tahajjudMovedSignal } from './tahajjud-call.workflow';

type PlannedCall = Extract<NextCallPlan, { status: 'planned' }>;
/**
 * A member's next call as a mosque's re-plan planned it (activity replanMembers), sent in `prefsChanged`:
 * the chain takes it instead of planning again itself, unless a plain `prefsChanged` came after `readAt`
 * (the user's own change: this plan may be stale) or it plans a day already called.
 */
export type OfferedPlan = PlannedCall & { readAt: string };

export interface FajrCallsInput {
  /** The user called; for a Fajr friend's chain, the inviter (the friend is `friendId`). */
  userId: string;
  /** A Fajr friend's chain (id friend-calls:<friendId>): plans and calls the friend, not the user. */
  friendId?: string;
  /** The last local date whose call was handled (carried across continue-as-new). */
  lastCallDate?: string | null;
}

/** What the `state` query answers: the next planned call and what the chain is doing. */
export interface FajrCallsState {
  /** scheduled, calling, or why nothing is planned: calls-off, no-place, not-entitled, no-phone, none-soon; ended when the account is gone. */
  status: string;
  next: { callDate: string; callAt: string; fajrAt: string; armAt: string } | null;
  lastCallDate: string | null;
  lastOutcome: string | null;
  /** The night before the next call's tahajjud call (Premium, switched on): its instant, or why not tonight. */
  tahajjud?: string | null;
}

/** Re-plan now; a mosque's re-plan offers the plan it made (replanMembers), which spares the chain its own. */
export const prefsChangedSignal = defineSignal<[offered?: OfferedPlan]>('prefsChanged');
export const fajrCallsStateQuery = defineQuery<FajrCallsState>('state');

/**
 * An offered plan read less than this after the user's own last change (a plain prefsChanged, by the
 * server's clock) is not taken: the chain plans itself. Covers the worker's clock being off the server's.
 */
const OFFER_AFTER_PLAIN_MS = 60_000;
/** With nothing to call, the chain re-plans this often anyway (a trial ending, a plan bought, a new timetable). */
const IDLE_RECHECK_MS = 24 * 3600_000;

/**
 * A user's daily Fajr calls (id fajr-calls:<userId>), or a Fajr friend's (id friend-calls:<friendId>, with `friendId`), forever: plan the next call, sleep until its
 * arming instant, run that day's `fajrCall`, continue as new. A `prefsChanged` signal re-plans at once.
 */
export async function fajrCalls(input: FajrCallsInput): Promise<void> {
  const { userId, friendId } = input;
  // A friend's chain carries its subject across continue-as-new; a user's input stays as it was.
  const subject = friendId ? { friendId } : {};
  let changed = false;
  const state: FajrCallsState = {
    status: 'planning',
    next: null,
    lastCallDate: input.lastCallDate ?? null,
    lastOutcome: null,
  };
  // Traces (docs/OPERATIONS.md): the re-plan a prefsChanged signal causes, and the call it places,
  // continue the trace of the request that sent the signal (its HandleSignal span's context).
  let cause: Context | undefined;
  // A plan offered by a mosque's re-plan, unless a plain signal (the user's own change) came after it was
  // read: read by the worker's clock, compared with the server's, so OFFER_AFTER_PLAIN_MS apart at least.
  let offered: OfferedPlan | undefined;
  let plainAt = -Infinity;
  setHandler(prefsChangedSignal, (plan?: OfferedPlan) => {
    changed = true;
    cause = otel.active();
    if (!plan) plainAt = Date.now();
    offered = plan && Date.parse(plan.readAt) > plainAt + OFFER_AFTER_PLAIN_MS ? plan : undefined;
  });
  setHandler(fajrCallsStateQuery, () => state);
  /** The offered plan, when it plans a day after the last one called (never the same day twice). */
  const takeOffered = () => {
    const plan = offered;
    offered = undefined;
    if (!plan || plan.callDate <= (state.lastCallDate ?? '') || !patched('take-offered-plans')) return undefined;
    metricMeter.createCounter('fajr_offered_plans_taken').add(1);
    return plan;
  };
  const replan = () => otel.with(cause ?? otel.active(), () => run(takeOffered()));
  // Each run is a trace of its own: a chain that lives for years is not one endless trace.
  const nextRun = () =>
    otel.with(ROOT_CONTEXT, () =>
      continueAsNew<typeof fajrCalls>({ userId, ...subject, lastCallDate: state.lastCallDate }),
    );

  // The day whose tahajjud call this run started (or found started): a re-plan of it moves that call.
  const tonight = { callDate: null as string | null };
  // The plan of a day whose call was skipped: planning the very same call again must not loop.
  let skipped: { callDate: string; callAt: string } | null = null;
  return run();
  async function run(given?: OfferedPlan): Promise<void> {
    for (;;) {
      changed = false;
      const plan: NextCallPlan =
        given ??
        (await planning.planNextFajrCall({
          userId,
          ...subject,
          afterDate: state.lastCallDate,
          now: new Date().toISOString(),
        }));
      given = undefined;
      if (plan.status === 'deleted') {
        state.status = 'ended';
        state.next = null;
        return;
      }
      if (plan.status !== 'planned') {
        state.status = plan.status;
        state.next = null;
        if (await condition(() => changed, IDLE_RECHECK_MS)) return replan();
        // A quiet day: start a fresh history rather than let an idle chain grow one forever.
        return nextRun();
      }
      state.status = 'scheduled';
      state.next = { callDate: plan.callDate, callAt: plan.callAt, fajrAt: plan.fajrAt, armAt: plan.armAt };
      // The night before this day's call (issue 47 point 4): started now, it sleeps until its instant.
      if (plan.tahajjud && patched('tahajjud-call')) state.tahajjud = await startTahajjud(userId, plan, tonight);
      const armIn = Date.parse(plan.armAt) - Date.now();
      if (armIn > 0 && (await condition(() => changed, armIn))) return replan();

      state.status = 'calling';
      const result = await runDayCall(input, plan, state);
      const samePlanAgain = skipped?.callDate === plan.callDate && skipped.callAt === plan.callAt;
      if (result?.outcome === 'skipped' && !samePlanAgain) {
        skipped = { callDate: plan.callDate, callAt: plan.callAt };
        // Not dialled because calls stopped or the plan moved while it was armed: plan that day again.
        state.lastOutcome = `skipped: ${result.skippedReason ?? ''}`;
        continue;
      }
      if (result) state.lastOutcome = result.outcome;
      state.lastCallDate = plan.callDate;
      // A crowded minute: its chains plan their next day spread over as long as their calls took to
      // arm, so the calls still being dialled (N / C seconds of them) do not wait behind N re-plans
      // (docs/CALLS.md, "After the call"). Math.random is the workflow's own, replayed identically.
      const spreadMs = Math.floor(Math.random() * (plan.replanSpreadSeconds ?? 0) * 1000);
      if (spreadMs > 0 && patched('spread-replans')) {
        state.status = 'planning';
        state.next = null;
        // A preference change meanwhile plans the next day at once, in this run, as while asleep.
        if (await condition(() => changed, spreadMs)) return replan();
      }
      // Daily continue-as-new keeps the history short; the next run plans the following day.
      return nextRun();
    }
  }
}

/**
 * Starts the night's tahajjudCall (id tahajjud-call:<userId>:<date>, never twice: a re-plan of the same
 * day finds it started, and moves it or calls it off) and says what the state query shows: its instant,
 * or why there is none tonight.
 */
async function startTahajjud(userId: string, plan: PlannedCall, tonight: { callDate: string | null }): Promise<string> {
  const t = plan.tahajjud!;
  const started = tonight.callDate === plan.callDate;
  const move = async (next: { callAt: string; sunsetAt: string } | null) => {
    try {
      await getExternalWorkflowHandle(tahajjudCallWorkflowId(userId, plan.callDate)).signal(tahajjudMovedSignal, next);
    } catch {
      // Already called (or over): nothing to move.
    }
  };
  if (!('callAt' in t)) {
    if (started) await move(null);
    return `skipped: ${t.skipped}`;
  }
  // Planned after its night (the chain planned this day late): not called after the fact.
  if (Date.parse(t.callAt) <= Date.now()) return 'skipped: passed';
  if (started) {
    await move({ callAt: t.callAt, sunsetAt: t.sunsetAt });
    return `planned: ${t.callAt}`;
  }
  tonight.callDate = plan.callDate;
  try {
    await startChild(tahajjudCall, {
      workflowId: tahajjudCallWorkflowId(userId, plan.callDate),
      args: [
        {
          userId,
          callDate: plan.callDate,
          dayCallAt: plan.callAt,
          callAt: t.callAt,
          sunsetAt: t.sunsetAt,
          leadSeconds: plan.leadSeconds,
        },
      ],
      // Outlives the chain's continue-as-new; one per night, exactly once.
      parentClosePolicy: ParentClosePolicy.ABANDON,
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      taskQueue: workflowInfo().taskQueue,
      typedSearchAttributes: pendingCallAttributes(userId, plan.callDate),
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    // Started by an earlier run of the chain (restarted meanwhile): this plan may differ from its.
    await move({ callAt: t.callAt, sunsetAt: t.sunsetAt });
  }
  return `planned: ${t.callAt}`;
}

/** Runs the day's fajrCall as a child; a day already running, or whose call could not be placed, is noted, not thrown. */
async function runDayCall(
  input: FajrCallsInput,
  plan: PlannedCall,
  state: FajrCallsState,
): Promise<FajrCallResult | null> {
  const { userId, friendId } = input;
  const subject = friendId ? { friendId } : {};
  try {
    return await executeChild(fajrCall, {
      workflowId: friendId ? friendCallWorkflowId(friendId, plan.callDate) : fajrCallWorkflowId(userId, plan.callDate),
      args: [
        {
          userId,
          ...subject,
          callDate: plan.callDate,
          callAt: plan.callAt,
          leadSeconds: plan.leadSeconds,
          // Tomorrow's jama'ah change, said at the end of the call (a mosque's name and a time).
          ...(plan.jamaahChange ? { jamaahChange: plan.jamaahChange } : {}),
          // The last call before sunrise, when the user may have it (issue 47 point 1).
          ...(plan.sunrise ? { sunrise: plan.sunrise } : {}),
        },
      ],
      // The day's call outlives a continue-as-new or termination of the chain; a re-run of a
      // skipped day (plan changed while armed) reuses the id.
      parentClosePolicy: ParentClosePolicy.ABANDON,
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
      taskQueue: workflowInfo().taskQueue,
      typedSearchAttributes: pendingCallAttributes(userId, plan.callDate),
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) {
      // That day's call is already running (a chain restarted while it was armed): it is handled.
      state.lastOutcome = 'already running';
    } else if (err instanceof ChildWorkflowFailure) {
      // The call could not be placed: that day's execution failed (visible to operators); the chain goes on.
      state.lastOutcome = 'failed';
    } else {
      throw err;
    }
  }
  return null;
}
