// Fajr friends (Premium, docs/CALLS.md "Fajr friends"): what a friend is told, by SMS and on the call.
import { textIn } from '../i18n/texts';
import { jakimZoneAt, type JakimZone } from './planning/jakim-zones';

/** The key a friend presses during a call to stop their calls for good. */
export const FRIEND_STOP_KEY = '9';

/** Replies that stop a friend's calls: the carriers' and Twilio's standard opt-out words, the whole message, any case. */
export const FRIEND_STOP_WORDS: readonly string[] = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
];

/** Whether an SMS reply says stop. */
export function isStopReply(body: string): boolean {
  return FRIEND_STOP_WORDS.includes(
    body
      .trim()
      .replace(/[.!]+$/, '')
      .toUpperCase(),
  );
}

/** Replies that undo a stop (Twilio's standard opt-in words, the whole message, any case): invitations may come again. */
export const FRIEND_START_WORDS: readonly string[] = ['START', 'UNSTOP'];

/** Whether an SMS reply says start. */
export function isStartReply(body: string): boolean {
  return FRIEND_START_WORDS.includes(
    body
      .trim()
      .replace(/[.!]+$/, '')
      .toUpperCase(),
  );
}

/** The call's greeting: who it is for and who asked (the friend knows the inviter by this name). */
export function friendGreeting(firstName: string, inviterName: string): string {
  return `Assalamu alaikum ${firstName}, ${inviterName} asked us to wake you for Fajr.`;
}

/** Said inside the call's key prompt. */
export const FRIEND_STOP_LINE = `To stop these calls, press ${FRIEND_STOP_KEY}.`;
/** Said after the stop key, before hanging up. */
export const FRIEND_STOPPED_LINE = 'You will not be called again. Goodbye.';
/** Said after the first stop key: a key pressed by accident while half asleep must not stop the calls for good. */
export const FRIEND_STOP_CONFIRM_LINE = `To stop these calls for good, press ${FRIEND_STOP_KEY} again. To keep them, press any other key or hang up.`;
/** Said when the second key is not the stop key (or none comes): nothing changes. */
export const FRIEND_KEPT_LINE = 'Your Fajr calls carry on. Goodbye.';
/** How long the stop's confirmation waits for the second key. */
export const FRIEND_STOP_CONFIRM_SECONDS = 10;

/**
 * The invitation SMS: the code, the consent page (no account needed) and the stop link, in the
 * language the inviter chose for the friend (English when none).
 */
export function friendInviteSms(
  p: { firstName: string; inviterName: string; code: string; consentUrl: string; stopUrl: string },
  language?: string | null,
): string {
  return textIn(language, 'friend.invite', p);
}

/** The notice when the inviter's Premium ended: the calls stop (in the friend's language). */
export function friendEndedSms(firstName: string, inviterName: string, language?: string | null): string {
  return textIn(language, 'friend.ended', { firstName, inviterName });
}

/**
 * Malaysia's IANA zones, as the city list gives them to a Malaysian city (Kuching's for Sabah, Sarawak and
 * Labuan). A friend's place keeps no country, and Brunei (Asia/Brunei), Singapore, Thailand and Indonesia
 * have zones of their own, so the zone tells a Malaysian city from its neighbours'.
 */
const MALAYSIAN_TIME_ZONES: ReadonlySet<string> = new Set(['Asia/Kuala_Lumpur', 'Asia/Kuching']);

/**
 * How a friend at home is planned (issue 48): in Malaysia by JAKIM's method for their e-Solat zone, at
 * the zone's reference point, as a new Malaysian user is (the zone's shipped table, where the caller
 * finds one, gives the exact times); elsewhere as before, the default method at their own city.
 */
export function friendHomePlan(place: { lat: number; lng: number; tzName: string }): {
  lat: number;
  lng: number;
  calcMethod: string;
  zone: JakimZone | null;
} {
  const zone = MALAYSIAN_TIME_ZONES.has(place.tzName) ? jakimZoneAt('MY', place.lat, place.lng) : null;
  if (zone) return { lat: zone.lat, lng: zone.lng, calcMethod: 'Jakim', zone };
  return { lat: place.lat, lng: place.lng, calcMethod: 'MuslimWorldLeague', zone: null };
}
