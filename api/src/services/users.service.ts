import { verifyPassword } from '@fajr/activities/domain/passwords';
import { parsePhone } from '@fajr/activities/domain/usernames';
import { phoneRefusal } from '@fajr/activities/domain/phone-policy';
import { activeFriendIds } from '@fajr/activities/repositories/friends.repository';
import { setUserLanguage } from '@fajr/activities/repositories/languages.repository';
import { revokeUserSessions } from '@fajr/activities/repositories/sessions.repository';
import {
  deleteUser,
  findUserById,
  setUnverifiedPhoneNumber,
  UsernameTakenError,
} from '@fajr/activities/repositories/users.repository';
import type { Language } from '../contracts/languages.contract';
import type { ApiDeps } from '../deps';
import { BadRequestError, ConflictError, ServiceUnavailableError, UnauthorizedError } from '../errors';
import { endCodeWorkflows, endFriendCalls, endUserWorkflows, withinDeadline } from '../temporal';
import { phoneOrFail, profileView, userView } from './auth.service';
import { CODE_PURPOSES, numberLeft } from './codes.service';
import { endFriendsOfDeletedAccount } from './friends.service';

export { profileView as currentUser };

export const WRONG_PASSWORD = 'The password is incorrect';
export const GOODBYE_MESSAGE = 'Your account and personal data have been deleted';
const TEMPORAL_DEADLINE_MS = 10_000;

/**
 * Whether a phone number is a valid international number we may call and text, its E.164 form and
 * country, and when it is refused, why (`reason`).
 */
export function validatePhoneNumber(deps: Pick<ApiDeps, 'config'>, phoneNumber: string) {
  const phone = parsePhone(phoneNumber);
  const refusal = phone ? phoneRefusal(phone.phoneNumber, deps.config.PHONE_COUNTRIES) : null;
  return {
    valid: !!phone && !refusal,
    phoneNumber: phone?.phoneNumber ?? null,
    countryCode: phone?.countryCode ?? null,
    ...(refusal ? { reason: refusal } : {}),
  };
}

/**
 * Gives an account without a verified number the number we call (sign-ups from the app may have an
 * e-mail only); until it is verified it can be corrected. The verify drawer then sends its code.
 */
export async function addPhoneNumber(deps: ApiDeps, userId: string, phoneNumber: string, country?: string) {
  const phone = phoneOrFail(phoneNumber, country);
  // Only numbers we may call and text (docs/SECURITY.md), as at sign-up.
  const refusal = phoneRefusal(phone.phoneNumber, deps.config.PHONE_COUNTRIES);
  if (refusal) throw new BadRequestError(refusal);
  const before = await findUserById(deps.db, userId);
  let changed;
  try {
    changed = await setUnverifiedPhoneNumber(deps.db, userId, phone.phoneNumber, deps.now());
  } catch (err) {
    if (err instanceof UsernameTakenError) throw new ConflictError('Another account has this phone number');
    throw err;
  }
  if (!changed) throw new ConflictError('Your phone number is verified already');
  if (before?.phone_number !== phone.phoneNumber) await numberLeft(deps, userId, before?.phone_number ?? null);
  deps.logger.info({ userId }, 'phone number added');
  return userView(deps, userId);
}

/** Keeps the account's interface language: its messages, texts and e-mails are in it from now on. */
export async function setLanguage(deps: ApiDeps, userId: string, language: Language) {
  if (!(await setUserLanguage(deps.db, userId, language, deps.now()))) throw new UnauthorizedError();
  return userView(deps, userId);
}

/**
 * Deletes an account after checking its password: ends the user's workflows (so no call or message
 * follows; their Fajr friends' chains too, and each active friend is told by SMS), cancels a paid subscription at the provider, revokes every session and deletes the
 * personal data. Temporal or the provider failing stops it before anything is deleted.
 */
export async function goodbye(deps: ApiDeps, userId: string, password: string): Promise<{ message: string }> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new UnauthorizedError();
  if (!(await verifyPassword(user.password_hash, password))) throw new BadRequestError(WRONG_PASSWORD);

  try {
    // Bounded: with Temporal unreachable the user hears so within the web client's 15 s, and nothing is deleted.
    await withinDeadline(deps, TEMPORAL_DEADLINE_MS, async () => {
      await endUserWorkflows(deps, userId);
      // Code workflows are found by id too: a just-started one may not be visible to the list query yet.
      await endCodeWorkflows(deps, CODE_PURPOSES, userId, 'account deleted');
      // So are the Fajr friends' chains (tagged with this UserId, found by the list above too).
      await endFriendCalls(deps, await activeFriendIds(deps.db, userId), "inviter's account deleted");
    });
  } catch (err) {
    deps.logger.error({ err, userId }, 'account deletion: could not end the user workflows');
    throw new ServiceUnavailableError('The service is temporarily unavailable, please try again shortly');
  }
  // Their friends' calls have ended: they are told, and their rows and call log go with the account.
  await endFriendsOfDeletedAccount(deps, userId);
  if (user.billing_customer_id) await deps.providers.payments.cancelSubscriptions(user.billing_customer_id);
  await revokeUserSessions(deps.db, userId, deps.now());
  await deleteUser(deps.db, userId);
  deps.logger.info({ userId }, 'account deleted');
  return { message: GOODBYE_MESSAGE };
}
