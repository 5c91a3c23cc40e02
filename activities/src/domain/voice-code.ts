/**
 * What a call that reads out a one-time code says: the one place for its words, so they can be
 * translated with the rest (issue 45). The digits are read one by one with a pause between them
 * (commas make a text-to-speech voice pause), and the whole code twice, so it can be written down.
 */
export const VOICE_CODE_INTRO = 'Hello, this is Fajr. Your verification code is';
export const VOICE_CODE_AGAIN = 'Once more, your code is';
export const VOICE_CODE_OUTRO = 'Goodbye.';

/** "1, 2, 3, 4, 5, 6." for a spoken code. */
export function spokenDigits(code: string): string {
  return `${code.split('').join(', ')}.`;
}
