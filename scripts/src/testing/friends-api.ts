// The API for the Fajr friends tests: the invite as a Premium user makes it, read back from the SMS.
import { nextCode } from './api';
import { useApiEndingWorkflows } from './billing-api';
import { LONDON } from './fixtures';
import { freshPhone } from './phones';

/** The place a friend gives on the consent page. */
export const PLACE = { cityName: LONDON.cityName, lat: LONDON.lat, lng: LONDON.lng, tzName: LONDON.tzName };

/**
 * Registers the API for a friends test file; `invite` invites a friend and returns what the SMS carried,
 * `postInvite` sends the invitation and returns the reply as it is.
 */
export function useFriendsApi() {
  const { h, started } = useApiEndingWorkflows({});
  /** The invitation request of a user signing as Amina: the API's reply, whatever it is. */
  const postInvite = (token: string, firstName: string, phoneNumber: string) =>
    h.api('POST', '/api/users/friends', { token, body: { firstName, phoneNumber, inviterName: 'Amina' } });
  /** Invites a friend as this user; the friend's number, id and the SMS's code and links. */
  async function invite(token: string, firstName = 'Yusuf') {
    const phoneNumber = freshPhone();
    const res = await postInvite(token, firstName, phoneNumber);
    expect(res).toMatchObject({ status: 200, body: { message: 'Invitation sent' } });
    const sms = await nextCode(h, phoneNumber);
    const id = /\/friend\/([0-9a-f-]{36})\b/.exec(sms.body)![1]!;
    const sig = /\/stop\?sig=([\w-]+)/.exec(sms.body)![1]!;
    return { phoneNumber, id, sig, code: sms.code, sms: sms.body };
  }
  return { h, started, invite, postInvite };
}
