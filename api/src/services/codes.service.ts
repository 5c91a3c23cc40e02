import { hashPassword, newPasswordProblem } from '@fajr/activities/domain/passwords';
import { dailyCapMessage, phoneRefusal, waitText } from '@fajr/activities/domain/phone-policy';
import { dailyCapWait } from '@fajr/activities/repositories/phone-sends.repository';
import {
  checkCode,
  cooldownSecondsLeft,
  destinationKey,
  endCodesSentTo,
  hashCode,
  recordWrongGuess,
  wrongGuessWait,
  type CodePurpose,
} from '@fajr/activities/repositories/codes.repository';
import { revokeUserSessions } from '@fajr/activities/repositories/sessions.repository';
import {
  findUserById,
  findUserByUsername,
  markPhoneVerified,
  setPasswordHash,
} from '@fajr/activities/repositories/users.repository';
import type { CodeRequestResult } from '@fajr/workflows';
import type { ApiDeps } from '../deps';
import { BadRequestError, ServiceUnavailableError, TooManyRequestsError, UnauthorizedError } from '../errors';
import { notifyPrefsChanged, reportCodeCompleted, requestCode } from '../temporal';
import { usernameOrFail } from './auth.service';

export const CODE_PURPOSES: readonly CodePurpose[] = ['verify-phone', 'verify-second-phone', 'reset-password'];

export const CODE_SENT = 'Verification code sent';
export const RESET_CODE_SENT = 'If an account exists for this email or phone number, we have sent it a reset code';
export const WRONG_CODE = 'The code is incorrect, please try again';
export const CODE_LOCKED = 'Too many wrong attempts, please request a new code';
export const CODE_EXPIRED = 'The code has expired or is no longer valid, please request a new one';
/** Password reset is anonymous: one answer for a wrong, used, locked or unknown code, so it never tells whether an account exists. */
export const RESET_CODE_REJECTED = 'The code is incorrect or has expired, please check it or request a new one';

/** Tells the code's workflow it is done with (used, or ended by wrong tries); a finished workflow needs no word. */
async function reportCompleted(
  deps: ApiDeps,
  purpose: CodePurpose,
  userId: string,
  outcome: 'used' | 'locked',
): Promise<void> {
  try {
    await reportCodeCompleted(deps, purpose, userId, outcome);
  } catch (err) {
    // The code is already ended in Postgres; the workflow would expire on its own.
    deps.logger.warn({ err, userId, purpose }, 'could not tell the code workflow it completed');
  }
}

/**
 * Checks a code of `purpose` for the number or address being proved now (`destination`): a code sent
 * anywhere else never matches (issue 42). Wrong guesses count against the code and the ceilings: the
 * account's for verification, the guessing network's (`networkKey`) for the anonymous reset.
 */
export async function check(
  deps: ApiDeps,
  c: {
    purpose: CodePurpose;
    userId: string;
    destination: string | null;
    code: string;
    consume: boolean;
    networkKey?: string;
  },
): Promise<void> {
  const { purpose, userId } = c;
  const now = deps.now();
  const ceilingWait = await wrongGuessWait(
    deps.db,
    purpose,
    c.networkKey ? { networkKey: c.networkKey } : { subject: userId },
    now,
  );
  if (ceilingWait > 0) {
    // Reset is anonymous: its answer stays the one for a wrong code, so the ceiling tells nothing about the account.
    if (purpose === 'reset-password') throw new BadRequestError(RESET_CODE_REJECTED);
    throw new TooManyRequestsError(`Too many wrong codes, please try again ${waitText(ceilingWait)}`);
  }
  // No destination (an unknown account): the same work, against a key no code carries.
  const destination = c.destination ?? '';
  const result = await checkCode(deps.db, {
    purpose,
    subject: userId,
    destinationKey: destinationKey(deps.config.OTP_SECRET, destination),
    codeHash: hashCode(deps.config.OTP_SECRET, purpose, userId, destination, c.code),
    consume: c.consume,
    now,
  });
  if (result === 'ok') {
    if (c.consume) await reportCompleted(deps, purpose, userId, 'used');
    return;
  }
  if (c.networkKey && result !== 'missing') await recordWrongGuess(deps.db, purpose, c.networkKey, now);
  if (result === 'locked') await reportCompleted(deps, purpose, userId, 'locked');
  if (purpose === 'reset-password') throw new BadRequestError(RESET_CODE_REJECTED);
  throw new BadRequestError(result === 'locked' ? CODE_LOCKED : result === 'wrong' ? WRONG_CODE : CODE_EXPIRED);
}

