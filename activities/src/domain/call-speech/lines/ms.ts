import { FRIEND_STOP_KEY } from '../../friends';
import { twelveHour, twoDigits, type CallLines } from './types';

/** The part of the day a Malay time is said in: pagi, tengah hari, petang, malam. */
function dayPart(hour: number): string {
  if (hour < 12) return 'pagi';
  if (hour < 14) return 'tengah hari';
  if (hour < 19) return 'petang';
  return 'malam';
}

/** Malay (Malaysia, Brunei, Singapore): Subuh, solat, azan. Times as "pukul 5.45 pagi". */
export const ms: CallLines = {
  wakeUp: 'Assalamualaikum. Sudah masuk waktu Subuh. Bangunlah untuk solat.',
  tahajjudWakeUp: 'Assalamualaikum. Kini sepertiga malam yang terakhir. Bangunlah untuk solat tahajud.',
  timeIs: ({ hour, minute }) => `Sekarang pukul ${twelveHour(hour)}.${twoDigits(minute)} ${dayPart(hour)}.`,
  testNotice: 'Ini panggilan percubaan daripada Fajr.',
  repeatNotice: 'Kami menelefon sekali lagi kerana panggilan pertama tidak dijawab.',
  pressAKey: 'Tekan mana-mana kekunci sebaik sahaja anda bangun.',
  awakeConfirmed: 'Terima kasih. Semoga Allah menerima solat anda.',
  noKey: 'Kami tidak mendengar sebarang kekunci ditekan. Sila bangun untuk solat Subuh.',
  tahajjudNoKey: 'Kami tidak mendengar sebarang kekunci ditekan. Sila bangun untuk solat tahajud.',
  friendGreeting: (firstName, inviterName) =>
    `Assalamualaikum ${firstName}, ${inviterName} meminta kami mengejutkan anda untuk solat Subuh.`,
  friendStop: `Untuk menghentikan panggilan ini, tekan ${FRIEND_STOP_KEY}.`,
  friendStopped: 'Anda tidak akan dihubungi lagi. Wassalamualaikum.',
  friendStopConfirm: `Untuk menghentikan panggilan ini buat selamanya, tekan ${FRIEND_STOP_KEY} sekali lagi. Untuk meneruskannya, tekan mana-mana kekunci lain atau letakkan telefon.`,
  friendKept: 'Panggilan Subuh anda akan diteruskan. Wassalamualaikum.',
  jamaahChange: (mosque, { hour, minute }) =>
    `Mulai esok, solat Subuh berjemaah di ${mosque} pada pukul ${twelveHour(hour)}.${twoDigits(minute)} ${dayPart(hour)}.`,
  sunriseIn: (minutes) => `Matahari akan terbit dalam ${minutes} minit lagi.`,
  codeIntro: 'Helo, ini Fajr. Kod pengesahan anda ialah',
  codeAgain: 'Sekali lagi, kod anda ialah',
  codeOutro: 'Terima kasih.',
};
