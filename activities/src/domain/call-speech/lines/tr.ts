import { FRIEND_STOP_KEY } from '../../friends';
import { twoDigits, type CallLines } from './types';

/** Turkish: sabah namazı, ezan, cemaat. Times as Turks write them: "05.12". */
export const tr: CallLines = {
  wakeUp: 'Esselamü aleyküm. Sabah namazı vakti girdi. Namaz için uyanın.',
  tahajjudWakeUp: 'Esselamü aleyküm. Gecenin son üçte biri girdi. Teheccüd namazı için uyanın.',
  timeIs: ({ hour, minute }) => `Saat şu an ${twoDigits(hour)}.${twoDigits(minute)}.`,
  testNotice: "Bu, Fajr'dan bir deneme aramasıdır.",
  repeatNotice: 'İlk arama cevaplanmadığı için tekrar arıyoruz.',
  pressAKey: 'Uyandığınızda herhangi bir tuşa basın.',
  awakeConfirmed: 'Teşekkürler. Allah namazınızı kabul etsin.',
  noKey: 'Tuşa basıldığını duymadık. Lütfen sabah namazı için kalkın.',
  tahajjudNoKey: 'Tuşa basıldığını duymadık. Lütfen teheccüd namazı için kalkın.',
  friendGreeting: (firstName, inviterName) =>
    `Esselamü aleyküm ${firstName}, ${inviterName} sizi sabah namazı için uyandırmamızı istedi.`,
  friendStop: `Bu aramaları durdurmak için ${FRIEND_STOP_KEY}'a basın.`,
  friendStopped: 'Bir daha aranmayacaksınız. Hoşça kalın.',
  friendStopConfirm: `Bu aramaları kalıcı olarak durdurmak için tekrar ${FRIEND_STOP_KEY}'a basın. Sürmesi için başka bir tuşa basın veya telefonu kapatın.`,
  friendKept: 'Sabah namazı aramalarınız sürecek. Hoşça kalın.',
  jamaahChange: (mosque, { hour, minute }) =>
    `Yarından itibaren ${mosque} sabah namazı cemaat vakti: ${twoDigits(hour)}.${twoDigits(minute)}.`,
  sunriseIn: (minutes) => `Güneşin doğmasına ${minutes} dakika kaldı.`,
  codeIntro: 'Merhaba, burası Fajr. Doğrulama kodunuz',
  codeAgain: 'Bir kez daha, kodunuz',
  codeOutro: 'Hoşça kalın.',
};
