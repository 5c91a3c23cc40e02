import { seedShippedTimetables } from '@fajr/migrations';
import { insertUser, LONDON, LONDON_PREFS, useTestDeps } from '@fajr/scripts/testing/fixtures';
import { insertConsentedFriend, LONDON_FRIEND_PLACE } from '@fajr/scripts/testing/friends';
import { planDays } from '../src/domain/planning';
import { JAKIM_ZONES } from '../src/domain/planning/jakim-zones';
import { buildCallPlan } from '../src/repositories/call-plans.repository';
import { loadFriendPlanSource } from '../src/repositories/friend-plan-source.repository';

// Kota Bharu as the city list gives it (zone KTN01); e-Solat's 2026 Subuh for KTN01 on 1 March is 06:15 (+08:00).
const KOTA_BHARU = { cityName: 'Kota Bharu', lat: 6.12361, lng: 102.24333, tzName: 'Asia/Kuala_Lumpur' };

// Issue 48: a Malaysian friend is called at their JAKIM zone's time, as a Malaysian user is.
describe("a Fajr friend's zone (real Postgres)", () => {
  const t = useTestDeps();

  beforeAll(async () => {
    await seedShippedTimetables(t.db.knex, ['jakim-2026.json']);
  });

  async function friendAt(place: typeof KOTA_BHARU): Promise<string> {
    const inviterId = await insertUser(t.db.knex, { plan: 'PREMIUM', prefs: LONDON_PREFS });
    const f = await insertConsentedFriend(t.deps, inviterId, { inviterName: 'Aisyah', firstName: 'Hafiz', place });
    return f.id;
  }

  it('when the friend lives in Kota Bharu, then they get JAKIM at zone KTN01 and its published table, to the minute', async () => {
    const src = (await loadFriendPlanSource(t.db.knex, await friendAt(KOTA_BHARU), new Date()))!;
    const ktn01 = JAKIM_ZONES.find((z) => z.code === 'KTN01')!;
    expect(src.calcMethod).toBe('Jakim');
    expect(src.base).toMatchObject({ kind: 'home', lat: ktn01.lat, lng: ktn01.lng });
    expect(src.timetable?.label).toBe('JAKIM zone KTN01 (Kelantan)');
    const [day] = planDays((await buildCallPlan(t.db.knex, src, '2026-03-01', 1))!, '2026-03-01', 1);
    expect(day).toMatchObject({ fajrAt: '2026-03-01T06:15:00+08:00', timetable: 'JAKIM zone KTN01 (Kelantan)' });
  });

  it('when the friend lives in London, then nothing changes: the default method at their own city, no table', async () => {
    const src = (await loadFriendPlanSource(t.db.knex, await friendAt(LONDON_FRIEND_PLACE), new Date()))!;
    expect(src.calcMethod).toBe('MuslimWorldLeague');
    expect(src.base).toMatchObject({ kind: 'home', lat: LONDON.lat, lng: LONDON.lng });
    expect(src.timetable).toBeNull();
  });
});
