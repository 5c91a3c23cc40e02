import { FRIEND_STOP_KEY } from '../../friends';
import { twelveHour, twoDigits, type CallLines } from './types';

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven',
  'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'] as const; // prettier-ignore
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty'] as const;

/** 0–59 in words ("twenty-five"): the sunrise call's minutes are written as they are said. */
function words(n: number): string {
  if (n < 20) return ONES[n]!;
  return n % 10 === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]}-${ONES[n % 10]}`;
}
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** English: SPEC.md's and docs/CALLS.md's words, verbatim. */
export const en: CallLines = {
  wakeUp: 'Assalamu alaikum. It is time for Fajr. Wake up for the prayer.',
  tahajjudWakeUp: 'Assalamu alaikum. It is the last third of the night. Rise for tahajjud.',
  timeIs: ({ hour, minute }) => `It is ${twelveHour(hour)}:${twoDigits(minute)} ${hour < 12 ? 'AM' : 'PM'}.`,
  testNotice: 'This is a test call from Fajr.',
  repeatNotice: 'We are calling again because the first call was not answered.',
  pressAKey: 'Press any key once you are awake.',
  awakeConfirmed: 'Thank you. May Allah accept your prayer.',
  noKey: 'We did not hear a key. Please get up for Fajr.',
  tahajjudNoKey: 'We did not hear a key. Please get up for tahajjud.',
  friendGreeting: (firstName, inviterName) =>
    `Assalamu alaikum ${firstName}, ${inviterName} asked us to wake you for Fajr.`,
  friendStop: `To stop these calls, press ${FRIEND_STOP_KEY}.`,
  friendStopped: 'You will not be called again. Goodbye.',
  friendStopConfirm: `To stop these calls for good, press ${FRIEND_STOP_KEY} again. To keep them, press any other key or hang up.`,
  friendKept: 'Your Fajr calls carry on. Goodbye.',
  jamaahChange: (mosque, { hour, minute }) =>
    `From tomorrow, Fajr jama'ah at ${mosque} is at ${twelveHour(hour)}:${twoDigits(minute)} ${hour < 12 ? 'AM' : 'PM'}.`,
  sunriseIn: (minutes) =>
    `${capitalised(words(Math.min(minutes, 59)))} ${minutes === 1 ? 'minute' : 'minutes'} until sunrise.`,
  codeIntro: 'Hello, this is Fajr. Your verification code is',
  codeAgain: 'Once more, your code is',
  codeOutro: 'Goodbye.',
};
