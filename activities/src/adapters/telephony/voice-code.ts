import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import { speech, type CallLanguage, type Line, type SpeechPart } from '../../domain/call-speech';
import type { Telephony } from './types';

type Say = Parameters<InstanceType<typeof twilio.twiml.VoiceResponse>['say']>[0];

/**
 * The TwiML of a call that reads out a code, in the user's call language: slowly, twice, with pauses
 * to write it down. An Urdu call plays the clips under `baseUrl` (its digits from the number clips).
 */
export function voiceCodeTwiml(code: string, language: CallLanguage = 'en', baseUrl = ''): string {
  const response = new twilio.twiml.VoiceResponse();
  const speak = (lines: Line[]) =>
    speech(language, baseUrl, lines).forEach((part: SpeechPart) =>
      part.kind === 'play'
        ? response.play(part.url)
        : response.say({ voice: part.voice.voice, language: part.voice.language } as Say, part.text),
    );
  response.pause({ length: 1 });
  speak(['codeIntro', { line: 'digits', code }]);
  response.pause({ length: 2 });
  speak(['codeAgain', { line: 'digits', code }]);
  speak(['codeOutro']);
  response.hangup();
  return response.toString();
}

/**
 * Places a call that reads the code out (where texts are unreliable). The TwiML goes to the provider
 * inline, so the code is in no URL, log or workflow history of ours (Urdu's digit clips are named by
 * number, but only inside that TwiML); the attempt key is random (no call attempt is recorded: its
 * status callbacks are acknowledged as a call we do not know).
 */
export async function callWithCode(
  telephony: Telephony,
  to: string,
  code: string,
  voice: { language: CallLanguage; baseUrl: string } = { language: 'en', baseUrl: '' },
): Promise<void> {
  await telephony.placeCall({
    to,
    adhaanUrl: '',
    attemptKey: `voice-code:${randomBytes(8).toString('hex')}`,
    twiml: voiceCodeTwiml(code, voice.language, voice.baseUrl),
  });
}
