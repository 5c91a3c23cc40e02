import { useApi } from '@fajr/scripts/testing/api';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { LANGUAGES } from '../src/contracts/languages.contract';
import { INVALID_CREDENTIALS } from '../src/services/auth.service';
import { WRONG_PASSWORD } from '../src/services/users.service';

jest.setTimeout(60_000);

const h = useApi({ userPreferences: LONDON_PREFS });

const setLanguage = (token: string | undefined, body: unknown) =>
  h.api('PUT', '/api/users/language', { ...(token ? { token } : {}), body });

describe('PUT /api/users/language', () => {
  it('when a user chooses Urdu, then the account keeps it and the answer is the user with it', async () => {
    const u = await h.user();
    const r = await setLanguage(u.token, { language: 'ur' });
    expect(r.status).toBe(200);
    expect(r.body.result.user).toMatchObject({ id: u.id, language: 'ur' });
    expect((await h.db('users').where({ id: u.id }).first()).language).toBe('ur');
    const me = await h.api('GET', '/api/users/current-user', { token: u.token });
    expect(me.body.result.user.language).toBe('ur');
  });

  it.each([['xx'], ['EN'], [''], [null]])(
    'when the language is %p, then 400 naming the allowed codes, and the account keeps its own',
    async (language) => {
      const u = await h.user();
      const r = await setLanguage(u.token, { language });
      expect(r.status).toBe(400);
      expect(r.body.error).toContain(LANGUAGES.join(', '));
      expect(r.body.code).toBe('enum.language');
      expect((await h.db('users').where({ id: u.id }).first()).language).toBe('en');
    },
  );

  it('when the body has another field, then 400 with the validation code', async () => {
    const u = await h.user();
    const r = await setLanguage(u.token, { language: 'ar', callLanguage: 'ar' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('validation.unknown_field');
  });

  it('when no one is signed in, then 401 with its code', async () => {
    const r = await setLanguage(undefined, { language: 'ar' });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: 'Please sign in', code: 'auth.sign_in' });
  });
});

describe("the API's messages in the request's language", () => {
  const signin = (headers: Record<string, string>) =>
    h.api('POST', '/api/users/signin', {
      headers,
      body: { phoneNumber: 'nobody@example.com', password: 'not the password' },
    });

  it('when nobody is signed in, then Accept-Language chooses, with the same code in every language', async () => {
    const en = await signin({});
    expect(en.status).toBe(401);
    expect(en.body).toEqual({ error: INVALID_CREDENTIALS, code: 'auth.invalid_credentials' });
    const ar = await signin({ 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.8' });
    expect(ar.status).toBe(401);
    expect(ar.body.code).toBe('auth.invalid_credentials');
    expect(ar.body.error).toMatch(/[\u0600-\u06ff]/);
    expect(ar.headers.get('content-language')).toBe('ar');
    expect(ar.headers.get('vary')).toMatch(/Accept-Language/i);
    const fr = await signin({ 'accept-language': 'fr-CA' });
    expect(fr.body.error).not.toBe(INVALID_CREDENTIALS);
    expect(fr.body.code).toBe('auth.invalid_credentials');
  });

  it.each([
    { name: 'xx-YY', header: 'xx-YY' },
    { name: '*', header: '*' },
    { name: 'malformed', header: 'de-DE;q=1, ;;, ,' },
    { name: '5000 letters long', header: 'a'.repeat(5000) },
  ])('when Accept-Language is $name (none Fajr speaks), then English, never a 500', async ({ header }) => {
    const r = await signin({ 'accept-language': header });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: INVALID_CREDENTIALS, code: 'auth.invalid_credentials' });
  });

  it("when a user is signed in, then the account's language wins over Accept-Language", async () => {
    const u = await h.user();
    await setLanguage(u.token, { language: 'tr' });
    const r = await h.api('POST', '/api/users/goodbye', {
      token: u.token,
      headers: { 'accept-language': 'ar' },
      body: { password: 'not the password' },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('password.wrong');
    expect(r.body.error).not.toBe(WRONG_PASSWORD);
    expect(r.headers.get('content-language')).toBe('tr');
  });

  it('when a confirmation is sent, then its message is translated with its code; English stays as it was', async () => {
    const u = await h.user();
    const toggle = (token: string) =>
      h.api('POST', '/api/salah-schedules/fajr-prefs/toggles', { token, body: { awakeCheck: true } });
    expect((await toggle(u.token)).body).toEqual({ message: 'Awake check enabled', code: 'prefs.awake_on' });
    await setLanguage(u.token, { language: 'bn' });
    const bn = await toggle(u.token);
    expect(bn.body.code).toBe('prefs.awake_on');
    expect(bn.body.message).toMatch(/[\u0980-\u09ff]/);
  });

  it('when a body fails its contract, then each field is told in the language, and in English exactly as before', async () => {
    const en = await h.api('POST', '/api/users/signin', { body: { phoneNumber: 'a@b.co' } });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({ error: 'password: Please enter your password', code: 'password.enter' });
    const ms = await h.api('POST', '/api/users/signin', {
      headers: { 'accept-language': 'ms-MY' },
      body: { phoneNumber: 'a@b.co' },
    });
    expect(ms.status).toBe(400);
    expect(ms.body.code).toBe('password.enter');
    expect(ms.body.error).toMatch(/^password: /);
    expect(ms.body.error).not.toContain('Please enter');
  });

  it('when the JSON is malformed, then the parser error is translated too', async () => {
    const r = await h.api('POST', '/api/users/signin', {
      headers: { 'accept-language': 'id' },
      rawBody: '{"phoneNumber":',
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('http.bad_json');
    expect(r.body.error).not.toBe('The request body is not valid JSON');
  });

  it('when a path is unknown, then 404 with its code', async () => {
    const r = await h.api('GET', '/api/no-such-thing', { headers: { 'accept-language': 'ur' } });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('http.not_found');
    expect(r.body.error).not.toBe('Not found');
  });
});
