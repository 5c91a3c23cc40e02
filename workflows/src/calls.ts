import {
  ActivityFailure,
  ApplicationFailure,
  condition,
  defineSignal,
  patched,
  proxyActivities,
  proxyLocalActivities,
} from '@temporalio/workflow';
import type { AttemptState, CallActivities, DialInput } from '@fajr/activities/calls/calls.activities';

/** Sent by the status webhook when the provider reports a change on one of this workflow's calls. */
export const callStatusChangedSignal = defineSignal<[{ attemptKey: string }]>('callStatusChanged');

/** How long to wait for a status callback before asking the provider ourselves. */
export const STATUS_POLL_AFTER_MS = 60_000;
/** A call whose status is still unknown this long after dialling is logged as failed. */
export const STATUS_GIVE_UP_AFTER_MS = 20 * 60_000;

const PLANNING_OPTIONS = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '1 minute' },
} as const;

export const planning = proxyActivities<CallActivities>(PLANNING_OPTIONS);

/**
 * Reading an attempt's outcome from the log (and the provider, when the log has no final one), run
 * inside the worker's workflow task as a local activity: no activity task for the server to schedule
 * and dispatch, no further workflow task for its result. It runs once per call, in a city's Fajr
 * minute, right behind the calls still being dialled (docs/CALLS.md, "After the call").
 */
const resolving = proxyLocalActivities<CallActivities>(PLANNING_OPTIONS);

/** Heartbeat timeout of a dial: how soon a dead worker's armed calls move to another worker. */
export const DIAL_HEARTBEAT_TIMEOUT_S = { min: 20, max: 120 };

/**
 * The heartbeat timeout of a dial armed `leadSeconds` ahead: a sixth of the lead, 20 s to 120 s. Every
 * armed call heartbeats to Temporal about once per 0.8 × this (the SDK throttles), so a crowded minute
 * (a long lead: 10,000 calls arm 620 s ahead) heartbeats less often per call, and a worker that dies
 * still hands its calls over well inside the lead. 1,000 calls armed at 20 s cost the dev server
 * ~0.16 core; 10,000 would have cost ~1.6 of this machine's 2.
 */
export function dialHeartbeatTimeoutSeconds(leadSeconds?: number): number {
  const { min, max } = DIAL_HEARTBEAT_TIMEOUT_S;
  return Math.round(Math.min(max, Math.max(min, (leadSeconds ?? 0) / 6)));
}

/** The dial activity with the heartbeat timeout for its lead. */
export function dialling(leadSeconds?: number) {
  return proxyActivities<CallActivities>({
    // The dial waits inside the worker until its pacer slot: a long start-to-close, a heartbeat
    // timeout short against the lead so a dead worker's armed calls move to another worker in time.
    startToCloseTimeout: '2 hours',
    heartbeatTimeout: dialHeartbeatTimeoutSeconds(leadSeconds) * 1000,
    retry: {
      initialInterval: '2s',
      backoffCoefficient: 2,
      maximumInterval: '30 seconds',
      maximumAttempts: 6,
      nonRetryableErrorTypes: ['CallNotPlaced'],
    },
  });
}

/** Result of placing one attempt and waiting for its outcome. */
export type AttemptResult = { status: 'skipped'; reason: string } | ({ status: 'done' } & AttemptState);

/**
 * Places one attempt (armed `opts.leadSeconds` ahead, if it was) and waits for its outcome: a status signal nudges, and without one the
 * provider is asked after STATUS_POLL_AFTER_MS, so a lost callback never loses a call.
 * Throws a non-retryable ApplicationFailure with the provider's error when the call could not be placed.
 */
export async function placeAndAwait(
  input: DialInput,
  nudged: () => boolean,
  clearNudge: () => void,
  opts: { leadSeconds?: number } = {},
): Promise<AttemptResult> {
  let placed;
  try {
    placed = await dialling(opts.leadSeconds).dialCall(input);
  } catch (err) {
    const message = err instanceof ActivityFailure && err.cause ? err.cause.message : (err as Error).message;
    await planning.markCallAttemptFailed({ dial: input, error: message });
    throw ApplicationFailure.nonRetryable(message, 'CallNotPlaced');
  }
  if (placed.status === 'skipped') return placed;
  const started = Date.now();
  for (;;) {
    await condition(nudged, STATUS_POLL_AFTER_MS);
    clearNudge();
    // Calls whose histories began with the ordinary activity keep it when replayed.
    const state = await (patched('resolve-locally') ? resolving : planning).resolveCallAttempt({
      attemptKey: placed.attemptKey,
    });
    if (state.final) return { status: 'done', ...state };
    if (Date.now() - started > STATUS_GIVE_UP_AFTER_MS) {
      await planning.markCallAttemptFailed({ dial: input, error: 'The call status never became known' });
      return { status: 'done', ...state, outcome: 'failed', final: true };
    }
  }
}
