import { publicWebUrl } from '@fajr/activities';
import { textIn } from '@fajr/activities/i18n/texts';
import { findUserLanguage } from '@fajr/activities/repositories/languages.repository';
import type { Friend } from '@fajr/activities/repositories/friends.repository';
import { findUserById } from '@fajr/activities/repositories/users.repository';
import type { ApiDeps } from '../deps';

type Deps = Pick<ApiDeps, 'db' | 'config' | 'logger' | 'providers'>;

/** The inviter's SMS when a friend stops: who, and where their list of friends is (in the inviter's language). */
export function friendStoppedSms(firstName: string, webUrl: string, language?: string | null): string {
  return textIn(language, 'friend.stopped', { firstName, url: `${webUrl}/app/settings` });
}

/**
 * Tells the inviter that a friend stopped their calls (the key, the link or a STOP reply), by SMS to
 * the inviter's verified number; their friends list shows it too. A failed SMS is logged, never
 * undoes the stop.
 */
export async function tellInviterFriendStopped(
  deps: Deps,
  friend: Pick<Friend, 'inviterId' | 'firstName'>,
): Promise<void> {
  const inviter = await findUserById(deps.db, friend.inviterId);
  if (!inviter?.phone_number || !inviter.phone_verified_at) return;
  try {
    await deps.providers.messaging.sendSms(
      inviter.phone_number,
      friendStoppedSms(friend.firstName, publicWebUrl(deps.config), await findUserLanguage(deps.db, inviter.id)),
    );
  } catch (err) {
    deps.logger.warn(
      { err: (err as Error).message, inviterId: friend.inviterId },
      'could not tell the inviter a friend stopped',
    );
  }
}
