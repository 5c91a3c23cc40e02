import { addDays, localDateOf } from '@fajr/activities/domain/time/zone-clock';
import { saveCalendarDays, saveMosqueRule } from '@fajr/activities/repositories/jamaah-rules.repository';
import { useOps } from '@fajr/scripts/testing/ops';

jest.setTimeout(60_000);

const h = useOps();
const { ops } = h;

describe('npm run ops -- morning: stale mosques (issue 46 point 3)', () => {
  it("when a mosque's own times run out within 14 days, then the morning report lists it with its last date", async () => {
    const today = localDateOf(new Date(), 'Europe/London');
    const [m] = await h.db
      .knex('mosques')
      .insert({
        name: 'Masjid Stale Report',
        address: '3 Old Road',
        city_name: 'Luton',
        country_code: 'GB',
        lat: 51.88,
        lng: -0.42,
        tz_name: 'Europe/London',
        is_active: true,
      })
      .returning('id');
    await saveMosqueRule(h.db.knex, m.id, { from: today, ramadan: false, rule: { kind: 'calendar' } }, new Date());
    await saveCalendarDays(
      h.db.knex,
      m.id,
      [0, 1, 2, 3, 4].map((i) => ({
        localDate: addDays(today, i),
        jamaahAt: `${addDays(today, i)}T06:45:00Z`,
        fajrAt: null,
      })),
    );
    const { code, out } = await ops('morning', '--date', today);
    expect(code).toBe(0);
    expect(out).toMatch(/Stale mosques: times run out or run out within 14 days/);
    expect(out).toMatch(
      new RegExp(`Masjid Stale Report\\s+Luton\\s+${addDays(today, 4)}\\s+running out\\s+0\\s+0\\s+no admin`),
    );
  });
});
