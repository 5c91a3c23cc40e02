// A Fajr friend straight in the database: invited by a user and consented with their code, as the
// activities tests start from (the API's invite and consent are tested in api/test/friends-*.int.test.ts).
import type { Deps } from '@fajr/activities';
import {
  consentFriend,
  createFriend,
  type Friend,
  type FriendPlace,
} from '@fajr/activities/repositories/friends.repository';
import { LONDON } from './fixtures';
import { freshPhone } from './phones';

/** London as a friend's place (the consent's `place`). */
export const LONDON_FRIEND_PLACE = {
  cityName: LONDON.cityName,
  lat: LONDON.lat,
  lng: LONDON.lng,
  tzName: LONDON.tzName,
};

/**
 * Invites a friend of `inviterId` (a fresh phone, code 654321) and consents them at `place`; the consent
 * is asserted to succeed. Names default to Amina inviting Yusuf, in London.
 */
export async function insertConsentedFriend(
  deps: Deps,
  inviterId: string,
  o: { inviterName?: string; firstName?: string; place?: FriendPlace } = {},
): Promise<Friend> {
  const secret = deps.config.OTP_SECRET;
  const f = await createFriend(deps.db, {
    inviterId,
    inviterName: o.inviterName ?? 'Amina',
    firstName: o.firstName ?? 'Yusuf',
    phoneNumber: freshPhone(),
    secret,
    code: '654321',
    max: 3,
    now: new Date(),
  });
  if (typeof f === 'string') throw new Error(f);
  const place = o.place ?? LONDON_FRIEND_PLACE;
  expect(await consentFriend(deps.db, { id: f.id, code: '654321', secret, place, now: new Date() })).toBe('ok');
  return f;
}
