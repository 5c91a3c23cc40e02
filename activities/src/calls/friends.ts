import type { Deps } from '../deps';
import { friendEndedSms } from '../domain/friends';
import { phoneRefusal } from '../domain/phone-policy';
import type { CallPlanSource } from '../repositories/call-plans.repository';
import { endFriend, forgetFriendCalls } from '../repositories/friends.repository';
import { loadFriendPlanSource } from '../repositories/friend-plan-source.repository';
import { findFriendLanguage } from '../repositories/languages.repository';

/**
 * A Fajr friend's planning inputs, or undefined when their chain is to end: the friend is gone,
 * stopped or ended (their call log is erased now, no call being in flight), or their inviter's
 * Premium has ended: then they are told by SMS, marked ended and forgotten.
 */
export async function friendSourceOrEnd(deps: Deps, friendId: string, now: Date): Promise<CallPlanSource | undefined> {
  const src = await loadFriendPlanSource(deps.db, friendId, now);
  if (src && !(src.allowCalls && !src.entitlements.canReceiveCalls)) return src;
  if (src) {
    const language = await findFriendLanguage(deps.db, friendId);
    const ended = await endFriend(deps.db, friendId, 'ended', now);
    const to = ended?.wasCurrent ? ended.phoneNumber : null;
    if (to && phoneRefusal(to, deps.config.PHONE_COUNTRIES) === null) {
      // Best effort: the calls end either way, and a retry of this activity finds the friend ended.
      await deps.providers.messaging
        .sendSms(to, friendEndedSms(src.friend!.firstName, src.friend!.inviterName, language))
        .catch((err: Error) => {
          deps.logger.warn({ friendId, err: err.message }, 'could not tell a friend their calls ended');
        });
    }
    deps.logger.info({ friendId }, "friend's calls ended: the inviter's Premium ended");
  }
  await forgetFriendCalls(deps.db, friendId);
  return undefined;
}
