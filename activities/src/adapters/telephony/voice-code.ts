import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import { spokenDigits, VOICE_CODE_AGAIN, VOICE_CODE_INTRO, VOICE_CODE_OUTRO } from '../../domain/voice-code';
import type { Telephony } from './types';

// The wake-up call's voice; the languages work chooses one per language.
const VOICE = { voice: 'alice', language: 'en-GB' } as const;

/** The TwiML of a call that reads out a code: slowly, twice, with pauses to write it down. */
export function voiceCodeTwiml(code: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.pause({ length: 1 });
  response.say(VOICE, `${VOICE_CODE_INTRO}: ${spokenDigits(code)}`);
  response.pause({ length: 2 });
  response.say(VOICE, `${VOICE_CODE_AGAIN}: ${spokenDigits(code)}`);
  response.say(VOICE, VOICE_CODE_OUTRO);
  response.hangup();
  return response.toString();
}

/**
 * Places a call that reads the code out (where texts are unreliable). The TwiML goes to the provider
 * inline, so the code is in no URL, log or workflow history of ours; the attempt key is random (no
 * call attempt is recorded: its status callbacks are acknowledged as a call we do not know).
 */
export async function callWithCode(telephony: Telephony, to: string, code: string): Promise<void> {
  await telephony.placeCall({
    to,
    adhaanUrl: '',
    attemptKey: `voice-code:${randomBytes(8).toString('hex')}`,
    twiml: voiceCodeTwiml(code),
  });
}
