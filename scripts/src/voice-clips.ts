/**
 * Makes the Urdu call's recorded clips (Twilio has no Urdu voice; docs/LANGUAGES.md, "Call voices"):
 * each clip of activities/src/domain/call-speech/urdu-clips.ts, spoken by espeak-ng's Urdu voice, its
 * silence trimmed, resampled to 8 kHz mono 16-bit WAV (the telephone's own rate: a phone call carries
 * nothing above 4 kHz, and the files stay small) under activities/assets/voice/ur/.
 *
 *   npm run voice-clips                # every clip
 *   npm run voice-clips -- --missing   # only clips without a file (keeps recordings)
 *
 * Needs espeak-ng (Debian: apt-get install espeak-ng). A person's recording saved under a clip's
 * name replaces it; run with --missing afterwards so the recordings are kept.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { URDU_CLIPS, urduClipSynthesisText } from '@fajr/activities/domain/call-speech';
import { VOICE_CLIPS_DIR } from '@fajr/activities/domain/call-speech/clip-files';
import { decodeWav, encodeWav, resample, trimSilence } from './voice-clips-wav';

/** The telephone's sample rate. */
const RATE = 8000;
/** Words per minute: a little slower than espeak-ng's 175, for a half-asleep listener on a phone line. */
const SPEED = '150';

function synthesise(text: string): Buffer {
  return execFileSync('espeak-ng', ['-v', 'ur', '-s', SPEED, '--stdout', text], { maxBuffer: 16 * 1024 * 1024 });
}

function main() {
  const onlyMissing = process.argv.includes('--missing');
  const dir = path.join(VOICE_CLIPS_DIR, 'ur');
  mkdirSync(dir, { recursive: true });
  let made = 0;
  let bytes = 0;
  for (const name of URDU_CLIPS.keys()) {
    const file = path.join(dir, `${name}.wav`);
    if (onlyMissing && existsSync(file)) continue;
    const { samples, rate } = decodeWav(synthesise(urduClipSynthesisText(name)));
    const wav = encodeWav(resample(trimSilence(samples, rate), rate, RATE), RATE);
    writeFileSync(file, wav);
    made += 1;
    bytes += wav.length;
  }
  console.log(`voice clips: ${made} made in ${dir} (${Math.round(bytes / 1024)} kB)`);
}

main();
