import { FRIEND_STOP_KEY } from '../../friends';
import { twelveHour, twoDigits, type CallLines } from './types';

/** English: SPEC.md's and docs/CALLS.md's words, verbatim. */
export const en: CallLines = {
  wakeUp: 'Assalamu alaikum. It is time for Fajr. Wake up for the prayer.',
  timeIs: ({ hour, minute }) => `It is ${twelveHour(hour)}:${twoDigits(minute)} ${hour < 12 ? 'AM' : 'PM'}.`,
  testNotice: 'This is a test call from Fajr.',
  repeatNotice: 'We are calling again because the first call was not answered.',
  pressAKey: 'Press any key once you are awake.',
  awakeConfirmed: 'Thank you. May Allah accept your prayer.',
  noKey: 'We did not hear a key. Please get up for Fajr.',
  friendGreeting: (firstName, inviterName) =>
    `Assalamu alaikum ${firstName}, ${inviterName} asked us to wake you for Fajr.`,
  friendStop: `To stop these calls, press ${FRIEND_STOP_KEY}.`,
  friendStopped: 'You will not be called again. Goodbye.',
  friendStopConfirm: `To stop these calls for good, press ${FRIEND_STOP_KEY} again. To keep them, press any other key or hang up.`,
  friendKept: 'Your Fajr calls carry on. Goodbye.',
  jamaahChange: (mosque, { hour, minute }) =>
    `From tomorrow, Fajr jama'ah at ${mosque} is at ${twelveHour(hour)}:${twoDigits(minute)} ${hour < 12 ? 'AM' : 'PM'}.`,
  codeIntro: 'Hello, this is Fajr. Your verification code is',
  codeAgain: 'Once more, your code is',
  codeOutro: 'Goodbye.',
};
