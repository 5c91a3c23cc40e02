import { LANGUAGES } from '../src/contracts/languages.contract';
import { CALL_LANGUAGES } from '@fajr/activities/domain/call-speech';
import { useApi } from '@fajr/scripts/testing/api';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';

jest.setTimeout(60_000);

const h = useApi({ userPreferences: LONDON_PREFS });

const setCallLanguage = (token: string | undefined, body: unknown) =>
  h.api('PUT', '/api/users/call-language', { ...(token ? { token } : {}), body });
const stored = async (id: string) => (await h.db('users').where({ id }).first('call_language')).call_language;

describe('PUT /api/users/call-language', () => {
  it('the calls speak the languages the app speaks', () => {
    expect([...CALL_LANGUAGES]).toEqual([...LANGUAGES]);
  });

  it('when a user chooses Urdu for the calls, then the account keeps it and answers the user with it; null goes back to the app language', async () => {
    const u = await h.user();
    const r = await setCallLanguage(u.token, { callLanguage: 'ur' });
    expect(r.status).toBe(200);
    expect(r.body.result.user).toMatchObject({ id: u.id, callLanguage: 'ur', language: 'en' });
    expect(await stored(u.id)).toBe('ur');
    const back = await setCallLanguage(u.token, { callLanguage: null });
    expect(back.status).toBe(200);
    expect(back.body.result.user.callLanguage).toBeNull();
    expect(await stored(u.id)).toBeNull();
  });

  it.each([['xx'], ['UR'], [''], [7]])(
    'when the call language is %p, then 400 naming the allowed codes, and the account keeps its own',
    async (callLanguage) => {
      const u = await h.user();
      await setCallLanguage(u.token, { callLanguage: 'bn' });
      const r = await setCallLanguage(u.token, { callLanguage });
      expect(r.status).toBe(400);
      expect(r.body.error).toContain(LANGUAGES.join(', '));
      expect(await stored(u.id)).toBe('bn');
    },
  );

  it('when the body lacks callLanguage or has another field, then 400', async () => {
    const u = await h.user();
    expect((await setCallLanguage(u.token, {})).status).toBe(400);
    expect((await setCallLanguage(u.token, { callLanguage: 'ar', language: 'ar' })).status).toBe(400);
  });

  it('when no one is signed in, then 401', async () => {
    expect((await setCallLanguage(undefined, { callLanguage: 'ar' })).status).toBe(401);
  });
});

describe('GET /api/media/voice/<language>/<clip>.wav', () => {
  it('serves an Urdu clip as 8 kHz WAV, and 404 for a clip or language that has none', async () => {
    const r = await h.api('GET', '/api/media/voice/ur/salaam.wav');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('audio/wav');
    const body = r.body as Buffer;
    expect(body.toString('ascii', 0, 4)).toBe('RIFF');
    expect(body.readUInt32LE(24)).toBe(8000);
    expect((await h.api('GET', '/api/media/voice/ur/nope.wav')).status).toBe(404);
    // Arabic has a voice, not clips.
    expect((await h.api('GET', '/api/media/voice/ar/salaam.wav')).status).toBe(404);
    expect((await h.api('GET', '/api/media/voice/ur/..%2Fsalaam.wav')).status).toBe(404);
  });

  it('the local phone page joins a run of clips into one WAV, so it plays an Urdu line as the phone hears it', async () => {
    const one = (await h.api('GET', '/api/media/voice/ur/salaam.wav')).body as Buffer;
    const two = (await h.api('GET', '/api/media/voice/ur/wake-up.wav')).body as Buffer;
    const r = await h.api('GET', '/api/dev/phone/voice/ur.wav?clips=salaam,wake-up');
    expect(r.status).toBe(200);
    expect((r.body as Buffer).length).toBe(one.length + two.length - 44);
    expect((await h.api('GET', '/api/dev/phone/voice/ur.wav?clips=salaam,nope')).status).toBe(404);
    expect((await h.api('GET', '/api/dev/phone/voice/ur.wav?clips=../x')).status).toBe(400);
  });
});
