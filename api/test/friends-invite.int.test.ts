import { friendCallsWorkflowId } from '@fajr/workflows';
import { signalsOf } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { PLACE, useFriendsApi } from '@fajr/scripts/testing/friends-api';
import { insertTestMosque } from '@fajr/scripts/testing/mosques';

jest.setTimeout(60_000);

/** Fajr friends (docs/CALLS.md "Fajr friends"). */
describe('Fajr friends API: the invite and the consent page', () => {
  const { h, started, invite, postInvite } = useFriendsApi();

  it('when a user below Premium invites, then 403; a Premium user invites by SMS with a code, the consent link and a stop link, and sees the friend as invited', async () => {
    const plus = await h.user({ plan: 'PLUS' });
    const refused = await postInvite(plus.token, 'Yusuf', freshPhone());
    expect(refused).toMatchObject({ status: 403, body: { error: 'Upgrade to PREMIUM plan to access this feature' } });

    const u = await h.user({ plan: 'PREMIUM' });
    const f = await invite(u.token);
    expect(f.sms).toContain('Assalamu alaikum Yusuf, Amina would like Fajr to phone you every morning');
    expect(f.sms).toContain(`${h.config.PUBLIC_BASE_URL.replace(/\/$/, '')}/friend/${f.id}`);
    const list = await h.api('GET', '/api/users/friends', { token: u.token });
    expect(list.body).toEqual({
      result: { max: 3, friends: [{ id: f.id, firstName: 'Yusuf', status: 'invited', thisMonth: 'no-calls' }] },
    });
    // Nobody is called without consent: no chain was started by the invitation.
    await expect(h.temporal.workflow.getHandle(friendCallsWorkflowId(f.id)).describe()).rejects.toThrow();
  });

  it('when a Premium user invites a fourth friend, the same number twice, their own number or a bad name, then 400 and nothing is sent', async () => {
    const own = freshPhone();
    const u = await h.user({ plan: 'PREMIUM', phoneNumber: own });
    const first = await invite(u.token, 'Ali');
    await invite(u.token, 'Bilal');
    const again = await postInvite(u.token, 'Ali', first.phoneNumber);
    expect(again).toMatchObject({ status: 400, body: { error: 'You have already invited this number' } });
    await invite(u.token, 'Omar');
    const fourth = freshPhone();
    expect(await postInvite(u.token, 'Zaid', fourth)).toMatchObject({
      status: 400,
      body: { error: 'You can invite up to 3 friends; remove one to invite another' },
    });
    expect(await h.db('local_outbox').where({ recipient: fourth })).toEqual([]);
    const other = await h.user({ plan: 'PREMIUM', phoneNumber: freshPhone() });
    expect(await postInvite(other.token, 'Me', own)).toMatchObject({ status: 200 });
    const self = await h.user({ plan: 'PREMIUM', phoneNumber: freshPhone() });
    const selfNumber = (await h.db('users').where({ id: self.id }).first('phone_number')).phone_number;
    expect(await postInvite(self.token, 'Me', selfNumber)).toMatchObject({
      status: 400,
      body: { error: 'This is your own number; invite a friend' },
    });
    expect(await postInvite(self.token, '<b>', freshPhone())).toMatchObject({ status: 400 });
    // Removing one makes room again.
    expect(await h.api('DELETE', `/api/users/friends/${first.id}`, { token: u.token })).toMatchObject({
      status: 200,
      body: { message: 'Friend removed' },
    });
    expect(await postInvite(u.token, 'Zaid', fourth)).toMatchObject({ status: 200 });
  });

  it('when the friend opens the consent page and enters the code with their city, then they are active and their own chain starts; a wrong code changes nothing', async () => {
    const u = await h.user({ plan: 'PREMIUM' });
    const f = await invite(u.token);
    expect(await h.api('GET', `/api/friends/${f.id}`)).toEqual({
      status: 200,
      body: { result: { firstName: 'Yusuf', inviterName: 'Amina', status: 'invited' } },
    });
    const wrong = f.code === '000000' ? '111111' : '000000';
    expect(await h.api('POST', `/api/friends/${f.id}/consent`, { body: { code: wrong, ...PLACE } })).toMatchObject({
      status: 400,
      body: { error: 'The code is incorrect, please try again' },
    });
    expect(
      await h.api('POST', `/api/friends/${f.id}/consent`, { body: { code: f.code, ...PLACE, tzName: 'Mars/Olympus' } }),
    ).toMatchObject({ status: 400 });
    expect((await h.db('fajr_friends').where({ id: f.id }).first()).status).toBe('invited');

    expect(await h.api('POST', `/api/friends/${f.id}/consent`, { body: { code: f.code, ...PLACE } })).toMatchObject({
      status: 200,
    });
    started.push(friendCallsWorkflowId(f.id));
    expect(await h.db('fajr_friends').where({ id: f.id }).first()).toMatchObject({
      status: 'active',
      city_name: 'London',
      consented_at: expect.any(Date),
      code_hash: null,
    });
    const desc = await h.temporal.workflow.getHandle(friendCallsWorkflowId(f.id)).describe();
    expect(desc.typedSearchAttributes.get({ name: 'UserId', type: 'KEYWORD' } as never)).toBe(u.id);
    expect(await signalsOf(h.temporal, friendCallsWorkflowId(f.id))).toContain('prefsChanged');
    // The code works once.
    expect(await h.api('POST', `/api/friends/${f.id}/consent`, { body: { code: f.code, ...PLACE } })).toMatchObject({
      status: 400,
    });
    expect((await h.api('GET', '/api/users/friends', { token: u.token })).body.result.friends).toEqual([
      { id: f.id, firstName: 'Yusuf', status: 'active', thisMonth: 'no-calls' },
    ]);
    // This month's calls: missed, then answered (woken); the inviter sees only that, never a time or place.
    const today = new Date().toISOString().slice(0, 10);
    const attempt = (n: number, outcome: string) => ({
      attempt_key: `friend-call:${f.id}:${today}#${n}`,
      user_id: u.id,
      friend_id: f.id,
      kind: 'friend',
      call_date: today,
      workflow_id: `friend-call:${f.id}:${today}`,
      attempt: n,
      planned_at: new Date(),
      provider: 'local',
      outcome,
    });
    await h.db('call_attempts').insert(attempt(1, 'no-answer'));
    expect((await h.api('GET', '/api/users/friends', { token: u.token })).body.result.friends[0]).toEqual({
      id: f.id,
      firstName: 'Yusuf',
      status: 'active',
      thisMonth: 'missed',
    });
    await h.db('call_attempts').insert(attempt(2, 'answered'));
    expect((await h.api('GET', '/api/users/friends', { token: u.token })).body.result.friends[0]).toEqual({
      id: f.id,
      firstName: 'Yusuf',
      status: 'active',
      thisMonth: 'woken',
    });
    // The friend's calls are not the inviter's: their own stats stay empty.
    expect(await h.db('call_attempts').where({ user_id: u.id, kind: 'fajr' })).toEqual([]);
  });

  it('when the friend chooses a mosque instead of a city, then they are active at that mosque; an unknown mosque, or a mosque with a city, is refused', async () => {
    const u = await h.user({ plan: 'PREMIUM' });
    const f = await invite(u.token);
    const m = await insertTestMosque(h.db, { name: 'Friends Mosque', tzName: 'Europe/London' });
    const consent = (body: object) =>
      h.api('POST', `/api/friends/${f.id}/consent`, { body: { code: f.code, ...body } });
    expect(await consent({ mosqueId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
      status: 400,
      body: { error: 'That mosque is not available, please select another' },
    });
    expect(await consent({ mosqueId: m.id, ...PLACE })).toMatchObject({ status: 400 });
    expect((await h.db('fajr_friends').where({ id: f.id }).first()).status).toBe('invited');
    expect(await consent({ mosqueId: m.id })).toMatchObject({ status: 200 });
    started.push(friendCallsWorkflowId(f.id));
    expect(await h.db('fajr_friends').where({ id: f.id }).first()).toMatchObject({
      status: 'active',
      mosque_id: m.id,
      city_name: null,
      lat: null,
    });
  });
});
