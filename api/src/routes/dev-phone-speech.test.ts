import { fajrCallTwiml } from '@fajr/activities/adapters/telephony/twiml';
import { CALL_LINES, URDU_CLIPS } from '@fajr/activities/domain/call-speech';
import { heardHtml, heardIn, joinedClips } from './dev-phone-speech';

const BASE = 'https://fajr.example';
const ADHAAN = `${BASE}/api/media/adhaans/default.wav`;

describe('the local phone page shows what a call says', () => {
  it('when the call speaks Arabic, then it shows the words in Arabic with the voice, and the adhaan player', () => {
    const twiml = fajrCallTwiml(ADHAAN, undefined, undefined, { language: 'ar', baseUrl: BASE });
    expect(heardIn(twiml)).toEqual([
      { kind: 'say', language: 'ar-XA', voice: 'Google.ar-XA-Standard-A', text: CALL_LINES.ar.wakeUp },
      { kind: 'audio', url: '/api/media/adhaans/default.wav' },
    ]);
    const html = heardHtml(twiml);
    expect(html).toContain(`<div lang="ar" dir="auto">${CALL_LINES.ar.wakeUp}</div>`);
    expect(html).toContain('<audio controls preload="none" src="/api/media/adhaans/default.wav">');
  });

  it('when the call speaks Urdu, then a run of clips shows as one sentence in Urdu with one player of the joined clips', () => {
    const twiml = fajrCallTwiml(ADHAAN, undefined, undefined, {
      language: 'ur',
      baseUrl: BASE,
      clock: { hour: 5, minute: 12 },
    });
    const html = heardHtml(twiml);
    expect(html).toContain('<div lang="ur" dir="auto">');
    expect(html).toContain(`${URDU_CLIPS.get('salaam')} ${URDU_CLIPS.get('wake-up')} ${URDU_CLIPS.get('time-now')}`);
    expect(html).toContain(
      'src="/api/dev/phone/voice/ur.wav?clips=salaam,wake-up,time-now,part-subah,number-5,baj-kar,number-12,minutes-past"',
    );
    expect(html.match(/<audio /g)).toHaveLength(2);
  });

  it('joins clips into one WAV whose sizes add up, and refuses an unknown clip', () => {
    const joined = joinedClips('ur', ['salaam', 'goodbye'])!;
    expect(joined.toString('ascii', 0, 4)).toBe('RIFF');
    expect(joined.readUInt32LE(4)).toBe(joined.length - 8);
    expect(joined.readUInt32LE(40)).toBe(joined.length - 44);
    expect(joinedClips('ur', ['salaam', 'nope'])).toBeNull();
    expect(joinedClips('ar', ['salaam'])).toBeNull();
  });
});
