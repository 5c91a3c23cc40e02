import { UPGRADE_TO_PREMIUM } from '@fajr/activities/domain/entitlements';
import { dailyCapMessage, phoneRefusal } from '@fajr/activities/domain/phone-policy';
import { loadCallPlanSource } from '@fajr/activities/repositories/call-plans.repository';
import { dailyCapWait } from '@fajr/activities/repositories/phone-sends.repository';
import { cooldownSecondsLeft } from '@fajr/activities/repositories/codes.repository';
import {
  findUserById,
  markSecondPhoneVerified,
  setSecondPhoneNumber,
} from '@fajr/activities/repositories/users.repository';
import type { ApiDeps } from '../deps';
import { BadRequestError, ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../errors';
import { check, cooldownMessage, numberLeft, smsCode } from './codes.service';
import { phoneOrFail } from './auth.service';

export const SECOND_NUMBER_VERIFIED = 'Second number verified';
export const SECOND_NUMBER_REMOVED = 'Second number removed';
export const SAME_AS_FIRST = 'This is already your phone number; add a different one';
const NO_SECOND_NUMBER = 'Add a second number first';

/** Premium only (entitlementsOf): adding and verifying; removing is always allowed. */
async function premiumUser(deps: ApiDeps, userId: string) {
  const src = await loadCallPlanSource(deps.db, userId, deps.now());
  if (!src) throw new UnauthorizedError();
  if (!src.entitlements.canUseSecondNumber) throw new ForbiddenError(UPGRADE_TO_PREMIUM);
  const user = await findUserById(deps.db, userId);
  if (!user) throw new UnauthorizedError();
  return user;
}

/** Refuses (429) a code to this number now: the daily caps (the number's and the account's) or the resend cooldown. */
async function refuseIfHeldBack(deps: ApiDeps, userId: string, phoneNumber: string): Promise<void> {
  const capWait = await dailyCapWait(deps.db, {
    channel: 'sms',
    userId,
    phoneNumber,
    secret: deps.config.OTP_SECRET,
    now: deps.now(),
  });
  if (capWait > 0) throw new TooManyRequestsError(dailyCapMessage('sms', capWait));
  const wait = await cooldownSecondsLeft(deps.db, 'verify-second-phone', userId, deps.now());
  if (wait > 0) throw new TooManyRequestsError(cooldownMessage(wait), wait);
}

/**
 * POST /users/second-phone-number {phoneNumber, country?} (Premium): sends the number a code and keeps
 * it, unverified, in place of any earlier one. A request the caps or the cooldown refuse changes
 * nothing, and if the code cannot go out after all the earlier number comes back (issue 42: a stored
 * number must be one a code was sent to).
 */
export async function addSecondNumber(
  deps: ApiDeps,
  userId: string,
  phoneNumber: string,
  country?: string,
): Promise<{ message: string }> {
  const user = await premiumUser(deps, userId);
  const phone = phoneOrFail(phoneNumber, country);
  const refusal = phoneRefusal(phone.phoneNumber, deps.config.PHONE_COUNTRIES);
  if (refusal) throw new BadRequestError(refusal);
  if (phone.phoneNumber === user.phone_number) throw new BadRequestError(SAME_AS_FIRST);
  if (phone.phoneNumber === user.second_phone_number && !user.second_phone_verified_at)
    return sendSecondNumberCode(deps, userId);
  await refuseIfHeldBack(deps, userId, phone.phoneNumber);
  await setSecondPhoneNumber(deps.db, userId, phone.phoneNumber, deps.now());
  await numberLeft(deps, userId, user.second_phone_number);
  try {
    const sent = await smsCode(deps, 'verify-second-phone', userId, NO_SECOND_NUMBER);
    deps.logger.info({ userId }, 'second number added');
    return sent;
  } catch (err) {
    // Lost a race with another request, or the provider failed: the account is as it was.
    await setSecondPhoneNumber(deps.db, userId, user.second_phone_number, deps.now());
    if (user.second_phone_verified_at) await markSecondPhoneVerified(deps.db, userId, user.second_phone_verified_at);
    throw err;
  }
}

/** POST /users/second-phone-number/send-verification (Premium): a (new) code to the unverified second number. */
export async function sendSecondNumberCode(deps: ApiDeps, userId: string): Promise<{ message: string }> {
  const user = await premiumUser(deps, userId);
  if (!user.second_phone_number) throw new BadRequestError(NO_SECOND_NUMBER);
  if (user.second_phone_verified_at) throw new BadRequestError('Your second number is already verified');
  await refuseIfHeldBack(deps, userId, user.second_phone_number);
  return smsCode(deps, 'verify-second-phone', userId, NO_SECOND_NUMBER);
}

/** POST /users/second-phone-number/verify {code} (Premium): the code sent to the second number proves it; from then on it is called. */
export async function verifySecondNumber(deps: ApiDeps, userId: string, code: string): Promise<{ message: string }> {
  const user = await premiumUser(deps, userId);
  if (!user.second_phone_number) throw new BadRequestError(NO_SECOND_NUMBER);
  if (user.second_phone_verified_at) return { message: 'Your second number is already verified' };
  await check(deps, {
    purpose: 'verify-second-phone',
    userId,
    destination: user.second_phone_number,
    code,
    consume: true,
  });
  await markSecondPhoneVerified(deps.db, userId, deps.now());
  return { message: SECOND_NUMBER_VERIFIED };
}

/** DELETE /users/second-phone-number: forgets the second number (any plan: a downgraded user can still remove it). */
export async function removeSecondNumber(deps: ApiDeps, userId: string): Promise<{ message: string }> {
  const user = await findUserById(deps.db, userId);
  await setSecondPhoneNumber(deps.db, userId, null, deps.now());
  await numberLeft(deps, userId, user?.second_phone_number ?? null);
  return { message: SECOND_NUMBER_REMOVED };
}