/** The account left a number (changed or removed it): every live code sent to it ends (issue 42). */
export async function numberLeft(
  deps: Pick<ApiDeps, 'db' | 'config' | 'now'>,
  userId: string,
  number: string | null,
): Promise<void> {
  if (number) await endCodesSentTo(deps.db, userId, destinationKey(deps.config.OTP_SECRET, number), deps.now());
}

export const cooldownMessage = (seconds: number) =>
  seconds > 120
    ? dailyCapMessage('sms', seconds)
    : `A code was just sent, please wait ${seconds} seconds before asking for another`;

/** A verified number starts the daily calls: the call chain re-plans now instead of waiting for the next change. */
async function phoneVerified(deps: ApiDeps, userId: string): Promise<void> {
  await markPhoneVerified(deps.db, userId, deps.now());
  try {
    await notifyPrefsChanged(deps, userId);
  } catch (err) {
    // The worker's reconciliation starts or re-plans the chain later; the verification stands.
    deps.logger.warn({ err, userId }, 'could not tell the call chain the phone number was verified');
  }
}

/** Sends a phone verification code by SMS (429 inside the resend cooldown). */
export async function sendVerification(deps: ApiDeps, userId: string): Promise<{ message: string }> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new UnauthorizedError();
  if (!user.phone_number) throw new BadRequestError('Your account has no phone number to verify');
  if (user.phone_verified_at) throw new BadRequestError('Your phone number is already verified');
  const refusal = phoneRefusal(user.phone_number, deps.config.PHONE_COUNTRIES);
  if (refusal) throw new BadRequestError(refusal);
  const capWait = await dailyCapWait(deps.db, {
    channel: 'sms',
    userId,
    phoneNumber: user.phone_number,
    secret: deps.config.OTP_SECRET,
    now: deps.now(),
  });
  if (capWait > 0) throw new TooManyRequestsError(dailyCapMessage('sms', capWait));
  return smsCode(deps, 'verify-phone', userId, 'Your account has no phone number to verify');
}

/** Texts a verification code of `purpose` (429 inside the resend cooldown; `nowhere` when there is no number to send it to). */
export async function smsCode(
  deps: ApiDeps,
  purpose: 'verify-phone' | 'verify-second-phone',
  userId: string,
  nowhere: string,
): Promise<{ message: string }> {
  // Postgres answers the common case without a round trip; the workflow decides races.
  const wait = await cooldownSecondsLeft(deps.db, purpose, userId, deps.now());
  if (wait > 0) throw new TooManyRequestsError(cooldownMessage(wait), wait);
  let result: CodeRequestResult;
  try {
    result = await requestCode(deps, { purpose, subject: userId, channel: 'sms' });
  } catch (err) {
    // The update failed (provider down after retries), timed out, or Temporal is unreachable.
    deps.logger.warn({ err, userId, purpose }, 'verification code could not be sent');
    throw new ServiceUnavailableError('We could not send the code just now, please try again shortly');
  }
  if (result.sent) return { message: CODE_SENT };
  if (result.retryAfterSeconds > 0)
    throw new TooManyRequestsError(cooldownMessage(result.retryAfterSeconds), result.retryAfterSeconds);
  throw new BadRequestError(nowhere);
}

