import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  CALL_LANGUAGES,
  CALL_LINES,
  CALL_VOICES,
  URDU_CLIPS,
  VOICE_CLIPS_DIR,
  clockOf,
  urduTimeClips,
  type CallLanguage,
} from '../../domain/call-speech';
import { HINDI_DIGITS_VOICE, nameVoice } from '../../domain/call-speech/voices';
import { awakeKeyUrl, signCallback } from './signature';
import { twilioFormatStatusCallbacks } from './status-callback';
import { fajrCallTwiml } from './twiml';
import { voiceCodeTwiml } from './voice-code';

const BASE = 'https://fajr.example';
const ADHAAN = `${BASE}/api/media/adhaans/default.wav`;
const KEY_URL = `${BASE}/api/webhooks/twilio/awake?attempt=a`;
const clip = (name: string) => `<Play>${BASE}/api/media/voice/ur/${name}.wav</Play>`;
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const VOICED = CALL_LANGUAGES.filter((l) => l !== 'ur');

describe('the call speaks its language', () => {
  it.each(VOICED)(
    'when the call language is %s, then every <Say> names its voice and language and says its words',
    (language) => {
      const voice = CALL_VOICES[language]!;
      // A voice of Twilio's list for that language's locale (Google.<locale>-…).
      expect(voice.voice.startsWith(`Google.${voice.language}-`)).toBe(true);
      const xml = fajrCallTwiml(ADHAAN, KEY_URL, undefined, { language, baseUrl: BASE, clock: { hour: 5, minute: 7 } });
      const lines = CALL_LINES[language];
      const say = `<Say voice="${voice.voice}" language="${voice.language}">`;
      expect(xml).toContain(
        `${say}${xmlText(`${lines.wakeUp} ${lines.timeIs({ hour: 5, minute: 7 })} ${lines.pressAKey}`)}</Say>`,
      );
      expect(xml).toContain(`${say}${xmlText(lines.noKey)}</Say>`);
      expect(xml.match(/<Say /g)).toHaveLength(2);
      expect(xml).not.toContain('/api/media/voice/');
    },
  );

  it('when the call language is Urdu, then the call plays the clips (the time from number clips) and says nothing', () => {
    const xml = fajrCallTwiml(ADHAAN, KEY_URL, undefined, {
      language: 'ur',
      baseUrl: BASE,
      clock: { hour: 5, minute: 12 },
    });
    expect(xml).not.toContain('<Say');
    expect(xml).toContain(
      ['salaam', 'wake-up', 'time-now', 'part-subah', 'number-5', 'baj-kar', 'number-12', 'minutes-past', 'press-a-key']
        .map(clip)
        .join('') + `<Play>${ADHAAN}</Play></Gather>${clip('no-key')}</Response>`,
    );
  });

  it('when a test or repeated call speaks, then its notice comes first, in its language', () => {
    const test = fajrCallTwiml(ADHAAN, undefined, undefined, { language: 'bn', baseUrl: BASE, notice: 'test' });
    expect(test).toContain(`>${CALL_LINES.bn.testNotice} ${CALL_LINES.bn.wakeUp}</Say>`);
    const repeat = fajrCallTwiml(ADHAAN, undefined, undefined, { language: 'ur', baseUrl: BASE, notice: 'repeat' });
    expect(repeat).toContain(`<Response>${clip('repeat-notice')}${clip('salaam')}${clip('wake-up')}<Play>${ADHAAN}`);
  });

  it("when a Fajr friend's call is in Urdu, then the names are read by a voice between the clips", () => {
    const xml = fajrCallTwiml(
      ADHAAN,
      KEY_URL,
      { firstName: 'Yusuf', inviterName: 'عائشہ' },
      { language: 'ur', baseUrl: BASE },
    );
    expect(xml).toContain(
      clip('salaam') +
        '<Say voice="Google.en-IN-Standard-A" language="en-IN">Yusuf</Say>' +
        '<Say voice="Google.ar-XA-Standard-A" language="ar-XA">عائشہ</Say>' +
        clip('friend-asked') +
        clip('friend-stop'),
    );
  });

  it("when a Fajr friend's call is in Turkish, then the greeting and stop key are Turkish", () => {
    const xml = fajrCallTwiml(
      ADHAAN,
      KEY_URL,
      { firstName: 'Yusuf', inviterName: 'Amina' },
      { language: 'tr', baseUrl: BASE },
    );
    expect(xml).toContain(
      `<Say voice="Google.tr-TR-Standard-A" language="tr-TR">${xmlText(`${CALL_LINES.tr.friendGreeting('Yusuf', 'Amina')} ${CALL_LINES.tr.friendStop}`)}</Say>`,
    );
  });

  it('when a code is read out in Arabic or Urdu, then the words are that language and no digit is in a URL', () => {
    const arabic = voiceCodeTwiml('402719', 'ar', BASE);
    expect(arabic).toContain(
      `<Say voice="Google.ar-XA-Standard-A" language="ar-XA">${CALL_LINES.ar.codeIntro}: 4, 0, 2, 7, 1, 9.</Say>`,
    );
    const urdu = voiceCodeTwiml('402719', 'ur', BASE);
    expect(urdu).toContain(
      `${clip('code-intro')}<Say voice="Google.hi-IN-Standard-A" language="hi-IN">4, 0, 2, 7, 1, 9.</Say>`,
    );
    expect(urdu).not.toMatch(/number-\d/);
  });

  it('when a key answers an Urdu call, then the signed URL carries the language and the answers play its clips', () => {
    const url = awakeKeyUrl({ PUBLIC_BASE_URL: BASE }, 'fajr-call:u:2026-11-23#1', 'ur');
    expect(url).toMatch(/&lang=ur/);
    expect(awakeKeyUrl({ PUBLIC_BASE_URL: BASE }, 'k')).not.toContain('lang=');
    const callbacks = twilioFormatStatusCallbacks('token-0123456789abcdef', BASE);
    const pathAndQuery = url.slice(BASE.length);
    const params = { CallSid: `CA${'3'.repeat(32)}`, Digits: '1' };
    const signature = signCallback('token-0123456789abcdef', url, params);
    const event = callbacks.parseAwakeKey({ pathAndQuery, signature, params });
    expect(event.language).toBe('ur');
    expect(callbacks.awakeKeyReply(true, event.language)).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response>${clip('awake-confirmed')}<Hangup/></Response>`,
    );
    expect(callbacks.friendKeptReply('fr')).toContain(`language="fr-FR">${xmlText(CALL_LINES.fr.friendKept)}</Say>`);
    // An unknown lang (never one we sign) reads as English.
    const odd = `${BASE}/api/webhooks/twilio/awake?attempt=k&lang=xx`;
    const oddEvent = callbacks.parseAwakeKey({
      pathAndQuery: odd.slice(BASE.length),
      signature: signCallback('token-0123456789abcdef', odd, params),
      params,
    });
    expect(oddEvent.language).toBe('en');
  });
});

describe("the voices are Twilio's", () => {
  // The twilio package types <Say>'s voices and languages from Twilio's text-to-speech list.
  const types = readFileSync(require.resolve('twilio/lib/twiml/VoiceResponse.d.ts'), 'utf8');
  const union = (name: string) =>
    new Set([...new RegExp(`type ${name} = ([^;]*);`).exec(types)![1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]));
  const voices = union('SayVoice');
  const languages = union('SayLanguage');

  it('every voice we name is one Twilio lists, with a language it lists', () => {
    const ours = [
      ...CALL_LANGUAGES.flatMap((l) => CALL_VOICES[l] ?? []),
      nameVoice('Yusuf'),
      nameVoice('یوسف'),
      HINDI_DIGITS_VOICE,
    ];
    for (const v of ours) {
      expect(voices).toContain(v.voice);
      expect(languages).toContain(v.language);
    }
  });

  it('Twilio has no Urdu voice: hence the clips', () => {
    expect([...languages].filter((l) => l!.toLowerCase().startsWith('ur'))).toEqual([]);
    expect([...voices].filter((v) => /\bur-/.test(v!))).toEqual([]);
  });
});

describe('the lines and the clips', () => {
  it.each(CALL_LANGUAGES.filter((l) => l !== 'en'))(
    'every %s line is translated (none is the English)',
    (language: CallLanguage) => {
      const lines = CALL_LINES[language];
      for (const key of Object.keys(CALL_LINES.en) as (keyof typeof lines)[]) {
        const said = (l: typeof lines) => {
          const v = l[key];
          if (key === 'jamaahChange') return l.jamaahChange('Masjid Bilal', { hour: 6, minute: 15 });
          return typeof v === 'function' ? (v as (a: string, b: string) => string)('Yusuf', 'Amina') : v;
        };
        if (key === 'timeIs') continue;
        expect(said(lines)).not.toBe(said(CALL_LINES.en));
        expect(said(lines).length).toBeGreaterThan(1);
      }
    },
  );

  it('the time is read the Urdu way: the part of the day, the hour, the minutes past', () => {
    expect(urduTimeClips({ hour: 5, minute: 0 })).toEqual(['time-now', 'part-subah', 'number-5', 'baje-hain']);
    expect(urduTimeClips({ hour: 0, minute: 30 })).toEqual([
      'time-now',
      'part-raat',
      'number-12',
      'baj-kar',
      'number-30',
      'minutes-past',
    ]);
    expect(urduTimeClips({ hour: 13, minute: 59 })).toContain('part-dopahar');
    expect(CALL_LINES.en.timeIs({ hour: 17, minute: 5 })).toBe('It is 5:05 PM.');
    expect(clockOf(new Date('2026-11-28T04:12:00Z'), 'Asia/Karachi')).toEqual({ hour: 9, minute: 12 });
    expect(clockOf(new Date('2026-11-28T04:12:00Z'), 'Not/AZone')).toEqual({ hour: 4, minute: 12 });
  });

  it('every Urdu clip has its file, every file is a clip, and all of them stay under 2 MB', () => {
    const dir = path.join(VOICE_CLIPS_DIR, 'ur');
    const files = readdirSync(dir).filter((f) => f.endsWith('.wav'));
    expect(files.map((f) => f.replace(/\.wav$/, '')).sort()).toEqual([...URDU_CLIPS.keys()].sort());
    const bytes = files.reduce((sum, f) => sum + statSync(path.join(dir, f)).size, 0);
    expect(bytes).toBeLessThan(2 * 1024 * 1024);
  });
});
