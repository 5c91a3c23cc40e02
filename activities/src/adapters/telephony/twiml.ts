import twilio from 'twilio';
import { FRIEND_STOP_CONFIRM_SECONDS } from '../../domain/friends';
import { speech, type CallLanguage, type Clock, type Line, type SpeechPart } from '../../domain/call-speech';
import { AWAKE_KEY_TIMEOUT_SECONDS, type FriendGreeting } from './types';

type Say = Parameters<InstanceType<typeof twilio.twiml.VoiceResponse>['say']>[0];
/** What can speak: the response itself, or a `<Gather>` (Twilio nests `<Say>` and `<Play>` in it). */
type Speaker = { say(attrs: Say, text: string): unknown; play(url: string): unknown };

/**
 * The language a call speaks and where its recorded clips are served (the public base URL): every
 * TwiML answer of one call speaks its call language (issue 45; docs/LANGUAGES.md).
 */
export interface CallVoice {
  language: CallLanguage;
  baseUrl: string;
}

/** What the Fajr call says around the adhaan, besides the lines: the time, and whether it is a test or a repeat. */
export interface FajrCallSpeech extends CallVoice {
  /** The time of day in the zone of whoever is called, said after the opening; omitted when unknown. */
  clock?: Clock;
  /** Said first: a test call says so, a repeated (or ring-through) call says why it calls again. */
  notice?: 'test' | 'repeat';
  /** Tomorrow's jama'ah change at the member's mosque: said last (issue 46 point 4). */
  jamaahChange?: { mosqueName: string; clock: Clock };
  /** The last call before sunrise: the minutes left, said after the opening (issue 47 point 1). */
  sunriseMinutes?: number;
  /** A tahajjud call (issue 47 point 4): opens with the night's last third instead of Fajr's time. */
  tahajjud?: boolean;
}

/** The line that tells of tomorrow's jama'ah change, when there is one. */
const changeLines = (s: FajrCallSpeech): Line[] =>
  s.jamaahChange ? [{ line: 'jamaahChange', ...s.jamaahChange }] : [];

const ENGLISH: CallVoice = { language: 'en', baseUrl: '' };

/** Speaks `lines` in the call's language: `<Say>` with its voice, or `<Play>` of its clips (Urdu). */
function speak(node: Speaker, voice: CallVoice, lines: Line[]): void {
  for (const part of speech(voice.language, voice.baseUrl, lines)) sayOrPlay(node, part);
}

function sayOrPlay(node: Speaker, part: SpeechPart): void {
  if (part.kind === 'play') node.play(part.url);
  else node.say({ voice: part.voice.voice, language: part.voice.language } as Say, part.text);
}

/** The opening of a call: a notice (test, repeat) if any, then the lines, then the time if known. */
function opening(s: FajrCallSpeech, first: Line[], after: Line[]): Line[] {
  const notice: Line[] = s.notice === 'test' ? ['testNotice'] : s.notice === 'repeat' ? ['repeatNotice'] : [];
  const time: Line[] = s.clock ? [{ line: 'timeIs', clock: s.clock }] : [];
  const sunrise: Line[] = s.sunriseMinutes !== undefined ? [{ line: 'sunriseIn', minutes: s.sunriseMinutes }] : [];
  const opened = s.tahajjud ? first.map((l): Line => (l === 'wakeUp' ? 'tahajjudWakeUp' : l)) : first;
  return [...notice, ...opened, ...sunrise, ...time, ...after];
}

/**
 * The TwiML of a Fajr call: a short spoken wake-up line (and the time), then the chosen adhaan. With
 * the awake check (`awakeKeyUrl` set) both play inside a `<Gather>` that takes one key, any key
 * (`finishOnKey=""` so even # counts), and posts it to our webhook; a key interrupts the adhaan.
 * Without a key within the timeout after the adhaan, the call says so and ends. Every line is in the
 * call's language (`s`).
 */
