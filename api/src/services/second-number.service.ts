import { UPGRADE_TO_PREMIUM } from '@fajr/activities/domain/entitlements';
import { dailyCapMessage, phoneRefusal } from '@fajr/activities/domain/phone-policy';
import { loadCallPlanSource } from '@fajr/activities/repositories/call-plans.repository';
import { dailyCapWait } from '@fajr/activities/repositories/phone-sends.repository';
import { findUserById, markSecondPhoneVerified, setSecondPhoneNumber } from '@fajr/activities/repositories/users.repository';
import type { ApiDeps } from '../deps';
import { BadRequestError, ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../errors';
import { check, smsCode } from './codes.service';
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

/**
 * POST /users/second-phone-number {phoneNumber, country?} (Premium): stores the number unverified
 * (replacing any earlier one) and sends it a code, like the first number's verification: the phone
 * policy, the daily caps and the resend cooldown hold.
 */
export async function addSecondNumber(deps: ApiDeps, userId: string, phoneNumber: string, country?: string): Promise<{ message: string }> {
  const user = await premiumUser(deps, userId);
  const phone = phoneOrFail(phoneNumber, country);
  const refusal = phoneRefusal(phone.phoneNumber, deps.config.PHONE_COUNTRIES);
  if (refusal) throw new BadRequestError(refusal);
  if (phone.phoneNumber === user.phone_number) throw new BadRequestError(SAME_AS_FIRST);
  if (phone.phoneNumber !== user.second_phone_number || user.second_phone_verified_at) await setSecondPhoneNumber(deps.db, userId, phone.phoneNumber, deps.now());
  deps.logger.info({ userId }, 'second number added');
  return sendSecondNumberCode(deps, userId);
}

/** POST /users/second-phone-number/send-verification (Premium): a (new) code to the unverified second number. */
export async function sendSecondNumberCode(deps: ApiDeps, userId: string): Promise<{ message: string }> {
  const user = await premiumUser(deps, userId);
  if (!user.second_phone_number) throw new BadRequestError(NO_SECOND_NUMBER);
  if (user.second_phone_verified_at) throw new BadRequestError('Your second number is already verified');
  const capWait = await dailyCapWait(deps.db, { channel: 'sms', userId, phoneNumber: user.second_phone_number, secret: deps.config.OTP_SECRET, now: deps.now() });
  if (capWait > 0) throw new TooManyRequestsError(dailyCapMessage('sms', capWait));
  return smsCode(deps, 'verify-second-phone', userId, NO_SECOND_NUMBER);
}

/** POST /users/second-phone-number/verify {code} (Premium): the code sent to the second number proves it; from then on it is called. */
export async function verifySecondNumber(deps: ApiDeps, userId: string, code: string): Promise<{ message: string }> {
  const user = await premiumUser(deps, userId);
  if (!user.second_phone_number) throw new BadRequestError(NO_SECOND_NUMBER);
  if (user.second_phone_verified_at) return { message: 'Your second number is already verified' };
  await check(deps, 'verify-second-phone', userId, code, true);
  await markSecondPhoneVerified(deps.db, userId, deps.now());
  return { message: SECOND_NUMBER_VERIFIED };
}

/** DELETE /users/second-phone-number: forgets the second number (any plan: a downgraded user can still remove it). */
export async function removeSecondNumber(deps: ApiDeps, userId: string): Promise<{ message: string }> {
  await setSecondPhoneNumber(deps.db, userId, null, deps.now());
  return { message: SECOND_NUMBER_REMOVED };
}