/** Checks a phone verification code and marks the phone number verified. */
export async function verifyPhoneCode(deps: ApiDeps, userId: string, code: string): Promise<{ message: string }> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new UnauthorizedError();
  if (user.phone_verified_at) return { message: 'Your phone number is already verified' };
  await check(deps, { purpose: 'verify-phone', userId, destination: user.phone_number, code, consume: true });
  await phoneVerified(deps, userId);
  return { message: 'Verification successful' };
}

/**
 * Sends a password reset code to the account's e-mail or phone, by the channel of the username
 * typed. The answer is the same whether or not the account exists (the per-username rate limit is
 * the cooldown, applied to every username alike).
 */
export async function forgetPassword(
  deps: ApiDeps,
  phoneNumber: string,
  country?: string,
): Promise<{ message: string }> {
  const username = usernameOrFail(phoneNumber, country);
  const user = await findUserByUsername(deps.db, username);
  if (user && (await cooldownSecondsLeft(deps.db, 'reset-password', user.id, deps.now())) === 0) {
    // Not awaited: the answer (and its timing) must not differ from an unknown account's.
    // Failures are for operators.
    requestCode(deps, {
      purpose: 'reset-password',
      subject: user.id,
      channel: username.kind === 'email' ? 'email' : 'sms',
    }).catch((err) => deps.logger.warn({ err, userId: user.id }, 'reset code could not be sent'));
  }
  return { message: RESET_CODE_SENT };
}

/** What the account's new password must not contain: its own e-mail address and number. */
const contextOf = (user: { email: string | null; phone_number: string | null }) => ({
  email: user.email,
  phoneNumber: user.phone_number,
});

/** The subject an unknown account's code is looked up under: no code is ever issued to it. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * The reset drawer's two steps: without a password, checks the code and keeps it; with one, checks
 * and uses the code, sets the password and ends every session. Unknown usernames get the wrong-code
 * answer. The code is checked for the address typed, as the account holds it now: a code sent to a
 * number the account has since left proves nothing, and only the number the code went to is verified.
 */
export async function resetPassword(
  deps: ApiDeps,
  body: { phoneNumber: string; code: string; password?: string | undefined; country?: string | undefined },
  network: string,
): Promise<{ message: string }> {
  const username = usernameOrFail(body.phoneNumber, body.country);
  const user = await findUserByUsername(deps.db, username);
  // An unknown account does the same work (password rules, the hash, the code lookup) and fails at
  // the code, so neither the answer nor its timing tells whether the account exists.
  const subject = user?.id ?? NO_ACCOUNT;
  const destination = (username.kind === 'email' ? user?.email : user?.phone_number) ?? null;
  const codeCheck = {
    purpose: 'reset-password' as const,
    userId: subject,
    destination,
    code: body.code,
    networkKey: destinationKey(deps.config.OTP_SECRET, `network:${network}`),
  };
  if (body.password === undefined) {
    await check(deps, { ...codeCheck, consume: false });
    if (!user) throw new BadRequestError(RESET_CODE_REJECTED);
    return { message: 'Code accepted, please choose a new password' };
  }
  const weak = newPasswordProblem(body.password, user ? contextOf(user) : {});
  if (weak) throw new BadRequestError(weak);
  const passwordHash = await hashPassword(body.password);
  await check(deps, { ...codeCheck, consume: true });
  if (!user) throw new BadRequestError(RESET_CODE_REJECTED);
  const now = deps.now();
  await setPasswordHash(deps.db, user.id, passwordHash, now);
  await revokeUserSessions(deps.db, user.id, now);
  // The code went to this very number (it is bound to it), which is still the account's: it is proved.
  if (username.kind === 'phone' && !user.phone_verified_at) await phoneVerified(deps, user.id);
  deps.logger.info({ userId: user.id }, 'password reset');
  return { message: 'Password change complete' };
}
