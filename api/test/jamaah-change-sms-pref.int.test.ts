import { useApi } from '@fajr/scripts/testing/api';

jest.setTimeout(60_000);

// Issue 46 point 4: the evening SMS of a mosque's change is the member's choice, off until they opt in.
const h = useApi();

describe("the opt-in to the evening text of a mosque's jama'ah change", () => {
  it('when a member switches it on and off, then it is stored and the user view shows it; a bad body is a 400', async () => {
    const u = await h.user();
    const me = async () => (await h.api('GET', '/api/users/current-user', { token: u.token })).body.result.user;
    expect((await me()).jamaahChangeSms).toBe(false);
    const toggle = (body: unknown) =>
      h.api('POST', '/api/salah-schedules/fajr-prefs/toggles', { token: u.token, body });
    const on = await toggle({ jamaahChangeSms: true });
    expect(on.body).toEqual({ message: 'Mosque change texts enabled', code: 'prefs.jamaah_sms_on' });
    expect((await me()).jamaahChangeSms).toBe(true);
    expect((await h.db('preferences').where({ user_id: u.id }).first('jamaah_change_sms')).jamaah_change_sms).toBe(
      true,
    );
    expect((await toggle({ jamaahChangeSms: 'yes' })).status).toBe(400);
    expect((await toggle({ jamaahChangeSms: false })).body.message).toBe('Mosque change texts disabled');
    expect((await me()).jamaahChangeSms).toBe(false);
  });
});
