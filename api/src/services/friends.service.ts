import { publicWebUrl } from '@fajr/activities';
import { MAX_FRIENDS, UPGRADE_TO_PREMIUM } from '@fajr/activities/domain/entitlements';
import { friendEndedSms, friendInviteSms } from '@fajr/activities/domain/friends';
import { dailyCapMessage, phoneRefusal } from '@fajr/activities/domain/phone-policy';
import { isIanaZone } from '@fajr/activities/domain/timezones';
import { loadCallPlanSource } from '@fajr/activities/repositories/call-plans.repository';
import { generateCode } from '@fajr/activities/repositories/codes.repository';
import {
  activeFriendIds,
  consentFriend,
  createFriend,
  deleteFriend,
  endFriend,
  findFriend,
  friendCallsSince,
  currentFriendIdsByPhone,
  friendStopSignature,
  listFriends,
  removeFriend,
  validStopSignature,
  type FriendPlace,
} from '@fajr/activities/repositories/friends.repository';
import {
  clearOptOut,
  isOptedOut,
  recordOptOut,
  type OptOutSource,
} from '@fajr/activities/repositories/invite-opt-outs.repository';
import { releasePhoneSend, reservePhoneSend } from '@fajr/activities/repositories/phone-sends.repository';
import { optionalSendHeld, recordOptionalSend } from '@fajr/activities/repositories/phone-spend-guard';
import { countPhoneSendHeld } from '../middleware/metrics';
import { findActiveMosque } from '@fajr/activities/repositories/reference-data.repository';
import { findUserById } from '@fajr/activities/repositories/users.repository';
import { findFriendLanguage, findUserLanguage } from '@fajr/activities/repositories/languages.repository';
import type { Language } from '../contracts/languages.contract';
import type { FriendView } from '../contracts/friends.contract';
import type { ApiDeps } from '../deps';
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../errors';
import { replanFriendCalls, startFriendCalls } from '../temporal';
import { phoneOrFail } from './auth.service';
import { tellInviterFriendStopped } from './friend-stopped-notice.service';

export const FRIEND_INVITED = 'Invitation sent';
export const FRIEND_REMOVED = 'Friend removed';
export const FRIEND_CONSENTED = 'Thank you: we will call you for Fajr every morning, in sha Allah';
export const FRIEND_STOPPED = 'Your Fajr calls are stopped: we will not call you again';
export const FRIEND_LIMIT = `You can invite up to ${MAX_FRIENDS} friends; remove one to invite another`;
export const FRIEND_DUPLICATE = 'You have already invited this number';
export const FRIEND_OWN_NUMBER = 'This is your own number; invite a friend';
export const FRIEND_OPTED_OUT = 'This person has asked not to be invited';
const UNKNOWN_INVITATION = 'This invitation does not exist or was withdrawn';
const WRONG_CODE = 'The code is incorrect, please try again';
const CODE_LOCKED = 'Too many wrong codes; ask your friend to invite you again';
const CODE_EXPIRED = 'This code has expired or was already used; ask your friend to invite you again';
const BAD_STOP_LINK = 'This stop link is not valid';

type Deps = Pick<ApiDeps, 'db' | 'now' | 'temporal' | 'config' | 'logger' | 'providers'>;

/** The links a friend's SMS carries: the consent page (no account needed) and the signed stop link. */
function friendLinks(deps: Deps, friendId: string) {
  // The pages are the web app's (in development the Vite server, not the API): its public URL.
  const base = publicWebUrl(deps.config);
  return {
    consentUrl: `${base}/friend/${friendId}`,
    stopUrl: `${base}/friend/${friendId}/stop?sig=${friendStopSignature(deps.config.OTP_SECRET, friendId)}`,
  };
}

/** The month (first local date, UTC) the inviter's "woken this month" counts from. */
const monthStart = (now: Date) => `${now.toISOString().slice(0, 7)}-01`;

/** GET /users/friends (any plan: a downgraded user still sees and removes): name, status and this month's yes/no; never a number, place or time. */
export async function friendsOf(deps: Deps, userId: string): Promise<{ friends: FriendView[]; max: number }> {
  const [friends, calls] = await Promise.all([
    listFriends(deps.db, userId),
    friendCallsSince(deps.db, userId, monthStart(deps.now())),
  ]);
  return {
    max: MAX_FRIENDS,
    friends: friends.map((f) => {
      const c = calls.get(f.id);
      // A friend who stopped has no call log left: the month of their last calls is kept on the row.
      const month = deps.now().toISOString().slice(0, 7);
      const woken = c?.answered || f.wokenMonth === month;
      const missed = c?.missed || f.missedMonth === month;
      return {
        id: f.id,
        firstName: f.firstName,
        status: f.status,
        thisMonth: woken ? 'woken' : missed ? 'missed' : 'no-calls',
      };
    }),
  };
}

