import express, { Router } from 'express';
import { z } from 'zod';
import { outcomeOf, type ProviderCallStatus } from '@fajr/activities/adapters/telephony/types';
import { callbackAuthToken, verifyCallbackSignature } from '@fajr/activities/adapters/telephony/signature';
import { applyOutcome, findAttempt, findAttemptByProviderCall } from '@fajr/activities/repositories/calls.repository';
import type { ApiDeps } from '../deps';
import { ForbiddenError } from '../errors';
import { parse } from '../middleware/validate';
import { signalCallStatus } from '../temporal';

const statusCallback = z.object({
  CallSid: z.string().regex(/^CA[0-9a-f]{32}$/, 'CallSid must be a call id'),
  CallStatus: z.enum(['queued', 'initiated', 'ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'failed', 'canceled']),
  CallDuration: z.coerce.number().int().min(0).optional(),
  AnsweredBy: z.string().max(40).optional(),
});

/**
 * POST /webhooks/twilio/call-status: Twilio's (or the local provider's) signed status callbacks.
 * Checks the X-Twilio-Signature over our public URL and the form fields (403 when wrong), logs the
 * outcome idempotently (a final outcome is never overwritten) and nudges the call's workflow.
 */
export function webhooksTwilioRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.post('/webhooks/twilio/call-status', express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
    const params: Record<string, string> = req.body && typeof req.body === 'object' ? req.body : {};
    // The URL Twilio signed is the public one we gave it, query string included.
    const url = `${deps.config.PUBLIC_BASE_URL.replace(/\/$/, '')}${req.originalUrl}`;
    if (!verifyCallbackSignature(callbackAuthToken(deps.config), req.get('x-twilio-signature'), url, params)) {
      throw new ForbiddenError('Invalid signature');
    }
    const body = parse(statusCallback, params);
    const provider = deps.providers.telephony.provider;
    const keyFromUrl = typeof req.query.attempt === 'string' ? req.query.attempt : undefined;
    let attempt = keyFromUrl ? await findAttempt(deps.db, keyFromUrl) : undefined;
    // The key in the URL names the attempt; the call id must agree once known.
    if (attempt && attempt.providerCallId && attempt.providerCallId !== body.CallSid) attempt = undefined;
    attempt ??= await findAttemptByProviderCall(deps.db, provider, body.CallSid);
    if (!attempt) {
      res.status(204).end();
      return;
    }
    const outcome = outcomeOf({ status: body.CallStatus as ProviderCallStatus, answeredBy: body.AnsweredBy ?? null });
    await applyOutcome(
      deps.db,
      attempt.attemptKey,
      { outcome, answeredBy: body.AnsweredBy ?? null, durationSeconds: body.CallDuration ?? null, providerCallId: body.CallSid },
      deps.now(),
    );
    await signalCallStatus(deps, attempt.workflowId, attempt.attemptKey).catch((err) => {
      // The log is written; the workflow also polls the provider, so a lost nudge delays nothing for long.
      deps.logger.warn({ err: (err as Error).message, workflowId: attempt!.workflowId }, 'could not signal the call workflow');
    });
    res.status(204).end();
  });
  return router;
}
