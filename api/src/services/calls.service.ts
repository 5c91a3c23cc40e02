import { DateTime } from 'luxon';
import { looksSilenced } from '@fajr/activities/domain/call-outcome';
import { UPGRADE_TO_PLUS } from '@fajr/activities/domain/entitlements';
import { zoneFor } from '@fajr/activities/domain/timezones';
import { dailyCapMessage, phoneRefusal } from '@fajr/activities/domain/phone-policy';
import { releasePhoneSend, reservePhoneSend } from '@fajr/activities/repositories/phone-sends.repository';
import { optionalSendHeld, recordOptionalSend } from '@fajr/activities/repositories/phone-spend-guard';
import { countPhoneSendHeld } from '../middleware/metrics';
import { loadCallPlanSource, todayOf } from '@fajr/activities/repositories/call-plans.repository';
import {
  latestCall,
  listCalls,
  MORNING_KINDS,
  wokeBy,
  type CallAttempt,
} from '@fajr/activities/repositories/calls.repository';
import type { ApiDeps } from '../deps';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../errors';
import { startTestCall } from '../temporal';
import { latestMorning, ongoingAttempt } from './next-call.service';
import { sunriseCallDue } from './sunrise-due';
import { VERIFY_TO_BE_CALLED } from './schedules.service';

type Deps = Pick<ApiDeps, 'db' | 'now' | 'temporal' | 'config' | 'logger'>;

export const TEST_CALL_MESSAGE = "we'll call you within 5 minutes";
export const TEST_CALL_PENDING =
  'A test call is already on its way. Please wait for it to finish before asking for another.';
export const TRIAL_ENDED = 'Your free trial has ended, please upgrade your plan';

/**
 * POST /salah-schedules/calls/test: a call within 5 minutes to a verified number the policy allows;
 * one at a time per user (409 while one is pending), a few a day per user and per number (429).
 */
export async function requestTestCall(deps: Deps, userId: string): Promise<{ message: string }> {
  const src = await loadCallPlanSource(deps.db, userId, deps.now());
  if (!src) throw new UnauthorizedError();
  if (!src.phoneNumber) throw new BadRequestError('Add a phone number to your account to receive calls');
  if (!src.phoneVerified) throw new ForbiddenError(VERIFY_TO_BE_CALLED);
  const refusal = phoneRefusal(src.phoneNumber, deps.config.PHONE_COUNTRIES);
  if (refusal) throw new BadRequestError(refusal);
  if (!src.entitlements.canReceiveCalls) throw new ForbiddenError(TRIAL_ENDED);
  // The country's daily caps and the account's monthly budget: a test call is optional (docs/SECURITY.md).
  const held = await optionalSendHeld(deps, { channel: 'test-call', userId, phoneNumber: src.phoneNumber });
  if (held) {
    countPhoneSendHeld(held.reason, 'test-call');
    throw new TooManyRequestsError(held.message, held.retryAfterSeconds);
  }
  const reserved = await reservePhoneSend(deps.db, {
    channel: 'test-call',
    userId,
    phoneNumber: src.phoneNumber,
    secret: deps.config.OTP_SECRET,
    now: deps.now(),
  });
  if (!('id' in reserved)) throw new TooManyRequestsError(dailyCapMessage('test-call', reserved.retryAfterSeconds));
  let started;
  try {
    started = await startTestCall(deps, userId);
  } catch (err) {
    await releasePhoneSend(deps.db, reserved.id);
    deps.logger.error({ err, userId }, 'could not start a test call');
    throw new ServiceUnavailableError('The test call could not be scheduled right now. Please try again in a moment.');
  }
  if (started === 'already-running') {
    await releasePhoneSend(deps.db, reserved.id);
    throw new ConflictError(TEST_CALL_PENDING);
  }
  await recordOptionalSend(deps, { channel: 'test-call', userId, phoneNumber: src.phoneNumber });
  return { message: TEST_CALL_MESSAGE };
}

const ANSWERED_BY: Record<string, string> = {
  answered: 'Answered',
  voicemail: 'Voicemail',
  'no-answer': 'No answer',
  busy: 'Busy',
  failed: 'Failed',
  canceled: 'Canceled',
};

