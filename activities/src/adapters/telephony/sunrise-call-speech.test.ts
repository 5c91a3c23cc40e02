import { CALL_LINES } from '../../domain/call-speech';
import { fajrCallTwiml } from './twiml';

const ADHAAN = 'https://example.org/adhaan.wav';
const KEY_URL = 'https://example.org/api/webhooks/twilio/awake?attempt=a';

/** The last call before sunrise (issue 47 point 1): what it says, in every call language. */
describe('the last call before sunrise says how long is left', () => {
  it('in English, after the opening and before the time: "Twenty minutes until sunrise."', () => {
    const xml = fajrCallTwiml(ADHAAN, KEY_URL, undefined, {
      language: 'en',
      baseUrl: 'https://example.org',
      clock: { hour: 4, minute: 23 },
      sunriseMinutes: 20,
    });
    expect(xml).toContain(
      'Assalamu alaikum. It is time for Fajr. Wake up for the prayer. Twenty minutes until sunrise. It is 4:23 AM. Press any key once you are awake.',
    );
  });

  it('in each language, with the number said as that language says it', () => {
    expect(CALL_LINES.en.sunriseIn(35)).toBe('Thirty-five minutes until sunrise.');
    expect(CALL_LINES.ar.sunriseIn(20)).toBe('بقيت 20 دقيقة على شروق الشمس.');
    expect(CALL_LINES.ar.sunriseIn(5)).toBe('بقيت 5 دقائق على شروق الشمس.');
    expect(CALL_LINES.bn.sunriseIn(20)).toBe('সূর্যোদয়ের আর ২০ মিনিট বাকি।');
    expect(CALL_LINES.tr.sunriseIn(20)).toBe('Güneşin doğmasına 20 dakika kaldı.');
    expect(CALL_LINES.fr.sunriseIn(20)).toBe('Il reste 20 minutes avant le lever du soleil.');
    expect(CALL_LINES.id.sunriseIn(20)).toBe('Matahari terbit 20 menit lagi.');
    expect(CALL_LINES.ms.sunriseIn(20)).toBe('Matahari akan terbit dalam 20 minit lagi.');
  });

  it('in Urdu, as recorded clips: "سورج نکلنے میں" + the number + "منٹ باقی ہیں"', () => {
    const xml = fajrCallTwiml(ADHAAN, KEY_URL, undefined, {
      language: 'ur',
      baseUrl: 'https://example.org',
      sunriseMinutes: 20,
    });
    const clips = [...xml.matchAll(/voice\/ur\/([\w-]+)\.wav/g)].map((m) => m[1]);
    expect(clips).toEqual(['salaam', 'wake-up', 'sunrise-in', 'number-20', 'minutes-left', 'press-a-key', 'no-key']);
  });
});
