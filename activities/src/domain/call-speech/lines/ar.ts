import { FRIEND_STOP_KEY } from '../../friends';
import { twelveHour, twoDigits, type CallLines } from './types';

/** "بقيت 20 دقيقة على شروق الشمس.": the counted noun agrees with the number (1, 2, 3–10, 11 and up). */
function arabicSunriseIn(n: number): string {
  const left = n === 1 ? 'دقيقة واحدة' : n === 2 ? 'دقيقتان' : n <= 10 ? `${n} دقائق` : `${n} دقيقة`;
  return `بقيت ${left} على شروق الشمس.`;
}

/** Arabic (Modern Standard): فجر, صلاة الفجر. */
export const ar: CallLines = {
  wakeUp: 'السلام عليكم. حان وقت صلاة الفجر. استيقظ للصلاة.',
  tahajjudWakeUp: 'السلام عليكم. حلّ الثلث الأخير من الليل. قم لصلاة التهجد.',
  timeIs: ({ hour, minute }) => `الساعة الآن ${twelveHour(hour)}:${twoDigits(minute)} ${hour < 12 ? 'صباحًا' : 'مساءً'}.`,
  testNotice: 'هذه مكالمة تجريبية من خدمة فجر.',
  repeatNotice: 'نعاود الاتصال بك لأن المكالمة الأولى لم يُرَدّ عليها.',
  pressAKey: 'اضغط أي زر عندما تستيقظ.',
  awakeConfirmed: 'شكرًا لك. تقبّل الله صلاتك.',
  noKey: 'لم نسمع ضغطة زر. قم إلى صلاة الفجر من فضلك.',
  tahajjudNoKey: 'لم نسمع ضغطة زر. قم إلى صلاة التهجد من فضلك.',
  friendGreeting: (firstName, inviterName) =>
    `السلام عليكم يا ${firstName}، طلب منا ${inviterName} أن نوقظك لصلاة الفجر.`,
  friendStop: `لإيقاف هذه المكالمات، اضغط ${FRIEND_STOP_KEY}.`,
  friendStopped: 'لن نتصل بك مرة أخرى. مع السلامة.',
  friendStopConfirm: `لإيقاف هذه المكالمات نهائيًا، اضغط ${FRIEND_STOP_KEY} مرة أخرى. للإبقاء عليها، اضغط أي زر آخر أو أغلق الخط.`,
  friendKept: 'ستستمر مكالمات الفجر. مع السلامة.',
  jamaahChange: (mosque, { hour, minute }) =>
    `اعتبارًا من الغد، تقام جماعة صلاة الفجر في ${mosque} الساعة ${twelveHour(hour)}:${twoDigits(minute)} ${hour < 12 ? 'صباحًا' : 'مساءً'}.`,
  sunriseIn: arabicSunriseIn,
  codeIntro: 'مرحبًا، معك خدمة فجر. رمز التحقق الخاص بك هو',
  codeAgain: 'مرة أخرى، رمزك هو',
  codeOutro: 'مع السلامة.',
};
