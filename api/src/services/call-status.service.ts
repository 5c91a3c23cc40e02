import { ZodError } from 'zod';
import { outcomeOf } from '@fajr/activities/domain/call-outcome';
import { WebhookPayloadError, WebhookSignatureError, type StatusCallbackRequest } from '@fajr/activities/providers';
import {
  applyOutcome,
  confirmAwake,
  findAttempt,
  findAttemptByProviderCall,
  isFinalOutcome,
} from '@fajr/activities/repositories/calls.repository';
import { inCallbackTrace } from '@fajr/activities/trace-context';
import { telephonyAccountsOf } from '@fajr/activities/domain/caller-accounts';
import { FRIEND_STOP_KEY, isStartReply, isStopReply } from '@fajr/activities/domain/friends';
import { startBySms, stopBySms, stopFriend } from './friends.service';
import type { ApiDeps } from '../deps';
import { BadRequestError, ForbiddenError } from '../errors';
import { describeZodError } from '../middleware/error.middleware';
import { signalCallStatus } from '../temporal';

type Deps = Pick<ApiDeps, 'db' | 'now' | 'temporal' | 'config' | 'logger' | 'providers'>;

/**
 * A telephony status callback (POST /webhooks/twilio/call-status): the provider's adapter checks the
 * signature (403 when wrong) and reads the event; the outcome is logged idempotently (a final outcome
 * is never overwritten) and, once the outcome is final, the call's workflow is nudged. A call we do not
 * know is acknowledged.
 */
export async function handleCallStatusCallback(deps: Deps, request: StatusCallbackRequest): Promise<void> {
  const event = read(() => deps.providers.callStatusCallbacks.parseStatusCallback(request));
  // Once the signature holds: the rest (and the signal) joins the trace of the dial that placed the call.
  await inCallbackTrace('call status callback', event.traceparent, async () => {
    const { call } = event;
    const attempt = await attemptOf(deps, event.attemptKey, call.sid, event.accountSid);
    if (!attempt) return;
    const outcome = outcomeOf(call);
    await applyOutcome(
      deps.db,
      attempt.attemptKey,
      { outcome, answeredBy: call.answeredBy, durationSeconds: call.durationSeconds, providerCallId: call.sid },
      deps.now(),
    );
    // The workflow waits only for the end of the call: a progress event (ringing, answered) is logged, not signalled.
    if (!isFinalOutcome(outcome)) return;
    await signalCallStatus(deps, attempt.workflowId, attempt.attemptKey).catch((err) => {
      // The log is written; the workflow also polls the provider, so a lost nudge delays nothing for long.
      deps.logger.warn(
        { err: (err as Error).message, workflowId: attempt.workflowId },
        'could not signal the call workflow',
      );
    });
  });
}

/** A provider request read by its adapter: 403 when not signed by the provider, 400 when signed but not what it sends. */
function read<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw new ForbiddenError('Invalid signature');
    if (err instanceof WebhookPayloadError)
      throw new BadRequestError(err.cause instanceof ZodError ? describeZodError(err.cause) : err.message);
    throw err;
  }
}

/**
 * The attempt a provider request is about: the key in its URL names it; the call id must agree once
 * known. With CALLER_ACCOUNTS naming each number's own account, the request must be signed by the
 * account that placed the call (403 otherwise): one account's token must not speak for another's calls.
 */
async function attemptOf(deps: Deps, attemptKey: string | undefined, sid: string, signedBy: string | undefined) {
  const byKey = attemptKey ? await findAttempt(deps.db, attemptKey) : undefined;
  const attempt =
    byKey && (!byKey.providerCallId || byKey.providerCallId === sid)
      ? byKey
      : await findAttemptByProviderCall(deps.db, deps.providers.telephony.provider, sid);
  const accounts = telephonyAccountsOf(deps.config);
  if (
    attempt &&
    accounts.separate &&
    accounts.accountOf(attempt.callerAccount).sid.toUpperCase() !== signedBy?.toUpperCase()
  )
    throw new ForbiddenError('Invalid signature');
  return attempt;
}

/**
 * The awake check's key press (POST /webhooks/twilio/awake, Twilio's `<Gather>` action request):
 * any key during a call that asked for one records that the person is awake (the first press counts;
 * never a number or the key in the logs). Answers the TwiML that thanks them and hangs up.
 */
export async function handleAwakeKey(deps: Deps, request: StatusCallbackRequest): Promise<string> {
  const callbacks = deps.providers.callStatusCallbacks;
  const event = read(() => callbacks.parseAwakeKey(request));
  // Signed like the status callback: the key press joins the trace of the dial that placed the call.
  return inCallbackTrace('awake key', event.traceparent, async () => {
    const attempt = await attemptOf(deps, event.attemptKey, event.callSid, event.accountSid);
    // A Fajr friend's stop key, asked for once more ("press 9 again") so a key pressed half asleep does
    // not stop them for good; then never called again unless they consent anew.
    if (attempt?.kind === 'friend' && attempt.friendId && (event.digits === FRIEND_STOP_KEY || event.stopConfirm)) {
      if (!event.stopConfirm) return callbacks.friendStopConfirmReply(request.pathAndQuery, event.language);
      if (event.digits !== FRIEND_STOP_KEY) return callbacks.friendKeptReply(event.language);
      await stopFriend(deps, attempt.friendId, 'key');
      deps.logger.info({ attemptKey: attempt.attemptKey }, 'friend stopped their calls by key');
      return callbacks.friendStoppedReply(event.language);
    }
    const confirmed = !!attempt && attempt.awakeCheck && event.digits !== '';
    if (confirmed) await confirmAwake(deps.db, attempt.attemptKey, deps.now());
    if (attempt) deps.logger.info({ attemptKey: attempt.attemptKey, confirmed }, 'awake check answered');
    // In the language the call spoke, with tomorrow's jama'ah change when the call told of one (its signed key URL says both).
    return callbacks.awakeKeyReply(confirmed, event.language, event.jamaahChange);
  });
}

/**
 * An SMS to our number (POST /webhooks/twilio/sms, Twilio's messaging webhook): a reply of STOP (or
 * another standard opt-out word) stops every Fajr friend's calls at that number, as the key and the
 * link do, and no invitation reaches it until a reply of START. Anything else is ignored. Answers
 * empty TwiML (no reply of ours).
 */
export async function handleInboundSms(deps: Deps, request: StatusCallbackRequest): Promise<string> {
  const callbacks = deps.providers.callStatusCallbacks;
  const sms = read(() => callbacks.parseInboundSms(request));
  if (isStopReply(sms.body)) {
    const friends = await stopBySms(deps, sms.from);
    deps.logger.info({ friends }, 'a number said stop by SMS reply');
  } else if (isStartReply(sms.body)) {
    await startBySms(deps, sms.from);
    deps.logger.info('a number said start by SMS reply');
  }
  return callbacks.inboundSmsReply();
}
