import { MockActivityEnvironment } from '@temporalio/testing';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { insertUser, LONDON, LONDON_PREFS, testDeps } from '@fajr/scripts/testing/fixtures';
import type { Deps } from '../src/index';
import { createCallActivities, type DialInput } from '../src/calls/calls.activities';
import { consentFriend, createFriend, endFriend, type Friend } from '../src/repositories/friends.repository';

jest.setTimeout(60_000);

// A Fajr friend's dial, the real activity on Postgres and the local phone: planned in the friend's own
// city, paced and re-checked like every call, logged as the friend's (never the inviter's own), and never dialled once they stopped.
describe("call activities: a Fajr friend's dial (real Postgres, local phone)", () => {
  let db: TestDatabase;
  let deps: Deps;
  beforeAll(async () => {
    db = await createTestDatabase();
    deps = testDeps(db.knex, db.url, { CALL_ARM_LEAD_SECONDS: '0' });
  });
  afterAll(async () => {
    await db?.drop();
  });

  async function consentedFriend(): Promise<Friend> {
    const inviterId = await insertUser(db.knex, { plan: 'PREMIUM', prefs: LONDON_PREFS });
    const f = await createFriend(db.knex, {
      inviterId, inviterName: 'Amina', firstName: 'Yusuf', phoneNumber: `+4474007${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
      secret: deps.config.OTP_SECRET, code: '654321', max: 3, now: new Date(),
    });
    if (typeof f === 'string') throw new Error(f);
    const place = { cityName: LONDON.cityName, lat: LONDON.lat, lng: LONDON.lng, tzName: LONDON.tzName };
    expect(await consentFriend(db.knex, { id: f.id, code: '654321', secret: deps.config.OTP_SECRET, place, now: new Date() })).toBe('ok');
    await deps.providers.devConsoles.phone!.setBehaviour(f.phoneNumber!, { outcome: 'no-answer', ringMs: 60_000 });
    return f;
  }

  /** The friend's next planned call, and activities whose clock is moved so that call's slot is 4 s away. */
  async function armed(f: Friend) {
    const plan = await createCallActivities(deps).planNextFajrCall({ userId: f.inviterId, friendId: f.id, afterDate: null, now: new Date().toISOString() });
    if (plan.status !== 'planned') throw new Error(plan.status);
    const shift = Date.parse(plan.callAt) - (Date.now() + 4_000);
    const acts = createCallActivities({ ...deps, now: () => new Date(Date.now() + shift) });
    const input: DialInput = { userId: f.inviterId, friendId: f.id, workflowId: `friend-call:${f.id}:${plan.callDate}`, attempt: 1, kind: 'friend', callDate: plan.callDate, plannedAt: plan.callAt, dayCallAt: plan.callAt };
    return { acts, input };
  }

  it('when a consented friend is due, then their number is dialled with the stop key, logged as a friend call of the inviter', async () => {
    const f = await consentedFriend();
    const { acts, input } = await armed(f);
    expect(await new MockActivityEnvironment().run(acts.dialCall, input)).toEqual({ status: 'placed', attemptKey: `${input.workflowId}#1` });
    expect(await db.knex('call_attempts').where({ friend_id: f.id }).select('kind', 'user_id', 'awake_check')).toEqual([{ kind: 'friend', user_id: f.inviterId, awake_check: false }]);
    const [call] = await db.knex('local_phone_calls').where({ to_number: f.phoneNumber });
    // The key webhook is offered (press 9 to stop) although a friend is not asked for the awake check.
    expect(call.params.awakeKeyUrl).toContain(encodeURIComponent(`${input.workflowId}#1`));
  });

  it('when a friend stopped while their call was armed, then the re-check skips it and nothing is dialled', async () => {
    const f = await consentedFriend();
    const { acts, input } = await armed(f);
    await endFriend(db.knex, f.id, 'stopped', new Date());
    expect(await new MockActivityEnvironment().run(acts.dialCall, input)).toEqual({ status: 'skipped', reason: 'deleted' });
    expect(await db.knex('local_phone_calls').where({ to_number: f.phoneNumber })).toEqual([]);
  });
});