export function fajrCallTwiml(
  adhaanUrl: string,
  awakeKeyUrl?: string,
  friend?: FriendGreeting,
  s: FajrCallSpeech = ENGLISH,
): string {
  const response = new twilio.twiml.VoiceResponse();
  const gatherKey = (url: string) =>
    response.gather({
      input: ['dtmf'],
      numDigits: 1,
      finishOnKey: '',
      timeout: AWAKE_KEY_TIMEOUT_SECONDS,
      action: url,
      method: 'POST',
    });
  if (friend && awakeKeyUrl) {
    // A Fajr friend's call: greeted by name, and one key (9) stops their calls for good; the same
    // `<Gather>` as the awake check, but no key is asked for, so nothing is said when none comes.
    const gather = gatherKey(awakeKeyUrl);
    const greeting: Line = { line: 'friendGreeting', ...friend };
    speak(gather, s, opening({ ...s, notice: undefined }, [greeting], ['friendStop']));
    gather.play(adhaanUrl);
    return response.toString();
  }
  if (!awakeKeyUrl) {
    speak(response, s, opening(s, ['wakeUp'], []));
    response.play(adhaanUrl);
    speak(response, s, changeLines(s));
    return response.toString();
  }
  const gather = gatherKey(awakeKeyUrl);
  // A key interrupts the adhaan and the key webhook's reply ends the call, so with the awake check
  // tomorrow's change is the last line before the adhaan, and is said again after "no key".
  speak(gather, s, [...opening(s, ['wakeUp'], ['pressAKey']), ...changeLines(s)]);
  gather.play(adhaanUrl);
  speak(response, s, [s.tahajjud ? 'tahajjudNoKey' : 'noKey', ...changeLines(s)]);
  return response.toString();
}

/** The messaging webhook's answer: an empty `<Response/>` (no reply; Twilio confirms STOP itself under Advanced Opt-Out). */
export function emptyMessagingTwiml(): string {
  return new twilio.twiml.MessagingResponse().toString();
}

/** The key webhook's answer to a friend's stop key: never called again, then hangs up. */
export function friendStoppedTwiml(voice: CallVoice = ENGLISH): string {
  return sayAndHangUp(voice, 'friendStopped');
}

/**
 * The key webhook's answer to a friend's first stop key: asks for it once more, the second key posted
 * to `actionUrl` (the same webhook, marked as the confirmation); without one the calls carry on.
 */
export function friendStopConfirmTwiml(actionUrl: string, voice: CallVoice = ENGLISH): string {
  const response = new twilio.twiml.VoiceResponse();
  const gather = response.gather({
    input: ['dtmf'],
    numDigits: 1,
    finishOnKey: '',
    timeout: FRIEND_STOP_CONFIRM_SECONDS,
    action: actionUrl,
    method: 'POST',
  });
  speak(gather, voice, ['friendStopConfirm']);
  speak(response, voice, ['friendKept']);
  response.hangup();
  return response.toString();
}

/** The key webhook's answer when the confirmation's key was not the stop key: the calls carry on. */
export function friendKeptTwiml(voice: CallVoice = ENGLISH): string {
  return sayAndHangUp(voice, 'friendKept');
}

/**
 * The awake-check webhook's answer: thanks after a key and hangs up (without one, only hangs up). The
 * key cut the call short, so tomorrow's jama'ah change, when the call told of one, is said again after
 * the thanks (issue 46 point 4: every answered call ends with it).
 */
export function awakeKeyReplyTwiml(
  confirmed: boolean,
  voice: CallVoice = ENGLISH,
  jamaahChange?: FajrCallSpeech['jamaahChange'],
): string {
  return sayAndHangUp(voice, confirmed ? ['awakeConfirmed', ...changeLines({ ...voice, jamaahChange })] : []);
}

/** A voice reply that says `lines` (when there are any) and hangs up. */
function sayAndHangUp(voice: CallVoice, lines: Line | Line[]): string {
  const response = new twilio.twiml.VoiceResponse();
  speak(response, voice, Array.isArray(lines) ? lines : [lines]);
  response.hangup();
  return response.toString();
}
