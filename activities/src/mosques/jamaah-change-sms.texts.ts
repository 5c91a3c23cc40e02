import { formatMessage, type Catalogues } from '../i18n/format';

/**
 * The evening text of a jama'ah change (issue 46 point 4), in each language the product speaks. Kept
 * beside its sender rather than in i18n/texts/*.json while those catalogues were being edited by
 * another change; same ICU syntax, English as the fallback. `{time}` comes formatted in the
 * language (Intl, the mosque's zone), wrapped in isolates so it reads left to right in Arabic and Urdu.
 */
export const JAMAAH_CHANGE_SMS: Catalogues<'text'> = {
  en: { text: "Fajr: from tomorrow, Fajr jama'ah at {mosque} is at {time}. Reply STOP to stop texts." },
  ar: { text: 'فجر: اعتبارًا من الغد، تقام جماعة صلاة الفجر في {mosque} الساعة {time}. أرسل STOP لإيقاف الرسائل.' },
  ur: { text: 'فجر: کل سے {mosque} میں فجر کی جماعت {time} پر ہوگی۔ پیغامات بند کرنے کے لیے STOP بھیجیں۔' },
  bn: { text: 'ফজর: আগামীকাল থেকে {mosque}-এ ফজরের জামাত {time}-এ। বার্তা বন্ধ করতে STOP লিখে পাঠান।' },
  id: { text: 'Fajr: mulai besok, salat Subuh berjamaah di {mosque} pukul {time}. Balas STOP untuk berhenti.' },
  ms: { text: 'Fajr: mulai esok, solat Subuh berjemaah di {mosque} pada pukul {time}. Balas STOP untuk berhenti.' },
  tr: {
    text: 'Fajr: yarından itibaren {mosque} sabah namazı cemaat vakti: {time}. Mesajları durdurmak için STOP yazın.',
  },
  fr: {
    text: "Fajr : à partir de demain, la jama'a du Fajr à {mosque} est à {time}. Répondez STOP pour ne plus recevoir de SMS.",
  },
};

/** The text in `language` (English when the language is unknown), the time read on the mosque's clock. */
export function jamaahChangeSms(language: string, mosque: string, jamaahAt: string, tzName: string): string {
  let time: string;
  try {
    time = new Intl.DateTimeFormat(language, { timeZone: tzName, hour: 'numeric', minute: '2-digit' }).format(
      new Date(jamaahAt),
    );
  } catch {
    time = new Intl.DateTimeFormat('en', { timeZone: tzName, hour: 'numeric', minute: '2-digit' }).format(
      new Date(jamaahAt),
    );
  }
  return formatMessage(JAMAAH_CHANGE_SMS, language, 'text', { mosque, time: `\u2066${time}\u2069` });
}
