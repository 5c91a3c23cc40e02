import { CALL_LINES, spokenDigits as digits } from './call-speech';

/**
 * What a call that reads out a one-time code says (English; every language's words are in
 * call-speech/lines). The digits are read one by one with a pause between them (commas make a
 * text-to-speech voice pause), and the whole code twice, so it can be written down.
 */
export const VOICE_CODE_INTRO = CALL_LINES.en.codeIntro;
export const VOICE_CODE_AGAIN = CALL_LINES.en.codeAgain;
export const VOICE_CODE_OUTRO = CALL_LINES.en.codeOutro;

/** "1, 2, 3, 4, 5, 6." for a spoken code. */
export const spokenDigits = digits;
