import { planNextDay } from '@fajr/activities/repositories/call-plans.repository';
import { findFriend } from '@fajr/activities/repositories/friends.repository';
import { loadFriendPlanSource } from '@fajr/activities/repositories/friend-plan-source.repository';
import type { FriendWelcome } from '../contracts/friend-welcome.contract';
import type { ApiDeps } from '../deps';
import { NotFoundError } from '../errors';
import { fajrContact } from './contact-card.service';

type Deps = Pick<ApiDeps, 'db' | 'now' | 'config'>;

/**
 * GET /friends/:id/welcome (public, like the consent page): what a friend who said yes needs next:
 * when their first call comes (the planner's next day for their city or mosque, in its zone) and the
 * numbers to save so it rings through Do Not Disturb. No call while still invited, stopped or ended.
 */
export async function friendWelcome(deps: Deps, friendId: string): Promise<FriendWelcome> {
  const friend = await findFriend(deps.db, friendId);
  if (!friend) throw new NotFoundError('This invitation does not exist or was withdrawn');
  const contact = fajrContact(deps);
  const now = deps.now();
  const src = friend.status === 'active' ? await loadFriendPlanSource(deps.db, friendId, now) : undefined;
  const day = src?.tzName ? await planNextDay(deps.db, src, now, null) : null;
  return {
    status: friend.status,
    firstCall: day?.callAt && src?.tzName ? { callAt: day.callAt, date: day.date, tzName: src.tzName } : null,
    callerNumbers: contact.phoneNumbers,
    vcardPath: contact.vcardPath,
  };
}
