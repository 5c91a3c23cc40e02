import { friendCallsWorkflowId } from '@fajr/workflows';
import { nextCode, useApi } from '@fajr/scripts/testing/api';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { LONDON } from '@fajr/scripts/testing/fixtures';
import { friendWelcomeResult } from '../src/contracts/friend-welcome.contract';

jest.setTimeout(60_000);

const PLACE = { cityName: LONDON.cityName, lat: LONDON.lat, lng: LONDON.lng, tzName: LONDON.tzName };

/** A friend's first morning (issue 44): the link opens the web app, after yes they know when and from which number, and the inviter hears of a stop. */
describe('a Fajr friend after the invitation', () => {
  const h = useApi({ env: { PUBLIC_WEB_URL: 'http://localhost:5173/' } });
  const started: string[] = [];
  afterAll(async () => {
    for (const id of started)
      await h.temporal.workflow
        .getHandle(id)
        .terminate('test done')
        .catch(() => undefined);
  });

  async function invite(token: string) {
    const phoneNumber = freshPhone();
    expect(
      await h.api('POST', '/api/users/friends', {
        token,
        body: { firstName: 'Yusuf', phoneNumber, inviterName: 'Amina' },
      }),
    ).toMatchObject({ status: 200 });
    const sms = await nextCode(h, phoneNumber);
    const id = /\/friend\/([0-9a-f-]{36})\b/.exec(sms.body)![1]!;
    started.push(friendCallsWorkflowId(id));
    return { id, code: sms.code, sms: sms.body, sig: /\/stop\?sig=([\w-]+)/.exec(sms.body)![1]! };
  }

  it("when invited, then the SMS links to the web app's pages (PUBLIC_WEB_URL), not the API's", async () => {
    const u = await h.user({ plan: 'PREMIUM' });
    const f = await invite(u.token);
    expect(f.sms).toContain(`http://localhost:5173/friend/${f.id}`);
    expect(f.sms).toContain(`http://localhost:5173/friend/${f.id}/stop?sig=`);
    expect(f.sms).not.toContain(h.config.PUBLIC_BASE_URL);
  });

  it('when the friend said yes, then the welcome says when the first call comes, in their zone, and the numbers to save; not before', async () => {
    const u = await h.user({ plan: 'PREMIUM' });
    const f = await invite(u.token);
    const before = friendWelcomeResult.parse((await h.api('GET', `/api/friends/${f.id}/welcome`)).body).result;
    expect(before).toEqual({
      status: 'invited',
      firstCall: null,
      callerNumbers: [h.config.FAJR_CALLER_NUMBER],
      vcardPath: '/api/data/fajr-contact.vcf',
    });
    expect(await h.api('POST', `/api/friends/${f.id}/consent`, { body: { code: f.code, ...PLACE } })).toMatchObject({
      status: 200,
    });
    const after = friendWelcomeResult.parse((await h.api('GET', `/api/friends/${f.id}/welcome`)).body).result;
    expect(after).toMatchObject({
      status: 'active',
      firstCall: { tzName: 'Europe/London', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });
    const callAt = Date.parse(after.firstCall!.callAt);
    expect(callAt).toBeGreaterThan(Date.now());
    expect(callAt).toBeLessThan(Date.now() + 36 * 3600_000);
    expect((await h.api('GET', '/api/friends/00000000-0000-4000-8000-000000000000/welcome')).status).toBe(404);
  });

  it('when the friend stops, then the inviter is told by SMS once, and sees it in their list', async () => {
    const inviterPhone = freshPhone();
    const u = await h.user({ plan: 'PREMIUM', phoneNumber: inviterPhone });
    const f = await invite(u.token);
    await h.api('POST', `/api/friends/${f.id}/consent`, { body: { code: f.code, ...PLACE } });
    expect(await h.api('POST', `/api/friends/${f.id}/stop`, { body: { sig: f.sig } })).toMatchObject({ status: 200 });
    expect(await h.api('POST', `/api/friends/${f.id}/stop`, { body: { sig: f.sig } })).toMatchObject({ status: 200 });
    const told = await h.db('local_outbox').where({ recipient: inviterPhone });
    expect(told.map((m) => m.body)).toEqual([
      'Fajr: Yusuf has stopped their Fajr calls, so we will not call them again. Your Fajr friends: http://localhost:5173/app/settings',
    ]);
    expect((await h.api('GET', '/api/users/friends', { token: u.token })).body.result.friends[0]).toMatchObject({
      status: 'stopped',
    });
  });
});
