import twilio from 'twilio';
import {
  FRIEND_KEPT_LINE,
  FRIEND_STOP_CONFIRM_LINE,
  FRIEND_STOP_CONFIRM_SECONDS,
  FRIEND_STOP_LINE,
  FRIEND_STOPPED_LINE,
  friendGreeting,
} from '../../domain/friends';
import {
  AWAKE_CONFIRMED_LINE,
  AWAKE_KEY_TIMEOUT_SECONDS,
  NO_KEY_LINE,
  PRESS_A_KEY_LINE,
  WAKE_UP_LINE,
  type FriendGreeting,
} from './types';

const VOICE = { voice: 'alice', language: 'en-GB' } as const;

/**
 * The TwiML of a Fajr call: a short spoken wake-up line, then the chosen adhaan. With the awake check
 * (`awakeKeyUrl` set) both play inside a `<Gather>` (Twilio nests `<Say>` and `<Play>` in it) that
 * takes one key, any key (`finishOnKey=""` so even # counts), and posts it to our webhook; a key
 * interrupts the adhaan. Without a key within the timeout after the adhaan, the call says so and ends.
 */
export function fajrCallTwiml(adhaanUrl: string, awakeKeyUrl?: string, friend?: FriendGreeting): string {
  const response = new twilio.twiml.VoiceResponse();
  if (friend && awakeKeyUrl) {
    // A Fajr friend's call: greeted by name, and one key (9) stops their calls for good; the same
    // `<Gather>` as the awake check, but no key is asked for, so nothing is said when none comes.
    const gather = response.gather({
      input: ['dtmf'],
      numDigits: 1,
      finishOnKey: '',
      timeout: AWAKE_KEY_TIMEOUT_SECONDS,
      action: awakeKeyUrl,
      method: 'POST',
    });
    gather.say(VOICE, `${friendGreeting(friend.firstName, friend.inviterName)} ${FRIEND_STOP_LINE}`);
    gather.play(adhaanUrl);
    return response.toString();
  }
  if (!awakeKeyUrl) {
    response.say(VOICE, WAKE_UP_LINE);
    response.play(adhaanUrl);
    return response.toString();
  }
  const gather = response.gather({
    input: ['dtmf'],
    numDigits: 1,
    finishOnKey: '',
    timeout: AWAKE_KEY_TIMEOUT_SECONDS,
    action: awakeKeyUrl,
    method: 'POST',
  });
  gather.say(VOICE, `${WAKE_UP_LINE} ${PRESS_A_KEY_LINE}`);
  gather.play(adhaanUrl);
  response.say(VOICE, NO_KEY_LINE);
  return response.toString();
}

/** The messaging webhook's answer: an empty `<Response/>` (no reply; Twilio confirms STOP itself under Advanced Opt-Out). */
export function emptyMessagingTwiml(): string {
  return new twilio.twiml.MessagingResponse().toString();
}

/** The key webhook's answer to a friend's stop key: never called again, then hangs up. */
export function friendStoppedTwiml(): string {
  return sayAndHangUp(FRIEND_STOPPED_LINE);
}

/**
 * The key webhook's answer to a friend's first stop key: asks for it once more, the second key posted
 * to `actionUrl` (the same webhook, marked as the confirmation); without one the calls carry on.
 */
export function friendStopConfirmTwiml(actionUrl: string): string {
  const response = new twilio.twiml.VoiceResponse();
  const gather = response.gather({
    input: ['dtmf'],
    numDigits: 1,
    finishOnKey: '',
    timeout: FRIEND_STOP_CONFIRM_SECONDS,
    action: actionUrl,
    method: 'POST',
  });
  gather.say(VOICE, FRIEND_STOP_CONFIRM_LINE);
  response.say(VOICE, FRIEND_KEPT_LINE);
  response.hangup();
  return response.toString();
}

/** The key webhook's answer when the confirmation's key was not the stop key: the calls carry on. */
export function friendKeptTwiml(): string {
  return sayAndHangUp(FRIEND_KEPT_LINE);
}

/** The awake-check webhook's answer: thanks after a key and hangs up (without one, only hangs up). */
export function awakeKeyReplyTwiml(confirmed: boolean): string {
  return sayAndHangUp(confirmed ? AWAKE_CONFIRMED_LINE : undefined);
}

/** A voice reply that says `line` (when there is one) and hangs up. */
function sayAndHangUp(line: string | undefined): string {
  const response = new twilio.twiml.VoiceResponse();
  if (line) response.say(VOICE, line);
  response.hangup();
  return response.toString();
}
