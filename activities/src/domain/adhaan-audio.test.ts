import { adhaanAudioNames, adhaanWav, isAdhaanAudioName } from './adhaan-audio';

describe('adhaan audio', () => {
  it('is a valid 16-bit mono PCM WAV of a few seconds', () => {
    for (const name of adhaanAudioNames) {
      const wav = adhaanWav(name);
      expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
      expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
      expect(wav.readUInt16LE(20)).toBe(1);
      expect(wav.readUInt16LE(22)).toBe(1);
      expect(wav.readUInt16LE(34)).toBe(16);
      const rate = wav.readUInt32LE(24);
      const dataBytes = wav.readUInt32LE(40);
      expect(dataBytes).toBe(wav.length - 44);
      const seconds = dataBytes / 2 / rate;
      expect(seconds).toBeGreaterThan(3);
      expect(seconds).toBeLessThan(15);
    }
  });

  it('is audible, not clipped, and silent at its edges (no clicks)', () => {
    const wav = adhaanWav('default');
    const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));
    const peak = samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
    expect(peak).toBeGreaterThan(5000);
    expect(peak).toBeLessThan(32767);
    expect(Math.abs(samples[0]!)).toBeLessThan(100);
    expect(Math.abs(samples[samples.length - 1]!)).toBeLessThan(100);
  });

  it('gives each adhaan its own sound and caches it', () => {
    expect(adhaanWav('default').equals(adhaanWav('gentle'))).toBe(false);
    expect(adhaanWav('gentle')).toBe(adhaanWav('gentle'));
    expect(isAdhaanAudioName('default')).toBe(true);
    expect(isAdhaanAudioName('constructor')).toBe(false);
    expect(isAdhaanAudioName('../etc')).toBe(false);
  });
});
