/** A time of day as the call reads it: 0–23 and 0–59, in the zone of whoever is called. */
export interface Clock {
  hour: number;
  minute: number;
}

/**
 * Every line a call speaks, in one language (issue 45: every spoken line is translated). English is
 * SPEC.md's and docs/CALLS.md's; the others say the same in the words that language's Muslims use.
 */
export interface CallLines {
  /** The Fajr call's opening, before the adhaan. */
  wakeUp: string;
  /** A tahajjud call's opening instead (issue 47 point 4): the last third of the night, rise for tahajjud. */
  tahajjudWakeUp: string;
  /** The time now, said after the opening. */
  timeIs: (clock: Clock) => string;
  /** A test call (the account page's "Schedule Test Call") says so first. */
  testNotice: string;
  /** A repeated call (Premium, after an unanswered one) says so first. */
  repeatNotice: string;
  /** The awake check: what the call asks for, and what it says after a key press or without one. */
  pressAKey: string;
  awakeConfirmed: string;
  noKey: string;
  /** A tahajjud call's line without a key: rise for tahajjud (not Fajr). */
  tahajjudNoKey: string;
  /** A Fajr friend's call: greeted by name and their inviter's. */
  friendGreeting: (firstName: string, inviterName: string) => string;
  /** Said inside the friend's key prompt (the stop key is 9). */
  friendStop: string;
  friendStopped: string;
  friendStopConfirm: string;
  friendKept: string;
  /**
   * Said at the end of a mosque member's call the day before their mosque's jama'ah moves 5 minutes or
   * more (issue 46 point 4): "From tomorrow, Fajr jama'ah at Masjid … is at 6:15 AM." `clock` is the
   * new time on the mosque's clock.
   */
  jamaahChange: (mosqueName: string, clock: Clock) => string;
  /**
   * The last call before sunrise (issue 47 point 1) says how long is left, after the opening: "Twenty
   * minutes until sunrise." `minutes` is 5 to 40 (a late dial may say fewer), said as that language
   * says a number of minutes.
   */
  sunriseIn: (minutes: number) => string;
  /** A call that reads out a one-time code: before the digits, before them again, and at the end. */
  codeIntro: string;
  codeAgain: string;
  codeOutro: string;
}

/** "05" for 5: minutes are always two digits in a written time. */
export const twoDigits = (n: number): string => String(n).padStart(2, '0');

/** 5 for 05:00 and 17:00, 12 for 00:00 and 12:00. */
export const twelveHour = (hour: number): number => ((hour + 11) % 12) + 1;
