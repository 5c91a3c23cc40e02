import { twelveHour, type Clock } from './lines/types';
import { urduDayPart } from './lines/ur';

/**
 * The Urdu call's recorded clips (Twilio has no Urdu voice): each clip's name and the words it says.
 * scripts/src/voice-clips.ts renders these words with espeak-ng into
 * activities/assets/voice/ur/<name>.wav; a person's recording of the same words under the same name
 * replaces a clip (docs/LANGUAGES.md, "Replacing the Urdu clips"). Numbers are written as words so a
 * reader records exactly what the call needs.
 */
const PHRASES = {
  salaam: 'السلام علیکم۔',
  'wake-up': 'فجر کا وقت ہو گیا ہے۔ نماز کے لیے اٹھ جائیے۔',
  // A tahajjud call's opening (issue 47 point 4).
  'tahajjud-wake-up': 'رات کا آخری تہائی حصہ ہے۔ تہجد کے لیے اٹھ جائیے۔',
  'test-notice': 'یہ فجر کی طرف سے ایک آزمائشی کال ہے۔',
  'repeat-notice': 'ہم دوبارہ کال کر رہے ہیں کیونکہ پہلی کال کا جواب نہیں ملا۔',
  'press-a-key': 'جاگ جانے پر کوئی بھی بٹن دبائیں۔',
  'awake-confirmed': 'شکریہ۔ اللہ آپ کی نماز قبول فرمائے۔',
  'no-key': 'ہمیں کسی بٹن کے دبنے کا پتا نہیں چلا۔ براہ کرم فجر کے لیے اٹھ جائیں۔',
  'tahajjud-no-key': 'ہمیں کسی بٹن کے دبنے کا پتا نہیں چلا۔ براہ کرم تہجد کے لیے اٹھ جائیں۔',
  'friend-asked': 'نے ہم سے کہا ہے کہ آپ کو فجر کے لیے جگائیں۔',
  'friend-stop': 'یہ کالیں بند کرنے کے لیے نو دبائیں۔',
  'friend-stopped': 'آپ کو دوبارہ کال نہیں کی جائے گی۔ اللہ حافظ۔',
  'friend-stop-confirm':
    'یہ کالیں ہمیشہ کے لیے بند کرنے کے لیے دوبارہ نو دبائیں۔ جاری رکھنے کے لیے کوئی اور بٹن دبائیں یا فون بند کر دیں۔',
  'friend-kept': 'آپ کی فجر کی کالیں جاری رہیں گی۔ اللہ حافظ۔',
  'code-intro': 'السلام علیکم، یہ فجر ہے۔ آپ کا تصدیقی کوڈ یہ ہے',
  'code-again': 'ایک بار پھر، آپ کا کوڈ یہ ہے',
  goodbye: 'اللہ حافظ۔',
  // The time: "ابھی صبح کے پانچ بج کر بارہ منٹ ہوئے ہیں" / "ابھی صبح کے پانچ بجے ہیں".
  'time-now': 'ابھی',
  'part-raat': 'رات کے',
  'part-subah': 'صبح کے',
  'part-dopahar': 'دوپہر کے',
  'part-shaam': 'شام کے',
  'baj-kar': 'بج کر',
  'minutes-past': 'منٹ ہوئے ہیں۔',
  'baje-hain': 'بجے ہیں۔',
  // Tomorrow's jama'ah change (issue 46 point 4): "کل سے <name> میں فجر کی جماعت صبح کے چھ بج کر پندرہ منٹ پر ہوگی۔";
  // the mosque's name is read by a voice between the first two clips (no clip can hold a name).
  'from-tomorrow': 'کل سے',
  'fajr-jamaah-in': 'میں فجر کی جماعت',
  'minutes-will-be': 'منٹ پر ہوگی۔',
  'baje-will-be': 'بجے ہوگی۔',
  // The last call before sunrise (issue 47 point 1): "سورج نکلنے میں بیس منٹ باقی ہیں۔".
  'sunrise-in': 'سورج نکلنے میں',
  'minutes-left': 'منٹ باقی ہیں۔',
} as const;

