import { createLogger } from '@fajr/activities';
import { createLocalEmail } from '@fajr/activities/adapters/email/local';
import { useOps } from '@fajr/scripts/testing/ops';

jest.setTimeout(30_000);

const h = useOps();
const { ops, opsWith, user } = h;

describe('npm run ops -- morning: timetables that run out', () => {
  // Users called by a mosque's or an authority's table get no call on a date it lacks: the morning
  // report names such tables two weeks ahead so an operator imports the next months in time.
  const ids: Record<string, string> = {};
  const bradford = { city_name: 'Bradford', tz_name: 'Europe/London' };
  const dates = (from: string, n: number) =>
    Array.from({ length: n }, (_, i) =>
      new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    );

  beforeAll(async () => {
    const [mosque] = await h.db
      .knex('mosques')
      .insert({
        name: 'Bradford Grand Mosque',
        address: 'Rees Way, Bradford BD3 0DZ',
        country_code: 'GB',
        city_name: 'Bradford',
        lat: 53.7966,
        lng: -1.7386,
        tz_name: 'Europe/London',
      })
      .returning('id');
    ids.mosque = mosque.id;
    // Its jamaah times run to 2027-01-10, with 2027-01-04 missing.
    await h.db.knex('mosque_fajr_times').insert(
      dates('2026-12-01', 41)
        .filter((d) => d !== '2027-01-04')
        .map((d) => ({ mosque_id: mosque.id, local_date: d, jamaah_at: `${d}T06:45:00Z` })),
    );
    const [table] = await h.db
      .knex('published_timetables')
      .insert({
        authority: 'Bradford Council of Mosques',
        country_code: 'GB',
        city_name: 'Bradford',
        lat: 53.796,
        lng: -1.7594,
        tz_name: 'Europe/London',
      })
      .returning('id');
    ids.table = table.id;
    // Its days run to 2026-12-31.
    await h.db.knex('published_timetable_days').insert(
      dates('2026-12-01', 31).map((d) => ({
        timetable_id: table.id,
        local_date: d,
        fajr_at: `${d}T06:10:00Z`,
        sunrise_at: `${d}T08:10:00Z`,
      })),
    );
    // Two mosque users with calls on (one also chose the table: the mosque's times are what call them),
    // one with calls off; one home user of the table; one home user of the table with calls off.
    await user({ ...bradford, mosque_id: mosque.id });
    await user({ ...bradford, mosque_id: mosque.id, prayer_timetable_id: table.id });
    await user({ ...bradford, mosque_id: mosque.id, allow_calls: false });
    await user({ ...bradford, prayer_timetable_id: table.id });
    await user({ ...bradford, prayer_timetable_id: table.id, allow_calls: false });
  });

  const gapRow = (out: string, start: string) =>
    out
      .split('\n')
      .find((l) => l.startsWith(start))
      ?.trim()
      .split(/\s{2,}/);

  it('when every timetable with users has the next two weeks, then the report says so', async () => {
    const res = await ops('morning', '--date', '2026-12-05');
    expect(res.out).toContain('Every timetable users are called by has all 14 days from 2026-12-05 to 2026-12-18.');
    expect(res.out).not.toContain(ids.table!);
  });

  it('when a table ends or has a hole within two weeks, then each is listed with its users, the days it lacks and its last date, and the subject counts them', async () => {
    const email = async () => createLocalEmail(h.db.knex, createLogger('test', 'silent'));
    const res = await opsWith({ email }, 'morning', '--date', '2026-12-28', '--email', 'gaps@example.com');
    expect(res).toMatchObject({ code: 0, err: '' });
    expect(res.out).toContain(
      'Timetables missing days from 2026-12-28 to 2027-01-10 (their users get no call on those days; import the next months):',
    );
    expect(gapRow(res.out, 'timetable')).toEqual([
      'timetable',
      'city',
      'users',
      'days missing',
      'first missing',
      'last date',
      'id',
    ]);
    // The published table lacks 2027-01-01 to 01-10; the mosque only 2027-01-04 (the first missing date orders them).
    expect(gapRow(res.out, 'Bradford Council of Mosques')).toEqual([
      'Bradford Council of Mosques — published timetable for Bradford',
      'Bradford',
      '1',
      '10',
      '2027-01-01',
      '2026-12-31',
      ids.table,
    ]);
    expect(gapRow(res.out, 'mosque: Bradford Grand Mosque')).toEqual([
      'mosque: Bradford Grand Mosque',
      'Bradford',
      '2',
      '1',
      '2027-01-04',
      '2027-01-10',
      ids.mosque,
    ]);
    const lines = res.out.split('\n');
    expect(lines.findIndex((l) => l.startsWith('Bradford Council'))).toBeLessThan(
      lines.findIndex((l) => l.startsWith('mosque: Bradford')),
    );
    const [sent] = await h.db.knex('local_outbox').where({ recipient: 'gaps@example.com' }).select('subject', 'body');
    expect(sent.subject).toMatch(/^Fajr morning 2026-12-28: no calls planned; 2 timetables missing days$/);
    expect(sent.body).toContain(ids.mosque);
  });
});
