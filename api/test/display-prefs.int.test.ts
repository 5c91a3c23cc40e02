import { useApi } from '@fajr/scripts/testing/api';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { userSchema } from '../src/contracts/users.contract';

jest.setTimeout(60_000);

const h = useApi({ userPreferences: LONDON_PREFS });

const setOffset = (token: string | undefined, body: unknown) =>
  h.api('PUT', '/api/users/hijri-offset', { ...(token ? { token } : {}), body });

describe('PUT /api/users/hijri-offset', () => {
  it('when a new user looks, then the Hijri date is not adjusted', async () => {
    const u = await h.user();
    const me = await h.api('GET', '/api/users/current-user', { token: u.token });
    expect(me.body.result.user.hijriOffset).toBe(0);
    expect(userSchema.safeParse(me.body.result.user).success).toBe(true);
  });

  it.each([[-2], [-1], [1], [2], [0]])(
    'when a user moves the Hijri date by %p days, then the account keeps it and the answer is the user with it',
    async (hijriOffset) => {
      const u = await h.user();
      const r = await setOffset(u.token, { hijriOffset });
      expect(r.status).toBe(200);
      expect(r.body.result.user).toMatchObject({ id: u.id, hijriOffset });
      expect((await h.db('users').where({ id: u.id }).first()).hijri_offset).toBe(hijriOffset);
      const me = await h.api('GET', '/api/users/current-user', { token: u.token });
      expect(me.body.result.user.hijriOffset).toBe(hijriOffset);
    },
  );

  it.each([[3], [-3], [1.5], ['1'], [null], [undefined]])(
    'when the adjustment is %p, then 400 saying the range, and the account keeps its own',
    async (hijriOffset) => {
      const u = await h.user();
      await setOffset(u.token, { hijriOffset: 1 });
      const r = await setOffset(u.token, { hijriOffset });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/-2 to 2|hijriOffset/);
      expect((await h.db('users').where({ id: u.id }).first()).hijri_offset).toBe(1);
    },
  );

  it('when the body has another field, then 400', async () => {
    const u = await h.user();
    const r = await setOffset(u.token, { hijriOffset: 1, calendar: 'islamic' });
    expect(r.status).toBe(400);
  });

  it('when no one is signed in, then 401', async () => {
    const r = await setOffset(undefined, { hijriOffset: 1 });
    expect(r.status).toBe(401);
  });

  it('when something writes past the range, then the database refuses it', async () => {
    const u = await h.user();
    await expect(h.db('users').where({ id: u.id }).update({ hijri_offset: 3 })).rejects.toThrow(
      /users_hijri_offset_range/,
    );
  });
});