/** The outcome as the call log shows it; answered without the awake check's key is not 'Answered' (not woken). */
export const ANSWERED_NOT_CONFIRMED = 'Answered, no key pressed';
const labelOf = (c: CallAttempt): string | undefined =>
  c.outcome === 'answered' && !wokeBy(c) ? ANSWERED_NOT_CONFIRMED : ANSWERED_BY[c.outcome];

/** What the call log says about an attempt beyond its outcome: why it was placed. */
function noteOf(c: CallAttempt): string | undefined {
  if (c.kind === 'ring-through')
    return c.outcome === 'answered' ? 'Rang through Do Not Disturb' : 'Second call for Do Not Disturb';
  if (c.kind === 'second-number') return 'Second number';
  if (c.kind === 'sunrise') return 'Last call before sunrise';
  if (c.kind === 'tahajjud') return 'Tahajjud call';
  return undefined;
}

/**
 * GET /salah-schedules/calls/stats (Plus and Premium): this month's calls in the user's zone.
 * The counts are about Fajr mornings: a day counts once, answered when any of its attempts woke the
 * user (answered, with the awake check's key when it asked for one), missed when none did. The call log lists every finished call, newest first, test calls
 * included and marked by `kind`, so a user who asked for a test call sees it there.
 */
export async function getCallStats(deps: Deps, userId: string) {
  const now = deps.now();
  const src = await loadCallPlanSource(deps.db, userId, now);
  if (!src) throw new UnauthorizedError();
  if (!src.entitlements.canViewStats) throw new ForbiddenError(UPGRADE_TO_PLUS);
  const zone = zoneFor(src.tzName ?? 'UTC');
  const month = DateTime.fromISO(todayOf(src, now), { zone });
  const calls = await listCalls(
    deps.db,
    userId,
    month.startOf('month').toISODate()!,
    month.endOf('month').toISODate()!,
    [...MORNING_KINDS, 'tahajjud', 'test'],
  );
  const finished = calls.filter((c) => c.outcome in ANSWERED_BY);
  const byDay = new Map<string, CallAttempt[]>();
  // Mornings only: a test call, or the night's tahajjud call (issue 47 point 4), never wakes anyone for Fajr.
  for (const c of finished)
    if (c.kind !== 'test' && c.kind !== 'tahajjud') byDay.set(c.callDate, [...(byDay.get(c.callDate) ?? []), c]);
  let answered = 0;
  let missed = 0;
  // A morning whose repeat, last call before sunrise (or an attempt) is still to come is neither answered nor missed yet.
  const morning = await latestMorning(deps, src, now);
  const goesOn = ongoingAttempt(src, morning, now) !== null || (await sunriseCallDue(deps, src, morning, now, false));
  const ongoing = goesOn ? morning[0]?.callDate : undefined;
  for (const [date, attempts] of byDay) {
    // Answered without the awake check's key counts as not woken.
    if (attempts.some(wokeBy)) answered += 1;
    else if (date === ongoing) continue;
    else missed += 1;
  }
  return {
    result: {
      answered,
      missed,
      callLogs: [...finished].reverse().map((c) => ({
        kind: c.kind,
        callDate: c.callDate,
        callDuration: c.durationSeconds ?? 0,
        callTimestamp: DateTime.fromJSDate(c.placedAt ?? c.plannedAt, { zone }).toISO({ suppressMilliseconds: true })!,
        callAnsweredBy: labelOf(c)!,
        ...(noteOf(c) ? { note: noteOf(c) } : {}),
      })),
    },
  };
}

/** A test call the phone declined or silenced (Do Not Disturb, a Focus, Bedtime): not the same as a line in use. */
export const DECLINED_OR_SILENCED = 'Declined or silenced';

/**
 * GET /salah-schedules/calls/test: the user's newest test call and how it went (null before the
 * first). `silenced` when it ended the way a silenced phone ends a call (`looksSilenced`: busy,
 * unanswered or voicemail within seconds of ringing), so the web can say what to do about it.
 */
export async function getLatestTestCall(deps: Deps, userId: string) {
  const call = await latestCall(deps.db, userId, 'test');
  if (!call) return { result: { testCall: null } };
  const silenced = looksSilenced(call.outcome, call.ringSeconds);
  const label = silenced ? DECLINED_OR_SILENCED : (labelOf(call) ?? null);
  return {
    result: {
      testCall: {
        plannedAt: call.plannedAt.toISOString(),
        outcome: call.outcome,
        finished: label !== null,
        label,
        silenced,
      },
    },
  };
}
