import type { CallLanguage } from './languages';
import { CALL_LINES, type Clock } from './lines';
import { isUrduClip, URDU_CLIPS, urduJamaahChangeClips, urduSunriseClips, urduTimeClips } from './urdu-clips';
import { CALL_VOICES, HINDI_DIGITS_VOICE, nameVoice, type TtsVoice } from './voices';

/** What a call does to speak: a `<Say>` in a voice, or a recorded clip `<Play>`ed (with the words it says). */
export type SpeechPart = { kind: 'say'; text: string; voice: TtsVoice } | { kind: 'play'; url: string; text: string };

/** A line without anything filled in. */
export type PlainLine =
  | 'wakeUp'
  | 'tahajjudWakeUp'
  | 'testNotice'
  | 'repeatNotice'
  | 'pressAKey'
  | 'awakeConfirmed'
  | 'noKey'
  | 'tahajjudNoKey'
  | 'friendStop'
  | 'friendStopped'
  | 'friendStopConfirm'
  | 'friendKept'
  | 'codeIntro'
  | 'codeAgain'
  | 'codeOutro';

/** One line of a call, with what it says filled in. */
export type Line =
  | PlainLine
  | { line: 'timeIs'; clock: Clock }
  | { line: 'friendGreeting'; firstName: string; inviterName: string }
  /** A one-time code read digit by digit. */
  | { line: 'digits'; code: string }
  /** Tomorrow's jama'ah change at the member's mosque, said at the end of the call. */
  | { line: 'jamaahChange'; mosqueName: string; clock: Clock }
  /** The last call before sunrise: how many minutes are left. */
  | { line: 'sunriseIn'; minutes: number };

/** The clips of each plain line in an Urdu call. */
const URDU_LINE_CLIPS: Record<PlainLine, string[]> = {
  wakeUp: ['salaam', 'wake-up'],
  tahajjudWakeUp: ['salaam', 'tahajjud-wake-up'],
  testNotice: ['test-notice'],
  repeatNotice: ['repeat-notice'],
  pressAKey: ['press-a-key'],
  awakeConfirmed: ['awake-confirmed'],
  noKey: ['no-key'],
  tahajjudNoKey: ['tahajjud-no-key'],
  friendStop: ['friend-stop'],
  friendStopped: ['friend-stopped'],
  friendStopConfirm: ['friend-stop-confirm'],
  friendKept: ['friend-kept'],
  codeIntro: ['code-intro'],
  codeAgain: ['code-again'],
  codeOutro: ['goodbye'],
};

/** Where the API serves a language's recorded clip (api/src/routes/media.routes.ts). */
export function voiceClipUrl(baseUrl: string, language: CallLanguage, clip: string): string {
  return `${baseUrl.replace(/\/$/, '')}/api/media/voice/${language}/${clip}.wav`;
}

/** "1, 2, 3, 4, 5, 6." for a spoken code: the commas make a text-to-speech voice pause between digits. */
export function spokenDigits(code: string): string {
  return `${code.split('').join(', ')}.`;
}

/**
 * How a call says `lines` in `language`: with a voice, the lines run together in one `<Say>` (a code's
 * digits after a colon); in Urdu, as clips served under `baseUrl`, with names and a code's digits read by a voice.
 */
export function speech(language: CallLanguage, baseUrl: string, lines: readonly Line[]): SpeechPart[] {
  const voice = CALL_VOICES[language];
  if (!voice) return lines.flatMap((l) => urduParts(baseUrl, l));
  const text = lines.reduce<string>((said, l) => {
    const next = lineText(language, l);
    if (!said) return next;
    return typeof l === 'object' && l.line === 'digits' ? `${said}: ${next}` : `${said} ${next}`;
  }, '');
  return text ? [{ kind: 'say', text, voice }] : [];
}

/** A line's words in a language (for a voice to say, or the local phone page to show). */
export function lineText(language: CallLanguage, l: Line): string {
  const lines = CALL_LINES[language];
  if (typeof l === 'string') return lines[l];
  if (l.line === 'timeIs') return lines.timeIs(l.clock);
  if (l.line === 'friendGreeting') return lines.friendGreeting(l.firstName, l.inviterName);
  if (l.line === 'jamaahChange') return lines.jamaahChange(l.mosqueName, l.clock);
  if (l.line === 'sunriseIn') return lines.sunriseIn(l.minutes);
  return spokenDigits(l.code);
}

function urduParts(baseUrl: string, l: Line): SpeechPart[] {
  const clip = (name: string): SpeechPart => {
    if (!isUrduClip(name)) throw new Error(`No Urdu clip ${name}`);
    return { kind: 'play', url: voiceClipUrl(baseUrl, 'ur', name), text: URDU_CLIPS.get(name)! };
  };
  const name = (n: string): SpeechPart => ({ kind: 'say', text: n, voice: nameVoice(n) });
  if (typeof l === 'string') return URDU_LINE_CLIPS[l].map(clip);
  if (l.line === 'timeIs') return urduTimeClips(l.clock).map(clip);
  // A code's digits by a Hindi voice (Urdu and Hindi say digits alike), never as clips: the order in
  // which the provider fetched digit clips would spell the code in our access logs.
  if (l.line === 'digits') return [{ kind: 'say', text: spokenDigits(l.code), voice: HINDI_DIGITS_VOICE }];
  if (l.line === 'sunriseIn') return urduSunriseClips(l.minutes).map(clip);
  if (l.line === 'jamaahChange')
    return [clip('from-tomorrow'), name(l.mosqueName), ...urduJamaahChangeClips(l.clock).map(clip)];
  // "السلام علیکم Yusuf، Amina نے ہم سے کہا ہے…": the inviter's name comes before the verb in Urdu.
  return [clip('salaam'), name(l.firstName), name(l.inviterName), clip('friend-asked')];
}
