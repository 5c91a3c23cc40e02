import { FRIEND_STOP_KEY } from '../../friends';
import { twelveHour, type CallLines, type Clock } from './types';

/** The part of the day an Urdu time is said in ("صبح کے پانچ بجے"): night, morning, midday, evening. */
export function urduDayPart(hour: number): 'raat' | 'subah' | 'dopahar' | 'shaam' {
  if (hour >= 4 && hour < 12) return 'subah';
  if (hour >= 12 && hour < 16) return 'dopahar';
  if (hour >= 16 && hour < 20) return 'shaam';
  return 'raat';
}
export const URDU_DAY_PARTS = { raat: 'رات کے', subah: 'صبح کے', dopahar: 'دوپہر کے', shaam: 'شام کے' } as const;

/** "ابھی صبح کے 5 بج کر 12 منٹ ہوئے ہیں۔", or "ابھی صبح کے 5 بجے ہیں۔" on the hour. */
function urduTime({ hour, minute }: Clock): string {
  const part = URDU_DAY_PARTS[urduDayPart(hour)];
  return minute === 0
    ? `ابھی ${part} ${twelveHour(hour)} بجے ہیں۔`
    : `ابھی ${part} ${twelveHour(hour)} بج کر ${minute} منٹ ہوئے ہیں۔`;
}

/** "صبح کے 6 بج کر 15 منٹ پر ہوگی۔", or "صبح کے 6 بجے ہوگی۔" on the hour: when the jama'ah will be. */
function urduAt({ hour, minute }: Clock): string {
  const part = URDU_DAY_PARTS[urduDayPart(hour)];
  return minute === 0
    ? `${part} ${twelveHour(hour)} بجے ہوگی۔`
    : `${part} ${twelveHour(hour)} بج کر ${minute} منٹ پر ہوگی۔`;
}

/**
 * Urdu: فجر, نماز. Twilio has no Urdu voice, so the call plays these as recorded clips
 * (call-speech/urdu-clips.ts); the text is what the clips say, shown on the local phone page.
 */
export const ur: CallLines = {
  wakeUp: 'السلام علیکم۔ فجر کا وقت ہو گیا ہے۔ نماز کے لیے اٹھ جائیے۔',
  tahajjudWakeUp: 'السلام علیکم۔ رات کا آخری تہائی حصہ ہے۔ تہجد کے لیے اٹھ جائیے۔',
  timeIs: urduTime,
  testNotice: 'یہ فجر کی طرف سے ایک آزمائشی کال ہے۔',
  repeatNotice: 'ہم دوبارہ کال کر رہے ہیں کیونکہ پہلی کال کا جواب نہیں ملا۔',
  pressAKey: 'جاگ جانے پر کوئی بھی بٹن دبائیں۔',
  awakeConfirmed: 'شکریہ۔ اللہ آپ کی نماز قبول فرمائے۔',
  noKey: 'ہمیں کسی بٹن کے دبنے کا پتا نہیں چلا۔ براہ کرم فجر کے لیے اٹھ جائیں۔',
  tahajjudNoKey: 'ہمیں کسی بٹن کے دبنے کا پتا نہیں چلا۔ براہ کرم تہجد کے لیے اٹھ جائیں۔',
  friendGreeting: (firstName, inviterName) =>
    `السلام علیکم ${firstName}، ${inviterName} نے ہم سے کہا ہے کہ آپ کو فجر کے لیے جگائیں۔`,
  friendStop: `یہ کالیں بند کرنے کے لیے ${FRIEND_STOP_KEY} دبائیں۔`,
  friendStopped: 'آپ کو دوبارہ کال نہیں کی جائے گی۔ اللہ حافظ۔',
  friendStopConfirm: `یہ کالیں ہمیشہ کے لیے بند کرنے کے لیے دوبارہ ${FRIEND_STOP_KEY} دبائیں۔ جاری رکھنے کے لیے کوئی اور بٹن دبائیں یا فون بند کر دیں۔`,
  friendKept: 'آپ کی فجر کی کالیں جاری رہیں گی۔ اللہ حافظ۔',
  jamaahChange: (mosque, clock) => `کل سے ${mosque} میں فجر کی جماعت ${urduAt(clock)}`,
  sunriseIn: (minutes) => `سورج نکلنے میں ${minutes} منٹ باقی ہیں۔`,
  codeIntro: 'السلام علیکم، یہ فجر ہے۔ آپ کا تصدیقی کوڈ یہ ہے',
  codeAgain: 'ایک بار پھر، آپ کا کوڈ یہ ہے',
  codeOutro: 'اللہ حافظ۔',
};
