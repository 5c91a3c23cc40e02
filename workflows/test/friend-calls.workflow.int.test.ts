import { randomUUID } from 'node:crypto';
import { pinClock } from '@fajr/scripts/testing/clock';
import { useCallWorker } from '@fajr/scripts/testing/call-worker';
import type { DialInput } from '@fajr/activities/calls/calls.activities';
import {
  consentFriend,
  createFriend,
  endFriend,
  findFriend,
  type Friend,
} from '@fajr/activities/repositories/friends.repository';
import { insertUser, LONDON, LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { freshPhone } from '@fajr/scripts/testing/phones';
import { fajrCalls, fajrCallsStateQuery, friendCallsWorkflowId, prefsChangedSignal } from '../src';

const DAY = 24 * 3600_000;
const SECRET = 'development-only-otp-secret';
jest.setTimeout(240_000);

/**
 * Fajr friends (docs/CALLS.md "Fajr friends") on the time-skipping server: the friend's own chain is
 * `fajrCalls` with a friend subject, planned by the real activities on Postgres; the phone is recorded.
 */
describe("a Fajr friend's calls (time skipping, real planning on Postgres)", () => {
  const taskQueue = `friend-calls-${randomUUID()}`;
  const dials: DialInput[] = [];
  /** Friends who press the stop key on their next call (what the key webhook does: stopFriend). */
  const pressStop = new Set<string>();

  const t = useCallWorker({ workflowsPath: require.resolve('../src/index'), taskQueue }, (real) => ({
    planNextFajrCall: real.planNextFajrCall,
    repeatAllowed: real.repeatAllowed,
    ringThroughAllowed: real.ringThroughAllowed,
    secondNumberAllowed: real.secondNumberAllowed,
    dialCall: async (input: DialInput) => {
      dials.push(input);
      return { status: 'placed' as const, attemptKey: `${input.workflowId}#${input.attempt}` };
    },
    resolveCallAttempt: async ({ attemptKey }: { attemptKey: string }) => {
      const friendId = attemptKey.split(':')[1]!;
      if (pressStop.has(friendId))
        await endFriend(t.tdb.knex, friendId, 'stopped', new Date(await t.env.currentTimeMs()));
      return {
        attemptKey,
        outcome: 'answered' as const,
        final: true,
        durationSeconds: 40,
        answeredBy: 'human',
        ringSeconds: 3,
        silenced: false,
        confirmed: null,
      };
    },
    markCallAttemptFailed: async () => undefined,
  }));

  /** A Premium inviter and a friend they invited (code 123456), not yet consented. */
  async function invited(): Promise<{ inviterId: string; friend: Friend }> {
    const inviterId = await insertUser(t.tdb.knex, { plan: 'PREMIUM', prefs: { ...LONDON_PREFS } });
    const friend = await createFriend(t.tdb.knex, {
      inviterId,
      inviterName: 'Amina',
      firstName: 'Yusuf',
      phoneNumber: freshPhone(),
      secret: SECRET,
      code: '123456',
      max: 3,
      now: new Date(await t.env.currentTimeMs()),
    });
    if (typeof friend === 'string') throw new Error(friend);
    return { inviterId, friend };
  }
  const consent = async (id: string) =>
    consentFriend(t.tdb.knex, {
      id,
      code: '123456',
      secret: SECRET,
      place: { cityName: LONDON.cityName, lat: LONDON.lat, lng: LONDON.lng, tzName: LONDON.tzName },
      now: new Date(await t.env.currentTimeMs()),
    });
  const start = (inviterId: string, friendId: string) =>
    t.env.client.workflow.start(fajrCalls, {
      workflowId: friendCallsWorkflowId(friendId),
      taskQueue,
      args: [{ userId: inviterId, friendId }],
    });
  const dialsOf = (friendId: string) => dials.filter((d) => d.friendId === friendId);
  /** Each test starts at an instant of its own (testing/clock.ts), not at the host's hour. */
  const pin = (monthDayTime: string) => pinClock(t.env, monthDayTime);
  const statusOf = async (friendId: string) => (await findFriend(t.tdb.knex, friendId))?.status;

  it('when a friend has not consented, then nobody calls them; once they consent with the code, then their own chain calls them every day, once, as a friend', async () => {
    await pin('01-10T12:00:00Z');
    const { inviterId, friend } = await invited();
    const h = await start(inviterId, friend.id);
    // Inside the code's day: a whole night passes without a call.
    await t.env.sleep(20 * 3600_000);
    expect(dialsOf(friend.id)).toEqual([]);
    expect((await h.query(fajrCallsStateQuery)).status).toBe('calls-off');

    expect(await consent(friend.id)).toBe('ok');
    await h.signal(prefsChangedSignal);
    await t.env.sleep(3 * DAY);
    const calls = dialsOf(friend.id);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    // One call a morning (no repeat, ring-through or second number: those are the inviter's), under the friend's own workflow ids.
    expect(new Set(calls.map((c) => c.callDate)).size).toBe(calls.length);
    for (const c of calls) {
      expect(c).toMatchObject({ kind: 'friend', attempt: 1, userId: inviterId, friendId: friend.id });
      expect(c.workflowId).toBe(`friend-call:${friend.id}:${c.callDate}`);
    }
    // The inviter's own chain is not involved: nothing was dialled for the inviter.
    expect(dials.filter((d) => d.userId === inviterId && !d.friendId)).toEqual([]);
    await t.env.client.workflow.getHandle(h.workflowId).terminate('test done');
  });

  it('when a friend presses the stop key during a call, then their chain ends and they are never called again, their number and place erased', async () => {
    await pin('01-20T12:00:00Z');
    const { inviterId, friend } = await invited();
    expect(await consent(friend.id)).toBe('ok');
    pressStop.add(friend.id);
    const h = await start(inviterId, friend.id);
    await t.env.client.workflow.getHandle(h.workflowId).result();
    expect(dialsOf(friend.id)).toHaveLength(1);
    const row = await t.tdb.knex('fajr_friends').where({ id: friend.id }).first();
    expect(row).toMatchObject({
      status: 'stopped',
      phone_number: null,
      lat: null,
      city_name: null,
      consented_at: null,
    });
    await t.env.sleep(3 * DAY);
    expect(dialsOf(friend.id)).toHaveLength(1);
    // A new consent needs a new code: the old one is gone.
    expect(await consent(friend.id)).toBe('not-found');
  });

  it("when the inviter's Premium ends, then the friend is told by SMS, marked ended, and their chain ends without another call", async () => {
    await pin('02-01T12:00:00Z');
    const { inviterId, friend } = await invited();
    expect(await consent(friend.id)).toBe('ok');
    const h = await start(inviterId, friend.id);
    await t.env.sleep(DAY + 3600_000);
    const before = dialsOf(friend.id).length;
    expect(before).toBeGreaterThanOrEqual(1);
    await t.tdb.knex('users').where({ id: inviterId }).update({ plan: 'PLUS' });
    await h.signal(prefsChangedSignal);
    await t.env.client.workflow.getHandle(h.workflowId).result();
    expect(dialsOf(friend.id)).toHaveLength(before);
    expect(await statusOf(friend.id)).toBe('ended');
    const sms = await t.tdb.knex('local_outbox').where({ recipient: friend.phoneNumber }).orderBy('created_at');
    expect(sms.map((m: { body: string }) => m.body)).toEqual([
      expect.stringContaining('your daily Fajr calls from Amina have ended'),
    ]);
  });
});
