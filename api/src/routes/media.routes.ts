import { createHash } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { adhaanWav, isAdhaanAudioName } from '@fajr/activities/domain/adhaan-audio';
import { isVoiceClip, voiceClipWav } from '@fajr/activities/domain/call-speech';
import { NotFoundError } from '../errors';

const etags = new Map<string, string>();

function etagOf(name: string, body: Buffer): string {
  let tag = etags.get(name);
  if (!tag) {
    tag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    etags.set(name, tag);
  }
  return tag;
}

/** Answers a single `bytes=` range (what audio elements ask for); other range forms get the whole file. */
function send(req: Request, res: Response, body: Buffer, etag: string) {
  res.set({
    'Content-Type': 'audio/wav',
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'public, max-age=86400',
    ETag: etag,
    // Played by the web app's audio element and fetched by the telephony provider.
    'Cross-Origin-Resource-Policy': 'cross-origin',
  });
  if (req.headers['if-none-match'] === etag) {
    res.status(304).end();
    return;
  }
  const range = req.headers.range;
  const m = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  const ifRange = req.headers['if-range'];
  if (m && (!ifRange || ifRange === etag)) {
    const size = body.length;
    let start = m[1] ? Number(m[1]) : NaN;
    let end = m[2] ? Number(m[2]) : NaN;
    if (!m[1] && m[2]) {
      // Suffix range: the last N bytes.
      start = Math.max(0, size - Number(m[2]));
      end = size - 1;
    } else if (m[1] && !m[2]) {
      end = size - 1;
    }
    if (Number.isNaN(start) || Number.isNaN(end) || start > end || start >= size) {
      res.status(416).set('Content-Range', `bytes */${size}`).json({ error: 'Requested range not satisfiable' });
      return;
    }
    end = Math.min(end, size - 1);
    res
      .status(206)
      .set({ 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) });
    res.end(body.subarray(start, end + 1));
    return;
  }
  res.set('Content-Length', String(body.length));
  res.end(body);
}

/**
 * GET /media/adhaans/<name>.wav: the adhaan recordings the project synthesises (previews and calls).
 * GET /media/voice/<language>/<clip>.wav: a call language's recorded clips (Urdu: Twilio has no Urdu
 * voice, so its calls play these; docs/LANGUAGES.md), fetched by the provider during a call.
 */
export function mediaRoutes(): Router {
  const router = Router();
  router.get('/media/adhaans/:file', (req, res) => {
    const m = /^([a-z0-9-]+)\.wav$/.exec(req.params.file ?? '');
    const name = m?.[1];
    if (!name || !isAdhaanAudioName(name)) throw new NotFoundError('No such adhaan recording');
    const body = adhaanWav(name);
    send(req, res, body, etagOf(name, body));
  });
  router.get('/media/voice/:language/:file', (req, res) => {
    const clip = /^([a-z0-9-]+)\.wav$/.exec(req.params.file ?? '')?.[1];
    const language = req.params.language ?? '';
    const body = clip && isVoiceClip(language, clip) ? voiceClipWav(language, clip) : null;
    if (!clip || !body) throw new NotFoundError('No such voice clip');
    send(req, res, body, etagOf(`voice/${language}/${clip}`, body));
  });
  return router;
}
