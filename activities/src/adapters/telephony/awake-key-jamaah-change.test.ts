import { CALL_LANGUAGES, CALL_LINES, CALL_VOICES, lineText } from '../../domain/call-speech';
import { WebhookSignatureError } from '../errors';
import { JAMAAH_CHANGE_PARAM, jamaahChangeParam, readJamaahChangeParam } from './jamaah-change-param';
import { awakeKeyUrl, signCallback } from './signature';
import { twilioFormatStatusCallbacks } from './status-callback';
import { awakeKeyReplyTwiml, fajrCallTwiml } from './twiml';

const BASE = 'https://fajr.example';
const TOKEN = 'token-0123456789abcdef';
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const change = { mosqueName: "Masjid Al-Huda (Women's entrance)", clock: { hour: 6, minute: 15 } };

/** The key press the provider posts to the `<Gather action>` of `twiml`, signed as Twilio signs it. */
function keyPressTo(twiml: string) {
  const action = /<Gather\b[^>]*\baction="([^"]*)"/.exec(twiml)![1]!.replace(/&amp;/g, '&');
  const pathAndQuery = action.slice(BASE.length);
  const params = { CallSid: `CA${'3'.repeat(32)}`, Digits: '1' };
  return { pathAndQuery, params, signature: signCallback(TOKEN, action, params) };
}

// Issue 46 point 4: a key press cuts the call's own words short, so the key's answer tells of tomorrow again.
describe("the awake check's key, on the morning before the mosque's jama'ah moves", () => {
  const callbacks = twilioFormatStatusCallbacks(TOKEN, BASE);

  it.each(CALL_LANGUAGES)(
    'when a %s call is answered and the key pressed, then the answer thanks them and says the change in that language',
    (language) => {
      const url = awakeKeyUrl({ PUBLIC_BASE_URL: BASE }, 'fajr-call:u:2026-11-23#1', language, change);
      const twiml = fajrCallTwiml(`${BASE}/a.wav`, url, undefined, { language, baseUrl: BASE, jamaahChange: change });
      const event = callbacks.parseAwakeKey(keyPressTo(twiml));
      expect(event).toMatchObject({ attemptKey: 'fajr-call:u:2026-11-23#1', language, jamaahChange: change });
      const reply = callbacks.awakeKeyReply(true, event.language, event.jamaahChange);
      expect(reply).toMatch(/<Hangup\/><\/Response>$/);
      const voice = CALL_VOICES[language];
      if (voice) {
        const said = `${CALL_LINES[language].awakeConfirmed} ${lineText(language, { line: 'jamaahChange', ...change })}`;
        expect(reply).toContain(`<Say voice="${voice.voice}" language="${voice.language}">${xmlText(said)}</Say>`);
      } else {
        // Urdu: the thanks and the change as clips, the mosque's name read by a voice.
        expect(reply).toMatch(
          /awake-confirmed\.wav<\/Play><Play>[^<]*from-tomorrow\.wav<\/Play><Say [^>]*>Masjid Al-Huda/,
        );
      }
    },
  );

  it('when the call tells of no change, then the answer is the thanks alone; without a key, it only hangs up', () => {
    const url = awakeKeyUrl({ PUBLIC_BASE_URL: BASE }, 'a#1', 'en');
    expect(url).not.toContain(`${JAMAAH_CHANGE_PARAM}=`);
    const event = callbacks.parseAwakeKey(keyPressTo(fajrCallTwiml(`${BASE}/a.wav`, url)));
    expect(event).not.toHaveProperty('jamaahChange');
    expect(callbacks.awakeKeyReply(true, 'en', event.jamaahChange)).toBe(awakeKeyReplyTwiml(true));
    expect(awakeKeyReplyTwiml(false, { language: 'en', baseUrl: BASE }, change)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>',
    );
  });

  it('the change rides in the signed URL: a name in any script comes back whole, a changed one fails the signature', () => {
    const arabic = { mosqueName: 'مسجد النور', clock: { hour: 5, minute: 0 } };
    expect(readJamaahChangeParam(jamaahChangeParam(arabic))).toEqual(arabic);
    expect(jamaahChangeParam(arabic)).toMatch(/^0500\.[A-Za-z0-9_-]+$/);
    expect(jamaahChangeParam({ ...arabic, mosqueName: 'x'.repeat(301) })).toBeUndefined();
    for (const bad of [undefined, '', '2460.TWFzamlk', '0615', '0615.', '0615.!!', '615.TWFzamlk'])
      expect(readJamaahChangeParam(bad)).toBeUndefined();

    const url = awakeKeyUrl({ PUBLIC_BASE_URL: BASE }, 'a#1', 'en', change);
    const press = keyPressTo(fajrCallTwiml(`${BASE}/a.wav`, url));
    const forged = press.pathAndQuery.replace(/jc=\d{4}/, 'jc=0700');
    expect(forged).not.toBe(press.pathAndQuery);
    expect(() => callbacks.parseAwakeKey({ ...press, pathAndQuery: forged })).toThrow(WebhookSignatureError);
  });
});