/**
 * POST /users/friends (Premium, entitlementsOf): invites a friend by SMS with a code and the consent
 * page's link (plus a stop link). The phone policy and the daily SMS caps hold; at most MAX_FRIENDS
 * invited or active at once.
 */
export async function inviteFriend(
  deps: Deps,
  userId: string,
  body: { firstName: string; phoneNumber: string; country?: string; inviterName: string; language?: Language },
): Promise<{ message: string }> {
  const src = await loadCallPlanSource(deps.db, userId, deps.now());
  if (!src) throw new UnauthorizedError();
  if (!src.entitlements.canInviteFriends) throw new ForbiddenError(UPGRADE_TO_PREMIUM);
  const phone = phoneOrFail(body.phoneNumber, body.country).phoneNumber;
  const refusal = phoneRefusal(phone, deps.config.PHONE_COUNTRIES);
  if (refusal) throw new BadRequestError(refusal);
  const user = await findUserById(deps.db, userId);
  if (!user) throw new UnauthorizedError();
  if (phone === user.phone_number || phone === user.second_phone_number) throw new BadRequestError(FRIEND_OWN_NUMBER);
  // The country's daily caps and the inviter's monthly budget: an invitation is optional (docs/SECURITY.md).
  const held = await optionalSendHeld(deps, { channel: 'invite', userId, phoneNumber: phone });
  if (held) {
    countPhoneSendHeld(held.reason, 'invite');
    throw new TooManyRequestsError(held.message, held.retryAfterSeconds);
  }
  if (await isOptedOut(deps.db, deps.config.OTP_SECRET, phone)) throw new BadRequestError(FRIEND_OPTED_OUT);

  // Invitations spend their own budget: others' invitations never use up the number's own verification and reset texts.
  const sms = await reservePhoneSend(deps.db, {
    channel: 'sms',
    budget: 'invite',
    userId,
    phoneNumber: phone,
    secret: deps.config.OTP_SECRET,
    now: deps.now(),
  });
  if (!('id' in sms))
    throw new TooManyRequestsError(dailyCapMessage('sms', sms.retryAfterSeconds), sms.retryAfterSeconds);
  const code = generateCode();
  // The friend has no account: the inviter chooses their language (their texts, their calls), else it is the inviter's.
  const language = body.language ?? (await findUserLanguage(deps.db, userId));
  const friend = await createFriend(deps.db, {
    inviterId: userId,
    inviterName: body.inviterName,
    firstName: body.firstName,
    phoneNumber: phone,
    language: body.language ?? null,
    secret: deps.config.OTP_SECRET,
    code,
    max: MAX_FRIENDS,
    now: deps.now(),
  });
  if (friend === 'limit' || friend === 'duplicate') {
    await releasePhoneSend(deps.db, sms.id);
    throw new BadRequestError(friend === 'limit' ? FRIEND_LIMIT : FRIEND_DUPLICATE);
  }
  try {
    await deps.providers.messaging.sendSms(
      phone,
      friendInviteSms(
        { firstName: friend.firstName, inviterName: friend.inviterName, code, ...friendLinks(deps, friend.id) },
        language,
      ),
    );
  } catch (err) {
    // Not sent: nothing is kept and nothing counted, so the inviter can simply try again.
    await deleteFriend(deps.db, friend.id);
    await releasePhoneSend(deps.db, sms.id);
    deps.logger.warn({ userId, err: (err as Error).message }, 'friend invitation could not be sent');
    throw new ServiceUnavailableError('The invitation could not be sent, please try again');
  }
  await recordOptionalSend(deps, { channel: 'invite', userId, phoneNumber: phone });
  deps.logger.info({ userId, friendId: friend.id }, 'friend invited');
  return { message: FRIEND_INVITED };
}

/** DELETE /users/friends/:id: the inviter removes a friend; their calls end and the row goes (404 for someone else's friend). */
export async function removeFriendOf(deps: Deps, userId: string, friendId: string): Promise<{ message: string }> {
  const friend = await findFriend(deps.db, friendId);
  if (!friend || friend.inviterId !== userId) throw new NotFoundError('No such friend');
  await endFriend(deps.db, friendId, 'ended', deps.now());
  await removeFriend(deps.db, userId, friendId);
  await replanFriendCalls(deps, friendId);
  return { message: FRIEND_REMOVED };
}

/** GET /friends/:id (public): the consent page's invitation: the friend's first name, who invited them, where it stands. */
export async function invitationOf(
  deps: Deps,
  friendId: string,
): Promise<{ firstName: string; inviterName: string; status: FriendView['status'] }> {
  const friend = await findFriend(deps.db, friendId);
  if (!friend) throw new NotFoundError(UNKNOWN_INVITATION);
  return { firstName: friend.firstName, inviterName: friend.inviterName, status: friend.status };
}

/**
 * POST /friends/:id/consent (public, no account): the SMS code proves the number's owner wants the
 * calls; with their city or mosque the friend becomes active and their own call chain starts. A stopped or
 * ended friend has no code: they are called again only after a new invitation and a new consent.
 */
