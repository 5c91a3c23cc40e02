import { ApplicationFailure, ApplicationFailureCategory, CancelledFailure } from '@temporalio/common';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';

type ActivityContext = Parameters<ActivityInterceptorsFactory>[0];

/** The failure type an activity handed back on worker shutdown is reported with (retryable). */
export const WORKER_SHUTDOWN = 'WorkerShutdown';
/**
 * How soon the server retries a handed-back activity on another worker. The dial's retry policy
 * would wait its initial interval (2 s) first; an armed call due a second after the shutdown must
 * not wait that long.
 */
export const HAND_BACK_RETRY_DELAY = '100 ms';

/** True when the activity stopped because this worker is shutting down (it confirmed the cancellation). */
function stoppedByShutdown(ctx: ActivityContext, err: unknown): boolean {
  if (!ctx.cancellationSignal.aborted) return false;
  const reason = ctx.cancellationSignal.reason as unknown;
  const shutdown =
    ctx.cancellationDetails?.workerShutdown === true ||
    (reason instanceof CancelledFailure && reason.message === 'WORKER_SHUTDOWN');
  return shutdown && (err instanceof CancelledFailure || (err as Error | undefined)?.name === 'AbortError');
}

/**
 * Reports an activity that gave up because its worker is shutting down (an armed dial waiting for
 * its instant) as a retryable failure to be retried at once, so another worker takes it on time.
 * Left alone, the SDK reports the same failure and the server waits the retry policy's interval.
 */
export const handBackOnShutdown: ActivityInterceptorsFactory = (ctx) => ({
  inbound: {
    async execute(input, next) {
      try {
        return await next(input);
      } catch (err) {
        if (!stoppedByShutdown(ctx, err)) throw err;
        throw ApplicationFailure.create({
          type: WORKER_SHUTDOWN,
          message: 'The worker shut down before this activity finished; handed back to another worker',
          nextRetryDelay: HAND_BACK_RETRY_DELAY,
          category: ApplicationFailureCategory.BENIGN,
        });
      }
    },
  },
});
