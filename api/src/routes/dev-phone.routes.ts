import { Router } from 'express';
import { z } from 'zod';
import { LOCAL_OUTCOMES, TelephonyError, type LocalPhoneConsole, type ManualAction } from '@fajr/activities/providers';
import { NotFoundError } from '../errors';
import { parse } from '../middleware/validate';
import { heardHtml, joinedClips } from './dev-phone-speech';

const behaviourBody = z.object({
  phoneNumber: z.string().regex(/^\+[1-9]\d{6,14}$/, 'phoneNumber must be an E.164 number'),
  outcome: z.enum(LOCAL_OUTCOMES as [string, ...string[]]),
  ringMs: z.coerce.number().int().min(0).max(600_000).optional(),
  durationSeconds: z.coerce.number().int().min(0).max(3600).optional(),
  /** The key pressed when a call asks for one (the awake check); '' answers without a key. Default 1. */
  pressKey: z
    .string()
    .regex(/^[0-9*#]{0,2}$/, 'pressKey must be one or two keypad keys (pressed in turn), or empty for none')
    .optional(),
});
const actionParams = z.object({
  sid: z.string().regex(/^CA[0-9a-f]{32}$/, 'Unknown call'),
  action: z.enum(['answer', 'press', 'decline', 'miss', 'voicemail']),
});
const clipsQuery = z.object({
  clips: z.string().regex(/^[a-z0-9-]+(,[a-z0-9-]+){0,40}$/, 'clips must be clip names, comma-separated'),
});
const actionBody = z.object({
  durationSeconds: z.coerce.number().int().min(1).max(3600).default(30),
  /** The keys `press` presses in turn (default 1; a Fajr friend's 9 asks "press 9 again", so 99 stops their calls). */
  digits: z
    .string()
    .regex(/^[0-9*#]{1,2}$/, 'One or two keys: 0-9, * or #')
    .optional(),
});

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * /dev/phone: the local telephony provider's phone, for developers and browser tests (mounted only
 * with TELEPHONY_PROVIDER=local outside production). Set how a number behaves; answer (without a
 * key), answer and press a key (the awake check), decline, miss or send to voicemail a ringing call.
 * Each call shows what it says, in its language, with players for its clips and adhaan. Plain forms,
 * no script (the CSP allows none inline).
 */
export function devPhoneRoutes(phone: LocalPhoneConsole): Router {
  const router = Router();
  const wantsHtml = (accept: string | undefined) => !!accept && accept.includes('text/html');

  router.get('/dev/phone', async (_req, res) => {
    const calls = await phone.recentCalls(30);
    const rows = calls
      .map(
        (c) =>
          `<tr><td>${esc(c.createdAt.toISOString())}</td><td>${esc(c.from)}</td><td>${esc(c.to)}</td><td>${esc(c.status)}</td><td>${esc(c.answeredBy)}</td><td>${esc(c.durationSeconds)}</td><td>${
            c.status === 'ringing'
              ? ['answer', 'press', 'decline', 'miss', 'voicemail']
                  .map(
                    (a) =>
                      `<form method="post" action="/api/dev/phone/calls/${esc(c.sid)}/${a}" style="display:inline"><button>${a}</button></form>`,
                  )
                  .concat(
                    [
                      ['9', "A Fajr friend's stop key: the call asks for it again"],
                      ['99', "A Fajr friend's stop key, then again: their calls stop"],
                    ].map(
                      ([keys, title]) =>
                        `<form method="post" action="/api/dev/phone/calls/${esc(c.sid)}/press" style="display:inline"><input type="hidden" name="digits" value="${keys}"><button title="${title}">press ${keys}</button></form>`,
                    ),
                  )
                  .join(' ')
              : ''
          }</td><td>${c.twiml ? `${heardHtml(c.twiml)}<details><summary>TwiML</summary><pre>${esc(c.twiml)}</pre></details>` : ''}${c.keyReplies
            .map(
              (reply) =>
                `<hr><small>after the key</small>${heardHtml(reply)}<details><summary>TwiML</summary><pre>${esc(reply)}</pre></details>`,
            )
            .join('')}</td></tr>`,
      )
      .join('');
    res.type('html')
      .send(`<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Local phone</title></head><body>
<h1>Local phone (development)</h1>
<h2>How a number behaves</h2>
<form method="post" action="/api/dev/phone/behaviours">
<label>Number <input name="phoneNumber" placeholder="+447700900001" required></label>
<label>Outcome <select name="outcome">${LOCAL_OUTCOMES.map((o) => `<option>${o}</option>`).join('')}</select></label>
<label>Ring ms <input name="ringMs" type="number" value="2000"></label>
<label>Talk s <input name="durationSeconds" type="number" value="30"></label>
<label>Presses key <input name="pressKey" value="1" size="2" title="When a call asks to press a key once awake; empty: answers without one"></label>
<button>Save</button></form>
<h2>Recent calls</h2><table border="1" cellpadding="4"><tr><th>Placed</th><th>From</th><th>To</th><th>Status</th><th>Answered by</th><th>Seconds</th><th></th><th>What the call says</th></tr>${rows}</table>
</body></html>`);
  });

  // A run of a call's recorded clips as one WAV, so the page plays an Urdu line as the phone hears it.
  router.get('/dev/phone/voice/:file', (req, res) => {
    const language = /^([a-z]{2})\.wav$/.exec(req.params.file ?? '')?.[1];
    const { clips } = parse(clipsQuery, req.query);
    const wav = language ? joinedClips(language, clips.split(',')) : null;
    if (!wav) throw new NotFoundError('No such voice clips');
    res.type('audio/wav').send(wav);
  });

  router.get('/dev/phone/calls', async (_req, res) => {
    res.json({ result: await phone.recentCalls(100) });
  });

  router.post('/dev/phone/behaviours', async (req, res) => {
    const b = parse(behaviourBody, req.body);
    await phone.setBehaviour(b.phoneNumber, {
      outcome: b.outcome as (typeof LOCAL_OUTCOMES)[number],
      ringMs: b.ringMs,
      durationSeconds: b.durationSeconds,
      pressKey: b.pressKey,
    });
    if (wantsHtml(req.get('accept'))) res.redirect(303, '/api/dev/phone');
    else res.json({ message: 'Behaviour saved' });
  });

  router.post('/dev/phone/calls/:sid/:action', async (req, res) => {
    const { sid, action } = parse(actionParams, req.params);
    const { durationSeconds, digits } = parse(actionBody, req.body ?? {});
    const manual: ManualAction =
      action === 'press'
        ? { action, durationSeconds, digits }
        : action === 'answer'
          ? { action, durationSeconds }
          : { action };
    try {
      const call = await phone.act(sid, manual);
      if (wantsHtml(req.get('accept'))) res.redirect(303, '/api/dev/phone');
      else res.json({ result: call });
    } catch (err) {
      if (err instanceof TelephonyError) throw new NotFoundError('Unknown call');
      throw err;
    }
  });
  return router;
}