/** 1–59 in words: the hours and the minutes. */
const NUMBER_WORDS = [
  'ایک', 'دو', 'تین', 'چار', 'پانچ', 'چھ', 'سات', 'آٹھ', 'نو',
  'دس', 'گیارہ', 'بارہ', 'تیرہ', 'چودہ', 'پندرہ', 'سولہ', 'سترہ', 'اٹھارہ', 'انیس',
  'بیس', 'اکیس', 'بائیس', 'تئیس', 'چوبیس', 'پچیس', 'چھبیس', 'ستائیس', 'اٹھائیس', 'انتیس',
  'تیس', 'اکتیس', 'بتیس', 'تینتیس', 'چونتیس', 'پینتیس', 'چھتیس', 'سینتیس', 'اڑتیس', 'انتالیس',
  'چالیس', 'اکتالیس', 'بیالیس', 'تینتالیس', 'چوالیس', 'پینتالیس', 'چھیالیس', 'سینتالیس', 'اڑتالیس', 'انچاس',
  'پچاس', 'اکاون', 'باون', 'ترپن', 'چون', 'پچپن', 'چھپن', 'ستاون', 'اٹھاون', 'انسٹھ',
] as const; // prettier-ignore

export type UrduPhrase = keyof typeof PHRASES;
const numberClip = (n: number) => `number-${n}`;

/** Every clip: its file name (without .wav) and the words it says. */
export const URDU_CLIPS: ReadonlyMap<string, string> = new Map<string, string>([
  ...Object.entries(PHRASES),
  ...NUMBER_WORDS.map((word, i) => [numberClip(i + 1), word] as [string, string]),
]);

export const isUrduClip = (name: string): boolean => URDU_CLIPS.has(name);

/**
 * What espeak-ng is given where the written words mislead it: it reads السلام علیکم letter by letter
 * ("als@la:m"), so the greeting is given with its vowels and doubled s. A person records the words.
 */
const SYNTHESISER_SPELLING: Partial<Record<UrduPhrase, string>> = {
  salaam: 'اَسّلامُ عَلَیکُم۔',
  'code-intro': 'اَسّلامُ عَلَیکُم، یہ فجر ہے۔ آپ کا تصدیقی کوڈ یہ ہے',
};

/** The text the clip script gives espeak-ng for a clip: its words, respelled where needed. */
export function urduClipSynthesisText(name: string): string {
  return SYNTHESISER_SPELLING[name as UrduPhrase] ?? URDU_CLIPS.get(name) ?? '';
}

/** The clips of tomorrow's jama'ah time after the mosque's name: "…میں فجر کی جماعت صبح کے چھ بج کر پندرہ منٹ پر ہوگی۔". */
export function urduJamaahChangeClips({ hour, minute }: Clock): string[] {
  const start = ['fajr-jamaah-in', `part-${urduDayPart(hour)}`, numberClip(twelveHour(hour))];
  return minute === 0 ? [...start, 'baje-will-be'] : [...start, 'baj-kar', numberClip(minute), 'minutes-will-be'];
}

/** The clips of the sunrise call's minutes left: "سورج نکلنے میں بیس منٹ باقی ہیں۔" (1 to 59 minutes). */
export function urduSunriseClips(minutes: number): string[] {
  return ['sunrise-in', numberClip(Math.min(59, Math.max(1, minutes))), 'minutes-left'];
}

/** The clips of a time of day, the Urdu way: the part of the day, the hour, and the minutes past it. */
export function urduTimeClips({ hour, minute }: Clock): string[] {
  const start = ['time-now', `part-${urduDayPart(hour)}`, numberClip(twelveHour(hour))];
  return minute === 0 ? [...start, 'baje-hain'] : [...start, 'baj-kar', numberClip(minute), 'minutes-past'];
}
