import {
  CLAIM_CODES_PER_PHONE_PER_DAY,
  claimCodeSubject,
  claimPhoneWait,
  mosqueClaimTarget,
} from '@fajr/activities/repositories/mosque-claim-codes.repository';
import { phoneRefusal } from '@fajr/activities/domain/phone-policy';
import { isOptedOut } from '@fajr/activities/repositories/invite-opt-outs.repository';
import { cooldownSecondsLeft } from '@fajr/activities/repositories/codes.repository';
import { addMosqueAdmin, isMosqueAdmin, logMosqueChange } from '@fajr/activities/repositories/mosque-admins.repository';
import type { CodeRequestResult } from '@fajr/workflows';
import type { ApiDeps } from '../deps';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
} from '../errors';
import { requestCode } from '../temporal';
import { check, cooldownMessage } from './codes.service';

// A claim proved by a code to the mosque's listed phone (issue 46 point 1). The phone is the mosque's,
// not the claimant's: the claimant only ever sees it masked, and a few codes a day reach it at most.

export const NO_MOSQUE_PHONE = 'This mosque has no listed phone to send a code to: send a claim to an operator instead';
export const CLAIM_CODE_SENT = "Code sent to the mosque's listed phone";
export const MOSQUE_PHONE_TODAY = `The mosque's phone has had ${CLAIM_CODES_PER_PHONE_PER_DAY} codes today, please try again tomorrow or send a claim to an operator`;
export const CLAIMED_BY_CODE = 'Claim proved: you are now an admin of this mosque';
export const MOSQUE_PHONE_OPTED_OUT =
  "The mosque's phone has asked not to get messages from Fajr, so no code can be sent to it: ask an operator to approve your claim instead";

/** A number as a claimant may see it: its last 3 digits, the rest hidden. */
export const maskedPhone = (phone: string) => `${'•'.repeat(Math.max(0, phone.length - 3))}${phone.slice(-3)}`;

async function claimable(deps: ApiDeps, userId: string, mosqueId: string) {
  const mosque = await mosqueClaimTarget(deps.db, mosqueId);
  if (!mosque) throw new NotFoundError('No such mosque');
  if (await isMosqueAdmin(deps.db, mosqueId, userId))
    throw new ConflictError('You are already an admin of this mosque');
  return mosque;
}

/**
 * GET …/:id/claim-code: whether a code can prove a claim, and where it would go (masked); null when the
 * mosque has no phone a code may go to (none, a country not served, or one that said STOP).
 */
export async function claimCodeTarget(deps: ApiDeps, userId: string, mosqueId: string) {
  const mosque = await mosqueClaimTarget(deps.db, mosqueId);
  if (!mosque) throw new NotFoundError('No such mosque');
  const usable =
    mosque.phone &&
    !phoneRefusal(mosque.phone, deps.config.PHONE_COUNTRIES) &&
    !(await isOptedOut(deps.db, deps.config.OTP_SECRET, mosque.phone));
  return { phone: usable ? maskedPhone(mosque.phone!) : null };
}

/** POST …/:id/claim-code: sends a code to the mosque's listed phone (by SMS, or a call that reads it out). */
export async function sendClaimCode(deps: ApiDeps, userId: string, mosqueId: string) {
  const mosque = await claimable(deps, userId, mosqueId);
  if (!mosque.phone || phoneRefusal(mosque.phone, deps.config.PHONE_COUNTRIES))
    throw new BadRequestError(NO_MOSQUE_PHONE);
  // A number that said STOP (an SMS reply, a friend's stop key or link) gets nothing from us, a code by
  // voice included: the claim goes to an operator instead.
  if (await isOptedOut(deps.db, deps.config.OTP_SECRET, mosque.phone))
    throw new BadRequestError(MOSQUE_PHONE_OPTED_OUT);
  const subject = claimCodeSubject(userId, mosqueId);
  const wait = await cooldownSecondsLeft(deps.db, 'claim-mosque', subject, deps.now());
  if (wait > 0) throw new TooManyRequestsError(cooldownMessage(wait), wait);
  const phoneWait = await claimPhoneWait(deps.db, deps.config.OTP_SECRET, mosque.phone, deps.now());
  if (phoneWait > 0) throw new TooManyRequestsError(MOSQUE_PHONE_TODAY, phoneWait);
  let result: CodeRequestResult;
  try {
    result = await requestCode(deps, { purpose: 'claim-mosque', subject, channel: 'sms' });
  } catch (err) {
    deps.logger.warn({ err, userId, mosqueId }, 'claim code could not be sent');
    throw new ServiceUnavailableError('We could not send the code just now, please try again shortly');
  }
  if (!result.sent) {
    if (await isOptedOut(deps.db, deps.config.OTP_SECRET, mosque.phone))
      throw new BadRequestError(MOSQUE_PHONE_OPTED_OUT);
    // Another claimant's code took the phone's last one for today while this one was on its way.
    const phoneFull = await claimPhoneWait(deps.db, deps.config.OTP_SECRET, mosque.phone, deps.now());
    if (phoneFull > 0) throw new TooManyRequestsError(MOSQUE_PHONE_TODAY, phoneFull);
    if (result.retryAfterSeconds > 0)
      throw new TooManyRequestsError(cooldownMessage(result.retryAfterSeconds), result.retryAfterSeconds);
    throw new BadRequestError(NO_MOSQUE_PHONE);
  }
  await logMosqueChange(deps.db, {
    mosqueId,
    actorUserId: userId,
    actor: 'admin',
    action: 'claim-code-sent',
    at: deps.now(),
  });
  return { message: CLAIM_CODE_SENT, sentTo: maskedPhone(mosque.phone) };
}

/** POST …/:id/claim-code/verify: a right code makes the claimant an admin, and closes their waiting claim. */
export async function verifyClaimCode(deps: ApiDeps, userId: string, mosqueId: string, code: string) {
  const mosque = await claimable(deps, userId, mosqueId);
  // Checked against the phone the mosque lists now: a code sent before the number changed proves nothing.
  await check(deps, {
    purpose: 'claim-mosque',
    userId: claimCodeSubject(userId, mosqueId),
    destination: mosque.phone,
    code,
    consume: true,
  });
  const now = deps.now();
  await addMosqueAdmin(deps.db, mosqueId, userId, null, now);
  await deps
    .db('mosque_claims')
    .where({ mosque_id: mosqueId, user_id: userId, status: 'pending' })
    .update({ status: 'approved', resolved_at: now, resolved_by: 'code' });
  await logMosqueChange(deps.db, { mosqueId, actorUserId: userId, actor: 'admin', action: 'claimed-by-code', at: now });
  return { message: CLAIMED_BY_CODE };
}
