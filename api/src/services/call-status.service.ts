import { ZodError } from 'zod';
import { outcomeOf } from '@fajr/activities/domain/call-outcome';
import { WebhookPayloadError, WebhookSignatureError, type StatusCallbackRequest } from '@fajr/activities/providers';
import { applyOutcome, findAttempt, findAttemptByProviderCall } from '@fajr/activities/repositories/calls.repository';
import type { ApiDeps } from '../deps';
import { BadRequestError, ForbiddenError } from '../errors';
import { describeZodError } from '../middleware/error.middleware';
import { signalCallStatus } from '../temporal';

type Deps = Pick<ApiDeps, 'db' | 'now' | 'temporal' | 'config' | 'logger' | 'providers'>;

/**
 * A telephony status callback (POST /webhooks/twilio/call-status): the provider's adapter checks the
 * signature (403 when wrong) and reads the event; the outcome is logged idempotently (a final outcome
 * is never overwritten) and the call's workflow is nudged. A call we do not know is acknowledged.
 */
export async function handleCallStatusCallback(deps: Deps, request: StatusCallbackRequest): Promise<void> {
  let event;
  try {
    event = deps.providers.callStatusCallbacks.parseStatusCallback(request);
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw new ForbiddenError('Invalid signature');
    if (err instanceof WebhookPayloadError) throw new BadRequestError(err.cause instanceof ZodError ? describeZodError(err.cause) : err.message);
    throw err;
  }
  const { call } = event;
  const provider = deps.providers.telephony.provider;
  let attempt = event.attemptKey ? await findAttempt(deps.db, event.attemptKey) : undefined;
  // The key in the URL names the attempt; the call id must agree once known.
  if (attempt && attempt.providerCallId && attempt.providerCallId !== call.sid) attempt = undefined;
  attempt ??= await findAttemptByProviderCall(deps.db, provider, call.sid);
  if (!attempt) return;
  await applyOutcome(
    deps.db,
    attempt.attemptKey,
    { outcome: outcomeOf(call), answeredBy: call.answeredBy, durationSeconds: call.durationSeconds, providerCallId: call.sid },
    deps.now(),
  );
  await signalCallStatus(deps, attempt.workflowId, attempt.attemptKey).catch((err) => {
    // The log is written; the workflow also polls the provider, so a lost nudge delays nothing for long.
    deps.logger.warn({ err: (err as Error).message, workflowId: attempt!.workflowId }, 'could not signal the call workflow');
  });
}
