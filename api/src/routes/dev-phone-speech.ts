import { isVoiceClip, URDU_CLIPS, voiceClipWav } from '@fajr/activities/domain/call-speech';

/** One thing a call says, read back from its TwiML: a voice's words, a recorded clip, or a recording (the adhaan). */
type Heard =
  | { kind: 'say'; language: string; voice: string; text: string }
  | { kind: 'clip'; language: string; clip: string; text: string }
  | { kind: 'audio'; url: string };

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const attr = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1] ?? '';

/** What a call's TwiML says and plays, in order. */
export function heardIn(twiml: string): Heard[] {
  const heard: Heard[] = [];
  for (const m of twiml.matchAll(/<Say\b([^>]*)>([\s\S]*?)<\/Say>|<Play\b[^>]*>([^<]*)<\/Play>/g)) {
    if (m[2] !== undefined) {
      heard.push({
        kind: 'say',
        language: attr(m[1]!, 'language'),
        voice: attr(m[1]!, 'voice'),
        text: unescapeXml(m[2]),
      });
      continue;
    }
    const url = unescapeXml(m[3]!);
    const clip = /\/api\/media\/voice\/([a-z]+)\/([a-z0-9-]+)\.wav$/.exec(url);
    if (clip && isVoiceClip(clip[1]!, clip[2]!))
      heard.push({ kind: 'clip', language: clip[1]!, clip: clip[2]!, text: URDU_CLIPS.get(clip[2]!)! });
    else heard.push({ kind: 'audio', url: url.replace(/^https?:\/\/[^/]+/, '') });
  }
  return heard;
}

/**
 * The call's speech as the phone page shows it: each line in its language (its script's direction),
 * a run of clips as one sentence with one player (GET /api/dev/phone/voice/<language>.wav?clips=…),
 * and the adhaan's player.
 */
export function heardHtml(twiml: string): string {
  const out: string[] = [];
  const heard = heardIn(twiml);
  for (let i = 0; i < heard.length; i++) {
    const h = heard[i]!;
    if (h.kind === 'say') {
      const lang = h.language.split('-')[0];
      // The words in their own element: `dir="auto"` takes the direction of the words, not of the voice's name.
      out.push(`<div><small>${esc(h.voice)}</small><div lang="${esc(lang)}" dir="auto">${esc(h.text)}</div></div>`);
    } else if (h.kind === 'audio') {
      out.push(`<p><small>adhaan</small><br><audio controls preload="none" src="${esc(h.url)}"></audio></p>`);
    } else {
      // Consecutive clips of one language: one sentence, one player.
      const run = [h];
      while (heard[i + 1]?.kind === 'clip' && (heard[i + 1] as typeof h).language === h.language)
        run.push(heard[++i] as typeof h);
      const src = `/api/dev/phone/voice/${h.language}.wav?clips=${run.map((c) => c.clip).join(',')}`;
      out.push(
        `<div><small>clips</small><div lang="${esc(h.language)}" dir="auto">${esc(run.map((c) => c.text).join(' '))}</div>` +
          `<audio controls preload="none" src="${esc(src)}"></audio></div>`,
      );
    }
  }
  return out.join('');
}

/** The PCM data of a WAV clip, and its format bytes (sample rate, channels, bits) to check clips agree. */
function pcmOf(wav: Buffer): { format: string; data: Buffer } | null {
  let offset = 12;
  let format = '';
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') format = wav.subarray(offset + 8, offset + 8 + 16).toString('hex');
    if (id === 'data') return format ? { format, data: wav.subarray(offset + 8, offset + 8 + size) } : null;
    offset += 8 + size + (size % 2);
  }
  return null;
}

/** Clips played one after another as one WAV (all clips of a language share one format); null if any is unknown or differs. */
export function joinedClips(language: string, clips: string[]): Buffer | null {
  const parts = [];
  for (const clip of clips) {
    const wav = isVoiceClip(language, clip) ? voiceClipWav(language, clip) : null;
    const pcm = wav && pcmOf(wav);
    if (!wav || !pcm || (parts[0] && parts[0].format !== pcm.format)) return null;
    parts.push({ ...pcm, header: wav.subarray(0, 36) });
  }
  if (!parts.length) return null;
  const data = Buffer.concat(parts.map((p) => p.data));
  const head = Buffer.from(parts[0]!.header);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(36 + data.length, 4);
  const dataHead = Buffer.alloc(8);
  dataHead.write('data', 0, 'ascii');
  dataHead.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, dataHead, data]);
}
