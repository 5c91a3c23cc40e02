import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CallLanguage } from './languages';
import { isUrduClip } from './urdu-clips';

/**
 * Where a language's recorded clips live: activities/assets/voice/<language>/<clip>.wav (made by
 * scripts/src/voice-clips.ts, replaceable by a person's recordings of the same words).
 */
export const VOICE_CLIPS_DIR = path.resolve(__dirname, '../../../assets/voice');

const cache = new Map<string, Buffer>();

/** Whether a language has a clip of this name (only Urdu has clips: every other language has a voice). */
export function isVoiceClip(language: string, clip: string): language is CallLanguage {
  return language === 'ur' && isUrduClip(clip);
}

/** A clip's WAV file, read once and kept; null when the file is missing (clips not generated). */
export function voiceClipWav(language: CallLanguage, clip: string): Buffer | null {
  const key = `${language}/${clip}`;
  let wav = cache.get(key);
  if (!wav) {
    try {
      wav = readFileSync(path.join(VOICE_CLIPS_DIR, language, `${clip}.wav`));
    } catch {
      return null;
    }
    cache.set(key, wav);
  }
  return wav;
}
