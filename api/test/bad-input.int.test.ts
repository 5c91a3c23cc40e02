import { LONDON } from '@fajr/scripts/testing/fixtures';
import { useApi } from '@fajr/scripts/testing/api';
import { NUL_REFUSED } from '../src/middleware/nul-bytes';

// Issue 14, point 3: a NUL character never reaches Postgres (22021) and never answers 500.
const h = useApi();

describe('NUL characters in text fields', () => {
  it.each([
    ['sign-up', '/api/users/signup?source=web', false, { phoneNumber: '+447400111222', password: 'pass\u0000word 123' }],
    ['preferences', '/api/salah-schedules/fajr-prefs', true, { ...LONDON, cityName: 'Lon\u0000don', allowCalls: true }],
    ['help contact', '/api/data/feedback/contact', false, { email: 'a@example.com', type: 'Other', details: 'hello\u0000' }],
    ['mosque request', '/api/data/mosques/request', true, { name: 'Masjid\u0000', address: '1 Road' }],
    ['support message', '/api/support/messages', true, { text: '\u0000' }],
  ])('when %s carries a NUL, then 400 and nothing is stored', async (_what, path, auth, body) => {
    const u = auth ? await h.user() : undefined;
    const res = await h.api('POST', path, { token: u?.token, body });
    expect(res).toMatchObject({ status: 400, body: { error: NUL_REFUSED } });
  });

  it('when the query string carries a NUL, then 400', async () => {
    expect((await h.api('GET', '/api/data/cities?q=Lon%00don')).status).toBe(400);
  });

  it('when a nested key or value carries one, then 400 too', async () => {
    const res = await h.api('POST', '/api/users/signin', { body: { phoneNumber: 'a@example.com', password: 'x', nested: { ['k\u0000']: 1 } } });
    expect(res.status).toBe(400);
  });
});
