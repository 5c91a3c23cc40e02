import { FRIEND_STOP_KEY } from '../../friends';
import { twoDigits, type CallLines } from './types';

/** French: Fajr, la prière, adhan. Times as "5 h 12". */
export const fr: CallLines = {
  wakeUp: "Assalamou alaykoum. C'est l'heure du Fajr. Réveillez-vous pour la prière.",
  tahajjudWakeUp: 'Assalamou alaykoum. Voici le dernier tiers de la nuit. Levez-vous pour la prière de tahajjud.',
  timeIs: ({ hour, minute }) => (minute === 0 ? `Il est ${hour} h.` : `Il est ${hour} h ${twoDigits(minute)}.`),
  testNotice: "Ceci est un appel d'essai de Fajr.",
  repeatNotice: 'Nous vous rappelons car le premier appel est resté sans réponse.',
  pressAKey: "Appuyez sur n'importe quelle touche une fois réveillé.",
  awakeConfirmed: "Merci. Qu'Allah accepte votre prière.",
  noKey: "Nous n'avons entendu aucune touche. Levez-vous pour le Fajr, s'il vous plaît.",
  tahajjudNoKey: "Nous n'avons entendu aucune touche. Levez-vous pour le tahajjud, s'il vous plaît.",
  friendGreeting: (firstName, inviterName) =>
    `Assalamou alaykoum ${firstName}, ${inviterName} nous a demandé de vous réveiller pour le Fajr.`,
  friendStop: `Pour arrêter ces appels, appuyez sur ${FRIEND_STOP_KEY}.`,
  friendStopped: 'Vous ne serez plus appelé. Au revoir.',
  friendStopConfirm: `Pour arrêter ces appels définitivement, appuyez de nouveau sur ${FRIEND_STOP_KEY}. Pour les garder, appuyez sur une autre touche ou raccrochez.`,
  friendKept: 'Vos appels du Fajr continuent. Au revoir.',
  jamaahChange: (mosque, { hour, minute }) =>
    `À partir de demain, la jama'a du Fajr à ${mosque} est à ${minute === 0 ? `${hour} h` : `${hour} h ${twoDigits(minute)}`}.`,
  sunriseIn: (minutes) => `Il reste ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} avant le lever du soleil.`,
  codeIntro: 'Bonjour, ici Fajr. Votre code de vérification est',
  codeAgain: 'Encore une fois, votre code est',
  codeOutro: 'Au revoir.',
};
