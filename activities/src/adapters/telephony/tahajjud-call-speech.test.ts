import { CALL_LANGUAGES, CALL_LINES } from '../../domain/call-speech';
import { fajrCallTwiml } from './twiml';

const ADHAAN = 'https://example.org/adhaan.wav';
const KEY_URL = 'https://example.org/api/webhooks/twilio/awake?attempt=a';

/** A tahajjud call (issue 47 point 4): its own opening, in every call language. */
describe('a tahajjud call opens with the night’s last third', () => {
  it('in English, in place of the Fajr opening, then the time', () => {
    const xml = fajrCallTwiml(ADHAAN, KEY_URL, undefined, {
      language: 'en',
      baseUrl: 'https://example.org',
      clock: { hour: 1, minute: 9 },
      tahajjud: true,
    });
    expect(xml).toContain(
      'Assalamu alaikum. It is the last third of the night. Rise for tahajjud. It is 1:09 AM. Press any key once you are awake.',
    );
    expect(xml).not.toContain('It is time for Fajr');
    // Without a key the call asks again for tahajjud, not for Fajr.
    expect(xml).toContain('We did not hear a key. Please get up for tahajjud.');
  });

  it('in each language, in the words its Muslims use for tahajjud', () => {
    expect(CALL_LINES.ar.tahajjudWakeUp).toBe('السلام عليكم. حلّ الثلث الأخير من الليل. قم لصلاة التهجد.');
    expect(CALL_LINES.ur.tahajjudWakeUp).toContain('تہجد');
    expect(CALL_LINES.bn.tahajjudWakeUp).toContain('তাহাজ্জুদ');
    expect(CALL_LINES.id.tahajjudWakeUp).toBe(
      'Assalamualaikum. Sekarang sepertiga malam terakhir. Bangunlah untuk salat tahajud.',
    );
    expect(CALL_LINES.ms.tahajjudWakeUp).toContain('solat tahajud');
    expect(CALL_LINES.tr.tahajjudWakeUp).toContain('Teheccüd');
    expect(CALL_LINES.fr.tahajjudWakeUp).toContain('tahajjud');
    for (const language of CALL_LANGUAGES)
      expect(CALL_LINES[language].tahajjudWakeUp).not.toBe(CALL_LINES[language].wakeUp);
  });

  it('in Urdu, as recorded clips: the greeting, then the tahajjud clip', () => {
    const xml = fajrCallTwiml(ADHAAN, KEY_URL, undefined, {
      language: 'ur',
      baseUrl: 'https://example.org',
      tahajjud: true,
    });
    const clips = [...xml.matchAll(/voice\/ur\/([\w-]+)\.wav/g)].map((m) => m[1]);
    expect(clips).toEqual(['salaam', 'tahajjud-wake-up', 'press-a-key', 'tahajjud-no-key']);
  });
});
