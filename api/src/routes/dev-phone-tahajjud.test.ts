import { fajrCallTwiml } from '@fajr/activities/adapters/telephony/twiml';
import { CALL_LINES, URDU_CLIPS } from '@fajr/activities/domain/call-speech';
import { heardHtml, heardIn, joinedClips } from './dev-phone-speech';

const BASE = 'https://fajr.example';
const ADHAAN = `${BASE}/api/media/adhaans/default.wav`;

/** Issue 47 point 4: the local phone page plays a tahajjud call as it would be heard. */
describe('the local phone page plays a tahajjud call', () => {
  it('when the call speaks Arabic, then it shows the tahajjud opening, not the Fajr one', () => {
    const twiml = fajrCallTwiml(ADHAAN, undefined, undefined, { language: 'ar', baseUrl: BASE, tahajjud: true });
    expect(heardIn(twiml)[0]).toMatchObject({ kind: 'say', text: CALL_LINES.ar.tahajjudWakeUp });
    expect(heardHtml(twiml)).toContain(`<div lang="ar" dir="auto">${CALL_LINES.ar.tahajjudWakeUp}</div>`);
  });

  it('when the call speaks Urdu, then its clips play joined, the new tahajjud clip among them', () => {
    const twiml = fajrCallTwiml(ADHAAN, undefined, undefined, { language: 'ur', baseUrl: BASE, tahajjud: true });
    const html = heardHtml(twiml);
    expect(html).toContain(`${URDU_CLIPS.get('salaam')} ${URDU_CLIPS.get('tahajjud-wake-up')}`);
    expect(html).toContain('src="/api/dev/phone/voice/ur.wav?clips=salaam,tahajjud-wake-up"');
    // The clip's recording is there to be played (npm run voice-clips made it).
    const joined = joinedClips('ur', ['salaam', 'tahajjud-wake-up'])!;
    expect(joined.readUInt32LE(40)).toBeGreaterThan(joinedClips('ur', ['salaam'])!.readUInt32LE(40));
  });
});
