import twilio from 'twilio';
import { AWAKE_CONFIRMED_LINE, AWAKE_KEY_TIMEOUT_SECONDS, NO_KEY_LINE, PRESS_A_KEY_LINE, WAKE_UP_LINE } from './types';

const VOICE = { voice: 'alice', language: 'en-GB' } as const;

/**
 * The TwiML of a Fajr call: a short spoken wake-up line, then the chosen adhaan. With the awake check
 * (`awakeKeyUrl` set) both play inside a `<Gather>` (Twilio nests `<Say>` and `<Play>` in it) that
 * takes one key, any key (`finishOnKey=""` so even # counts), and posts it to our webhook; a key
 * interrupts the adhaan. Without a key within the timeout after the adhaan, the call says so and ends.
 */
export function fajrCallTwiml(adhaanUrl: string, awakeKeyUrl?: string): string {
  const response = new twilio.twiml.VoiceResponse();
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

/** The awake-check webhook's answer: thanks after a key and hangs up (without one, only hangs up). */
export function awakeKeyReplyTwiml(confirmed: boolean): string {
  const response = new twilio.twiml.VoiceResponse();
  if (confirmed) response.say(VOICE, AWAKE_CONFIRMED_LINE);
  response.hangup();
  return response.toString();
}
