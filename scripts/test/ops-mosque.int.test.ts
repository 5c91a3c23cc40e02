import path from 'node:path';
import { useOps } from '@fajr/scripts/testing/ops';

jest.setTimeout(30_000);

const h = useOps();
const { ops, csvFile } = h;

const ADD_LEEDS = [
  'mosque',
  'add',
  '--name',
  'Leeds Makkah Masjid',
  '--address',
  '100 Thornville Road, Leeds LS6 1JY',
  '--city',
  'Leeds',
  '--country',
  'gb',
  '--lat',
  '53.8118',
  '--lng',
  '-1.5768',
];

describe('npm run ops -- mosque', () => {
  let leedsId: string;

  it('when a mosque is added without a zone, then it is stored with the zone of its coordinates', async () => {
    const res = await ops(...ADD_LEEDS);
    expect(res.code).toBe(0);
    const row = await h.db.knex('mosques').where({ name: 'Leeds Makkah Masjid' }).first();
    expect(row).toMatchObject({
      city_name: 'Leeds',
      country_code: 'GB',
      tz_name: 'Europe/London',
      is_active: true,
      lat: 53.8118,
    });
    expect(res.out).toContain(row.id);
    leedsId = row.id;
  });

  it('when the same mosque is added twice, then it is refused naming the existing one', async () => {
    const res = await ops(...ADD_LEEDS);
    expect(res.code).toBe(1);
    expect(res.err).toContain(leedsId);
  });

  it.each([
    ['a latitude out of range', ['--lat', '95'], '--lat must be a number from -90 to 90'],
    ['a bad country code', ['--country', 'GBR'], '--country must be a 2-letter'],
    ['an unknown zone', ['--tz', 'Europe/Atlantis'], '--tz must be an IANA time zone'],
  ])('when add has %s, then it fails and adds nothing', async (_what, extra, message) => {
    const before = await h.db.knex('mosques').count('* as n');
    const res = await ops(
      'mosque',
      'add',
      '--name',
      'Other',
      '--address',
      'x',
      '--city',
      'Leeds',
      '--country',
      'GB',
      '--lat',
      '53.8',
      '--lng',
      '-1.5',
      ...extra,
    );
    expect(res.code).toBe(1);
    expect(res.err).toContain(message);
    expect(await h.db.knex('mosques').count('* as n')).toEqual(before);
  });

  it('when add misses options or has unknown ones, then it is a usage error', async () => {
    expect(await ops('mosque', 'add', '--name', 'X')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Missing --address'),
    });
    expect((await ops('mosque', 'add', '--colour', 'green')).code).toBe(2);
  });

  it('when a timetable is imported, then every day is stored as an instant in the mosque zone', async () => {
    const file = await csvFile('leeds.csv', 'date,jamaah_time\n2026-03-28,05:45\n2026-03-29,05:45\n2026-12-01,06:30\n');
    const res = await ops('mosque', 'import-timetable', 'leeds makkah masjid', file);
    expect(res).toMatchObject({ code: 0, out: expect.stringContaining('3 new, 0 replaced') });
    const rows = await h.db
      .knex('mosque_fajr_times')
      .select(h.db.knex.raw('local_date::text as local_date'), 'jamaah_at')
      .where({ mosque_id: leedsId })
      .orderBy('local_date');
    expect(rows.map((r) => [r.local_date, r.jamaah_at.toISOString()])).toEqual([
      ['2026-03-28', '2026-03-28T05:45:00.000Z'],
      ['2026-03-29', '2026-03-29T04:45:00.000Z'],
      ['2026-12-01', '2026-12-01T06:30:00.000Z'],
    ]);
  });

  it('when a timetable is imported again, then its days are replaced (upsert)', async () => {
    const file = await csvFile('leeds2.csv', 'date,jamaah_time\n2026-12-01,06:40\n2026-12-02,06:40\n');
    expect(await ops('mosque', 'import-timetable', leedsId, file)).toMatchObject({
      code: 0,
      out: expect.stringContaining('1 new, 1 replaced'),
    });
    const dec1 = await h.db.knex('mosque_fajr_times').where({ mosque_id: leedsId, local_date: '2026-12-01' }).first();
    expect(dec1.jamaah_at.toISOString()).toBe('2026-12-01T06:40:00.000Z');
  });

  it('when a timetable has bad rows, then each is named with its line and nothing is imported', async () => {
    const before = await h.db.knex('mosque_fajr_times').where({ mosque_id: leedsId }).orderBy('local_date');
    const file = await csvFile('bad.csv', 'date,jamaah_time\n2027-01-01,06:30\n2027-01-02,6am\n2027-02-30,06:30\n');
    const res = await ops('mosque', 'import-timetable', leedsId, file);
    expect(res.code).toBe(1);
    expect(res.err).toContain('nothing was imported');
    expect(res.err).toContain('line 3: "6am" is not a time');
    expect(res.err).toContain('line 4: "2027-02-30" is not a date');
    expect(await h.db.knex('mosque_fajr_times').where({ mosque_id: leedsId }).orderBy('local_date')).toEqual(before);
  });

  it('when the mosque or the file does not exist, then a clear error', async () => {
    const file = await csvFile('ok.csv', 'date,jamaah_time\n2027-01-01,06:30\n');
    expect(await ops('mosque', 'import-timetable', 'No Such Mosque', file)).toMatchObject({
      code: 1,
      err: expect.stringContaining('No mosque "No Such Mosque"'),
    });
    expect(await ops('mosque', 'import-timetable', leedsId, path.join(h.dir, 'missing.csv'))).toMatchObject({
      code: 1,
      err: expect.stringContaining('Cannot read'),
    });
  });

  it('when a mosque moves to another zone, then its timetable keeps its local times', async () => {
    const res = await ops('mosque', 'update', leedsId, '--tz', 'America/New_York');
    expect(res.code).toBe(0);
    const dec1 = await h.db.knex('mosque_fajr_times').where({ mosque_id: leedsId, local_date: '2026-12-01' }).first();
    expect(dec1.jamaah_at.toISOString()).toBe('2026-12-01T11:40:00.000Z');
    expect(res.err).toContain('warning');
    // New coordinates without --tz re-derive the zone.
    expect(
      (await ops('mosque', 'update', leedsId, '--lat', '53.81', '--lng', '-1.57', '--name', 'Leeds Makkah Mosque'))
        .code,
    ).toBe(0);
    expect(await h.db.knex('mosques').where({ id: leedsId }).first()).toMatchObject({
      tz_name: 'Europe/London',
      name: 'Leeds Makkah Mosque',
      lat: 53.81,
    });
    const again = await h.db.knex('mosque_fajr_times').where({ mosque_id: leedsId, local_date: '2026-12-01' }).first();
    expect(again.jamaah_at.toISOString()).toBe('2026-12-01T06:40:00.000Z');
  });

  it("when a mosque moves to Africa/Casablanca, then its local times are read with current zone data (UTC+0 since 2026-09-20), not the database's", async () => {
    expect((await ops('mosque', 'update', leedsId, '--tz', 'Africa/Casablanca')).code).toBe(0);
    const dec1 = await h.db.knex('mosque_fajr_times').where({ mosque_id: leedsId, local_date: '2026-12-01' }).first();
    // 06:40 in Casablanca is 06:40 UTC (Postgres's AT TIME ZONE, still UTC+1 there, gave 05:40).
    expect(dec1.jamaah_at.toISOString()).toBe('2026-12-01T06:40:00.000Z');
    expect((await ops('mosque', 'update', leedsId, '--tz', 'Europe/London')).code).toBe(0);
    const back = await h.db.knex('mosque_fajr_times').where({ mosque_id: leedsId, local_date: '2026-12-01' }).first();
    expect(back.jamaah_at.toISOString()).toBe('2026-12-01T06:40:00.000Z');
  });

  it('when a mosque is deactivated, then list hides it unless --all', async () => {
    expect((await ops('mosque', 'update', 'Leeds Makkah Mosque', '--active', 'false')).code).toBe(0);
    expect((await ops('mosque', 'list')).out).not.toContain('Leeds Makkah Mosque');
    const all = await ops('mosque', 'list', '--all');
    expect(all.out).toContain('Leeds Makkah Mosque');
    expect(all.out).toContain('East London Mosque');
    expect(await ops('mosque', 'update', leedsId)).toMatchObject({
      code: 2,
      err: expect.stringContaining('Nothing to change'),
    });
  });
});
