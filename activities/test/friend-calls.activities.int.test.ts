import pino from 'pino';
import { MockActivityEnvironment } from '@temporalio/testing';
import { insertUser, LONDON_PREFS, useTestDeps } from '@fajr/scripts/testing/fixtures';
import { insertConsentedFriend } from '@fajr/scripts/testing/friends';
import { insertTestMosque } from '@fajr/scripts/testing/mosques';
import { createCallActivities, type DialInput } from '../src/calls/calls.activities';
import { endFriend, removeFriend, type Friend } from '../src/repositories/friends.repository';

jest.setTimeout(60_000);

// A Fajr friend's dial, the real activity on Postgres and the local phone: planned in the friend's own
// city, paced and re-checked like every call, logged as the friend's (never the inviter's own), and never dialled once they stopped.
describe("call activities: a Fajr friend's dial (real Postgres, local phone)", () => {
  const t = useTestDeps({ CALL_ARM_LEAD_SECONDS: '0' });

  async function consentedFriend(): Promise<Friend> {
    const inviterId = await insertUser(t.db.knex, { plan: 'PREMIUM', prefs: LONDON_PREFS });
    const f = await insertConsentedFriend(t.deps, inviterId);
    await t.deps.providers.devConsoles.phone!.setBehaviour(f.phoneNumber!, { outcome: 'no-answer', ringMs: 60_000 });
    return f;
  }

  /** The friend's next planned call, and activities whose clock is moved so that call's slot is 4 s away. */
  async function armed(f: Friend) {
    const plan = await createCallActivities(t.deps).planNextFajrCall({
      userId: f.inviterId,
      friendId: f.id,
      afterDate: null,
      now: new Date().toISOString(),
    });
    if (plan.status !== 'planned') throw new Error(plan.status);
    const shift = Date.parse(plan.callAt) - (Date.now() + 4_000);
    const acts = createCallActivities({ ...t.deps, now: () => new Date(Date.now() + shift) });
    const input: DialInput = {
      userId: f.inviterId,
      friendId: f.id,
      workflowId: `friend-call:${f.id}:${plan.callDate}`,
      attempt: 1,
      kind: 'friend',
      callDate: plan.callDate,
      plannedAt: plan.callAt,
      dayCallAt: plan.callAt,
    };
    return { acts, input };
  }

  it('when a consented friend is due, then their number is dialled with the stop key, logged as a friend call of the inviter', async () => {
    const f = await consentedFriend();
    const { acts, input } = await armed(f);
    expect(await new MockActivityEnvironment().run(acts.dialCall, input)).toEqual({
      status: 'placed',
      attemptKey: `${input.workflowId}#1`,
    });
    expect(
      await t.db.knex('call_attempts').where({ friend_id: f.id }).select('kind', 'user_id', 'awake_check'),
    ).toEqual([{ kind: 'friend', user_id: f.inviterId, awake_check: false }]);
    const [call] = await t.db.knex('local_phone_calls').where({ to_number: f.phoneNumber });
    // The key webhook is offered (press 9 to stop) although a friend is not asked for the awake check.
    expect(call.params.awakeKeyUrl).toContain(encodeURIComponent(`${input.workflowId}#1`));
  });

  it('when a friend stopped while their call was armed, then the re-check skips it and nothing is dialled', async () => {
    const f = await consentedFriend();
    const { input } = await armed(f);
    await endFriend(t.db.knex, f.id, 'stopped', new Date());
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const shift = Date.parse(input.plannedAt) - (Date.now() + 4_000);
    const logged = createCallActivities({ ...t.deps, logger, now: () => new Date(Date.now() + shift) });
    expect(await new MockActivityEnvironment().run(logged.dialCall, input)).toEqual({
      status: 'skipped',
      reason: 'deleted',
    });
    expect(await t.db.knex('local_phone_calls').where({ to_number: f.phoneNumber })).toEqual([]);
    // The log line leads to the Temporal UI in one step (docs/OPERATIONS.md, "Log fields"); never a number.
    const line = lines.find((l) => l.msg === 'call not dialled');
    expect(line).toMatchObject({ workflowId: input.workflowId, attempt: 1, userId: f.inviterId, friendId: f.id });
    expect(JSON.stringify(lines)).not.toContain(f.phoneNumber!.slice(1));
  });

  it('when a friend is removed while their call rings, then the call ends as canceled for us instead of failing the workflow', async () => {
    const f = await consentedFriend();
    const { acts, input } = await armed(f);
    expect(await new MockActivityEnvironment().run(acts.dialCall, input)).toMatchObject({ status: 'placed' });
    await endFriend(t.db.knex, f.id, 'ended', new Date());
    expect(await removeFriend(t.db.knex, f.inviterId, f.id)).toBe(true);
    expect(
      await new MockActivityEnvironment().run(acts.resolveCallAttempt, { attemptKey: `${input.workflowId}#1` }),
    ).toMatchObject({ outcome: 'canceled', final: true });
  });

  it("when a friend chose a mosque, then their call is planned 30 min before its Fajr jamaah in the mosque's zone, dialled like any, and their stop erases the mosque", async () => {
    const f = await consentedFriend();
    // Today, tomorrow and the day after in Riyadh, 05:40 local (+03:00): the mosque's times cover today, so
    // whatever the hour the run starts, the next call is the mosque's (a day without its times would take
    // the fallback's computed Fajr), today's until 05:10, else tomorrow's.
    const riyadhToday = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    const day = (n: number) =>
      new Date(Date.parse(`${riyadhToday}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const m = await insertTestMosque(
      t.db.knex,
      { name: 'Friends Mosque', lat: 21.42, lng: 39.83, tzName: 'Asia/Riyadh' },
      [0, 1, 2].map((n) => ({ localDate: day(n), jamaahAt: new Date(`${day(n)}T05:40:00+03:00`) })),
    );
    const next = Date.now() < Date.parse(`${day(0)}T05:10:00+03:00`) ? day(0) : day(1);
    // Another friend of the same inviter consents choosing the mosque instead of a city.
    const again = await insertConsentedFriend(t.deps, f.inviterId, { firstName: 'Bilal', place: { mosqueId: m.id } });
    expect(await t.db.knex('fajr_friends').where({ id: again.id }).first('mosque_id', 'city_name', 'lat')).toEqual({
      mosque_id: m.id,
      city_name: null,
      lat: null,
    });

    const plan = await createCallActivities(t.deps).planNextFajrCall({
      userId: f.inviterId,
      friendId: again.id,
      afterDate: null,
      now: new Date().toISOString(),
    });
    expect(plan).toMatchObject({ status: 'planned', callDate: next, callAt: `${next}T05:10:00+03:00` });
    const { acts, input } = await armed(again);
    expect(await new MockActivityEnvironment().run(acts.dialCall, input)).toEqual({
      status: 'placed',
      attemptKey: `${input.workflowId}#1`,
    });

    await endFriend(t.db.knex, again.id, 'stopped', new Date());
    expect(await t.db.knex('fajr_friends').where({ id: again.id }).first('mosque_id', 'phone_number')).toEqual({
      mosque_id: null,
      phone_number: null,
    });
  });
});
