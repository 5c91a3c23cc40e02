import type { CallLanguage } from './languages';

/** A Twilio `<Say>` voice: its `voice` and `language` attributes. */
export interface TtsVoice {
  voice: string;
  language: string;
}

/**
 * The voice each call language is spoken in (docs/LANGUAGES.md, "Call voices"). All are Google
 * Standard voices from Twilio's supported list (the `SayVoice` and `SayLanguage` types of the twilio
 * package, which follow Twilio's "Text-to-speech" voice table): one vendor and price tier for every
 * language. Twilio dropped `alice` from its docs. Twilio has no Urdu voice at all, so `ur` is null:
 * an Urdu call plays recorded clips instead (urdu-clips.ts).
 */
export const CALL_VOICES: Record<CallLanguage, TtsVoice | null> = {
  en: { voice: 'Google.en-GB-Standard-A', language: 'en-GB' },
  ar: { voice: 'Google.ar-XA-Standard-A', language: 'ar-XA' },
  ur: null,
  bn: { voice: 'Google.bn-IN-Standard-A', language: 'bn-IN' },
  id: { voice: 'Google.id-ID-Standard-A', language: 'id-ID' },
  ms: { voice: 'Google.ms-MY-Standard-A', language: 'ms-MY' },
  tr: { voice: 'Google.tr-TR-Standard-A', language: 'tr-TR' },
  fr: { voice: 'Google.fr-FR-Standard-A', language: 'fr-FR' },
};

/**
 * The voice a name is read in inside an Urdu call (no clip can hold a name): a name written in the
 * Arabic script (یوسف) in the Arabic voice, any other (Yusuf) in Indian English, which reads South
 * Asian names naturally.
 */
export function nameVoice(name: string): TtsVoice {
  return /[\u0600-\u06ff]/.test(name) ? CALL_VOICES.ar! : { voice: 'Google.en-IN-Standard-A', language: 'en-IN' };
}

/**
 * The voice that reads a one-time code's digits in an Urdu call: Urdu and Hindi say the digits with
 * the same words (ایک، دو، تین… / ek, do, teen…).
 */
export const HINDI_DIGITS_VOICE: TtsVoice = { voice: 'Google.hi-IN-Standard-A', language: 'hi-IN' };
