import { FRIEND_STOP_KEY } from '../../friends';
import { twelveHour, type CallLines, type Clock } from './types';

const bnDigits = (n: number) => n.toLocaleString('bn-BD', { useGrouping: false });

/** The part of the day a Bengali time is said in: রাত, ভোর, সকাল, দুপুর, বিকেল, সন্ধ্যা. */
function dayPart(hour: number): string {
  if (hour >= 4 && hour < 6) return 'ভোর';
  if (hour >= 6 && hour < 12) return 'সকাল';
  if (hour >= 12 && hour < 15) return 'দুপুর';
  if (hour >= 15 && hour < 18) return 'বিকেল';
  if (hour >= 18 && hour < 20) return 'সন্ধ্যা';
  return 'রাত';
}

/** "এখন ভোর ৫টা ১২ মিনিট।", or "এখন ভোর ৫টা।" on the hour. */
function bengaliTime({ hour, minute }: Clock): string {
  const hours = `${dayPart(hour)} ${bnDigits(twelveHour(hour))}টা`;
  return minute === 0 ? `এখন ${hours}।` : `এখন ${hours} ${bnDigits(minute)} মিনিট।`;
}

/** Bengali (as written in Bangladesh and West Bengal): ফজর, নামাজ, আজান. */
export const bn: CallLines = {
  wakeUp: 'আসসালামু আলাইকুম। ফজরের সময় হয়েছে। নামাজের জন্য উঠুন।',
  tahajjudWakeUp: 'আসসালামু আলাইকুম। রাতের শেষ তৃতীয়াংশ চলছে। তাহাজ্জুদের জন্য উঠুন।',
  timeIs: bengaliTime,
  testNotice: 'এটি ফজর থেকে একটি পরীক্ষামূলক কল।',
  repeatNotice: 'প্রথম কলের উত্তর না পাওয়ায় আমরা আবার কল করছি।',
  pressAKey: 'জেগে উঠলে যেকোনো বোতাম চাপুন।',
  awakeConfirmed: 'ধন্যবাদ। আল্লাহ আপনার নামাজ কবুল করুন।',
  noKey: 'আমরা কোনো বোতাম চাপার শব্দ পাইনি। দয়া করে ফজরের জন্য উঠুন।',
  tahajjudNoKey: 'আমরা কোনো বোতাম চাপার শব্দ পাইনি। দয়া করে তাহাজ্জুদের জন্য উঠুন।',
  friendGreeting: (firstName, inviterName) =>
    `আসসালামু আলাইকুম ${firstName}, ${inviterName} আমাদের অনুরোধ করেছেন আপনাকে ফজরের জন্য জাগিয়ে দিতে।`,
  friendStop: `এই কলগুলো বন্ধ করতে ${FRIEND_STOP_KEY} চাপুন।`,
  friendStopped: 'আপনাকে আর কল করা হবে না। আল্লাহ হাফেজ।',
  friendStopConfirm: `এই কলগুলো চিরতরে বন্ধ করতে আবার ${FRIEND_STOP_KEY} চাপুন। চালু রাখতে অন্য যেকোনো বোতাম চাপুন বা ফোন রেখে দিন।`,
  friendKept: 'আপনার ফজরের কল চালু থাকবে। আল্লাহ হাফেজ।',
  jamaahChange: (mosque, { hour, minute }) => {
    const hours = `${dayPart(hour)} ${bnDigits(twelveHour(hour))}টা`;
    const time = minute === 0 ? hours : `${hours} ${bnDigits(minute)} মিনিট`;
    return `আগামীকাল থেকে ${mosque}-এ ফজরের জামাতের সময় ${time}।`;
  },
  sunriseIn: (minutes) => `সূর্যোদয়ের আর ${bnDigits(minutes)} মিনিট বাকি।`,
  codeIntro: 'আসসালামু আলাইকুম, ফজর থেকে বলছি। আপনার যাচাইকরণ কোড হলো',
  codeAgain: 'আবার বলছি, আপনার কোড হলো',
  codeOutro: 'আল্লাহ হাফেজ।',
};