export async function consentToCalls(
  deps: Deps,
  friendId: string,
  body: { code: string } & FriendPlace,
): Promise<{ message: string }> {
  const { code, ...place } = body;
  if ('mosqueId' in place) {
    // The same check as a user's settings: a mosque that exists and is offered.
    if (!(await findActiveMosque(deps.db, place.mosqueId)))
      throw new BadRequestError('That mosque is not available, please select another');
  } else if (!isIanaZone(place.tzName)) {
    throw new BadRequestError('Please choose your city from the list');
  }
  const result = await consentFriend(deps.db, {
    id: friendId,
    code,
    secret: deps.config.OTP_SECRET,
    place,
    now: deps.now(),
  });
  if (result === 'not-found') throw new NotFoundError(UNKNOWN_INVITATION);
  if (result === 'wrong') throw new BadRequestError(WRONG_CODE);
  if (result === 'locked') throw new TooManyRequestsError(CODE_LOCKED);
  if (result === 'expired') throw new BadRequestError(CODE_EXPIRED);
  const friend = (await findFriend(deps.db, friendId))!;
  // A consent is an opt-in: a stop said earlier (to another inviter) no longer holds invitations back.
  if (friend.phoneNumber) await clearOptOut(deps.db, deps.config.OTP_SECRET, friend.phoneNumber);
  await startFriendCalls(deps, friend.inviterId, friendId);
  deps.logger.info({ friendId }, 'friend consented to calls');
  return { message: FRIEND_CONSENTED };
}

/**
 * A friend stops (the stop key during a call, the stop link): number and place erased, their chain
 * told (it ends), and the number remembered as a keyed hash so nobody invites it again (issue 42).
 */
export async function stopFriend(deps: Deps, friendId: string, source: OptOutSource): Promise<void> {
  const friend = await findFriend(deps.db, friendId);
  const ended = await endFriend(deps.db, friendId, 'stopped', deps.now());
  if (ended?.phoneNumber) await recordOptOut(deps.db, deps.config.OTP_SECRET, ended.phoneNumber, source, deps.now());
  await replanFriendCalls(deps, friendId);
  // The inviter hears of it once (a second stop changes nothing).
  if (friend && ended?.wasCurrent) await tellInviterFriendStopped(deps, friend);
}

/** An SMS reply of STOP: every invitation and call to the number stops, and it is invited no more. Returns how many friends stopped. */
export async function stopBySms(deps: Deps, phoneNumber: string): Promise<number> {
  await recordOptOut(deps.db, deps.config.OTP_SECRET, phoneNumber, 'sms', deps.now());
  const friends = await currentFriendIdsByPhone(deps.db, phoneNumber);
  for (const friendId of friends) await stopFriend(deps, friendId, 'sms');
  return friends.length;
}

/** An SMS reply of START: the number may be invited again (a new invitation still needs its consent). */
export async function startBySms(deps: Deps, phoneNumber: string): Promise<void> {
  await clearOptOut(deps.db, deps.config.OTP_SECRET, phoneNumber);
}

/** POST /friends/:id/stop {sig} (public): the signed stop link from the SMS. Stopping twice is fine. */
export async function stopByLink(deps: Deps, friendId: string, sig: string): Promise<{ message: string }> {
  if (!validStopSignature(deps.config.OTP_SECRET, friendId, sig)) throw new ForbiddenError(BAD_STOP_LINK);
  // A removed friend's link still answers the same: there is nothing left to stop.
  if (await findFriend(deps.db, friendId)) await stopFriend(deps, friendId, 'link');
  deps.logger.info({ friendId }, 'friend stopped their calls by link');
  return { message: FRIEND_STOPPED };
}

/**
 * The inviter's account is being deleted (after their workflows, friends' chains included, have
 * ended, so no call follows): each active friend is ended (number and place erased) and told by SMS,
 * as when the inviter's Premium ends. Best effort per friend: the deletion goes on either way, and
 * the rows themselves go with the account (cascade). Invited friends never agreed to anything: their
 * invitation simply disappears, without another message.
 */
export async function endFriendsOfDeletedAccount(deps: Deps, inviterId: string): Promise<void> {
  for (const friendId of await activeFriendIds(deps.db, inviterId)) {
    const friend = await findFriend(deps.db, friendId);
    const language = await findFriendLanguage(deps.db, friendId);
    const ended = await endFriend(deps.db, friendId, 'ended', deps.now());
    const to = ended?.wasCurrent ? ended.phoneNumber : null;
    if (!friend || !to || phoneRefusal(to, deps.config.PHONE_COUNTRIES) !== null) continue;
    await deps.providers.messaging
      .sendSms(to, friendEndedSms(friend.firstName, friend.inviterName, language))
      .catch((err: Error) => {
        deps.logger.warn({ friendId, err: err.message }, 'could not tell a friend their calls ended');
      });
  }
}
