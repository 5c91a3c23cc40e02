/**
 * The adhaan recordings this project ships, synthesised rather than committed as binaries: a short
 * melodic phrase per adhaan as 16-bit mono PCM WAV, generated once per process and cached.
 */

const SAMPLE_RATE = 22_050;

interface Note {
  /** Semitones above the phrase's tonic; null is a rest. */
  step: number | null;
  beats: number;
}

interface Voice {
  tonicHz: number;
  beatSeconds: number;
  /** Relative amplitudes of the harmonics 1, 2, 3…: more harmonics = brighter. */
  harmonics: number[];
  attack: number;
  release: number;
  /** Depth of a slow vibrato in semitones. */
  vibrato: number;
  gain: number;
  notes: Note[];
}

// A Hijaz-like scale (tonic, minor second, major third, fourth, fifth): the colour of many adhaan melodies.
const n = (step: number | null, beats = 1): Note => ({ step, beats });

const VOICES = {
  default: {
    tonicHz: 293.66, // D4
    beatSeconds: 0.42,
    harmonics: [1, 0.45, 0.25, 0.12, 0.06],
    attack: 0.04,
    release: 0.18,
    vibrato: 0.12,
    gain: 0.5,
    notes: [
      n(0, 2),
      n(1),
      n(4),
      n(5, 2),
      n(4),
      n(1),
      n(0, 3),
      n(null),
      n(7, 2),
      n(5),
      n(4),
      n(5, 2),
      n(4),
      n(1),
      n(0, 4),
    ],
  },
  gentle: {
    tonicHz: 220, // A3: lower and softer for a calm wake-up
    beatSeconds: 0.6,
    harmonics: [1, 0.15, 0.04],
    attack: 0.25,
    release: 0.4,
    vibrato: 0.05,
    gain: 0.35,
    notes: [n(0, 2), n(4, 2), n(7, 3), n(null), n(5, 2), n(4, 2), n(2), n(0, 4)],
  },
} satisfies Record<string, Voice>;

export type AdhaanAudioName = keyof typeof VOICES;
/** The audio files served under /api/media/adhaans/<name>.wav. */
export const adhaanAudioNames = Object.keys(VOICES) as AdhaanAudioName[];

export function isAdhaanAudioName(name: string): name is AdhaanAudioName {
  return Object.hasOwn(VOICES, name);
}

function synthesise(v: Voice): Int16Array {
  const totalBeats = v.notes.reduce((s, x) => s + x.beats, 0);
  const total = Math.ceil((totalBeats * v.beatSeconds + v.release + 0.3) * SAMPLE_RATE);
  const mix = new Float64Array(total);
  const norm = v.harmonics.reduce((s, a) => s + a, 0);
  let start = 0;
  for (const note of v.notes) {
    const len = note.beats * v.beatSeconds;
    if (note.step !== null) {
      const freq = v.tonicHz * 2 ** (note.step / 12);
      const first = Math.floor(start * SAMPLE_RATE);
      const count = Math.floor((len + v.release) * SAMPLE_RATE);
      let phase = 0;
      for (let i = 0; i < count && first + i < total; i++) {
        const t = i / SAMPLE_RATE;
        // Attack, a gentle decay while held, then a release after the note's length: no clicks.
        const env =
          t < v.attack
            ? t / v.attack
            : t < len
              ? 1 - 0.25 * ((t - v.attack) / Math.max(len - v.attack, 1e-3))
              : 0.75 * Math.max(0, 1 - (t - len) / v.release);
        const vib = v.vibrato * Math.sin(2 * Math.PI * 5 * t) * Math.min(1, t / 0.3);
        phase += (2 * Math.PI * freq * 2 ** (vib / 12)) / SAMPLE_RATE;
        let s = 0;
        v.harmonics.forEach((a, h) => (s += a * Math.sin((h + 1) * phase)));
        mix[first + i]! += (env * s) / norm;
      }
    }
    start += len;
  }
  const pcm = new Int16Array(total);
  for (let i = 0; i < total; i++) pcm[i] = Math.round(Math.max(-1, Math.min(1, mix[i]! * v.gain)) * 32767);
  return pcm;
}

/** A RIFF/WAVE file of 16-bit little-endian mono PCM samples. */
export function encodeWav(samples: Int16Array, sampleRate = SAMPLE_RATE): Buffer {
  const data = samples.length * 2;
  const buf = Buffer.alloc(44 + data);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + data, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(data, 40);
  for (let i = 0; i < samples.length; i++) buf.writeInt16LE(samples[i]!, 44 + i * 2);
  return buf;
}

const cache = new Map<AdhaanAudioName, Buffer>();

/** The WAV file of an adhaan, synthesised on first use and cached for the process's life. */
export function adhaanWav(name: AdhaanAudioName): Buffer {
  let wav = cache.get(name);
  if (!wav) {
    wav = encodeWav(synthesise(VOICES[name]));
    cache.set(name, wav);
  }
  return wav;
}
