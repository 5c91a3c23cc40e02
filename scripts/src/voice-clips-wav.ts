/** Just enough WAV for the voice clips: read espeak-ng's 16-bit mono PCM, trim, resample, write. */

/** The samples (-1…1) and rate of a 16-bit mono PCM WAV (espeak-ng's --stdout may leave the sizes unset). */
export function decodeWav(buf: Buffer): { samples: Float32Array; rate: number } {
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('Not a WAV file');
  let offset = 12;
  let rate = 0;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      const format = buf.readUInt16LE(offset + 8);
      const channels = buf.readUInt16LE(offset + 10);
      const bits = buf.readUInt16LE(offset + 22);
      if (format !== 1 || channels !== 1 || bits !== 16) throw new Error('Expected 16-bit mono PCM');
      rate = buf.readUInt32LE(offset + 12);
    } else if (id === 'data') {
      // A streamed WAV's data size is 0 or 0xffffffff: the data runs to the end of the file.
      const end = size === 0 || offset + 8 + size > buf.length ? buf.length : offset + 8 + size;
      const count = Math.floor((end - offset - 8) / 2);
      const samples = new Float32Array(count);
      for (let i = 0; i < count; i++) samples[i] = buf.readInt16LE(offset + 8 + i * 2) / 32768;
      return { samples, rate };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('WAV without data');
}

/** A RIFF/WAVE file of 16-bit little-endian mono PCM samples. */
export function encodeWav(samples: Float32Array, rate: number): Buffer {
  const buf = Buffer.alloc(44 + samples.length * 2);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + samples.length * 2, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++)
    buf.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), 44 + i * 2);
  return buf;
}

/**
 * Cuts the silence espeak-ng puts before and after its speech, keeping `padSeconds` at each end so
 * clips played one after another sound like one sentence with short breaths, not a stutter.
 */
export function trimSilence(samples: Float32Array, rate: number, padSeconds = 0.06, threshold = 0.01): Float32Array {
  let start = 0;
  while (start < samples.length && Math.abs(samples[start]!) < threshold) start++;
  let end = samples.length - 1;
  while (end > start && Math.abs(samples[end]!) < threshold) end--;
  const pad = Math.round(padSeconds * rate);
  return samples.slice(Math.max(0, start - pad), Math.min(samples.length, end + 1 + pad));
}

/**
 * Resamples with a Hann-windowed sinc low-pass below the new Nyquist frequency (no aliasing hiss on
 * the 22,050 → 8,000 Hz step).
 */
export function resample(samples: Float32Array, from: number, to: number, taps = 24): Float32Array {
  const ratio = from / to;
  const cutoff = Math.min(1, to / from) * 0.45; // of the input rate: 3.6 kHz for 8 kHz out
  const out = new Float32Array(Math.floor(samples.length / ratio));
  for (let i = 0; i < out.length; i++) {
    const t = i * ratio;
    const centre = Math.floor(t);
    let sum = 0;
    for (let k = centre - taps + 1; k <= centre + taps; k++) {
      if (k < 0 || k >= samples.length) continue;
      const d = t - k;
      const sinc = d === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * d) / (Math.PI * d);
      const window = 0.5 + 0.5 * Math.cos((Math.PI * d) / taps);
      sum += samples[k]! * sinc * window;
    }
    out[i] = sum;
  }
  return out;
}
