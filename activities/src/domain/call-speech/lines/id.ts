import { FRIEND_STOP_KEY } from '../../friends';
import { twoDigits, type CallLines } from './types';

/** Indonesian: Subuh, salat, azan. Times as Indonesians write them: "pukul 04.45". */
export const id: CallLines = {
  wakeUp: 'Assalamualaikum. Sudah masuk waktu Subuh. Bangunlah untuk salat.',
  tahajjudWakeUp: 'Assalamualaikum. Sekarang sepertiga malam terakhir. Bangunlah untuk salat tahajud.',
  timeIs: ({ hour, minute }) => `Sekarang pukul ${twoDigits(hour)}.${twoDigits(minute)}.`,
  testNotice: 'Ini panggilan uji coba dari Fajr.',
  repeatNotice: 'Kami menelepon lagi karena panggilan pertama tidak dijawab.',
  pressAKey: 'Tekan tombol apa saja setelah Anda bangun.',
  awakeConfirmed: 'Terima kasih. Semoga Allah menerima salat Anda.',
  noKey: 'Kami tidak mendengar tombol ditekan. Silakan bangun untuk salat Subuh.',
  tahajjudNoKey: 'Kami tidak mendengar tombol ditekan. Silakan bangun untuk salat tahajud.',
  friendGreeting: (firstName, inviterName) =>
    `Assalamualaikum ${firstName}, ${inviterName} meminta kami membangunkan Anda untuk salat Subuh.`,
  friendStop: `Untuk menghentikan panggilan ini, tekan ${FRIEND_STOP_KEY}.`,
  friendStopped: 'Anda tidak akan ditelepon lagi. Wassalamualaikum.',
  friendStopConfirm: `Untuk menghentikan panggilan ini selamanya, tekan ${FRIEND_STOP_KEY} sekali lagi. Untuk tetap menerimanya, tekan tombol lain atau tutup telepon.`,
  friendKept: 'Panggilan Subuh Anda tetap berlanjut. Wassalamualaikum.',
  jamaahChange: (mosque, { hour, minute }) =>
    `Mulai besok, salat Subuh berjamaah di ${mosque} pukul ${twoDigits(hour)}.${twoDigits(minute)}.`,
  sunriseIn: (minutes) => `Matahari terbit ${minutes} menit lagi.`,
  codeIntro: 'Halo, ini Fajr. Kode verifikasi Anda adalah',
  codeAgain: 'Sekali lagi, kode Anda adalah',
  codeOutro: 'Terima kasih.',
};
