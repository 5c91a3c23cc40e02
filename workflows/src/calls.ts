import { ActivityFailure, ApplicationFailure, condition, defineSignal, proxyActivities } from '@temporalio/workflow';
import type { AttemptState, CallActivities, DialInput } from '@fajr/activities/calls/calls.activities';

/** Sent by the status webhook when the provider reports a change on one of this workflow's calls. */
export const callStatusChangedSignal = defineSignal<[{ attemptKey: string }]>('callStatusChanged');

/** How long to wait for a status callback before asking the provider ourselves. */
export const STATUS_POLL_AFTER_MS = 60_000;
/** A call whose status is still unknown this long after dialling is logged as failed. */
export const STATUS_GIVE_UP_AFTER_MS = 20 * 60_000;

export const planning = proxyActivities<CallActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

export const dialling = proxyActivities<CallActivities>({
  // The dial waits inside the worker until its instant and its pacer slot: a long start-to-close,
  // a short heartbeat timeout so a dead worker's armed calls move to another worker in time.
  startToCloseTimeout: '2 hours',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 6, nonRetryableErrorTypes: ['CallNotPlaced'] },
});

/** Result of placing one attempt and waiting for its outcome. */
export type AttemptResult = { status: 'skipped'; reason: string } | ({ status: 'done' } & AttemptState);

/**
 * Places one attempt and waits for its outcome: a status signal nudges, and without one the
 * provider is asked after STATUS_POLL_AFTER_MS, so a lost callback never loses a call.
 * Throws a non-retryable ApplicationFailure with the provider's error when the call could not be placed.
 */
export async function placeAndAwait(input: DialInput, nudged: () => boolean, clearNudge: () => void): Promise<AttemptResult> {
  let placed;
  try {
    placed = await dialling.dialCall(input);
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
    const state = await planning.resolveCallAttempt({ attemptKey: placed.attemptKey });
    if (state.final) return { status: 'done', ...state };
    if (Date.now() - started > STATUS_GIVE_UP_AFTER_MS) {
      await planning.markCallAttemptFailed({ dial: input, error: 'The call status never became known' });
      return { status: 'done', ...state, outcome: 'failed', final: true };
    }
  }
}
