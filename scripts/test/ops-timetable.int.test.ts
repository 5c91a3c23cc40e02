import path from 'node:path';
import { repoRoot } from '../src/config';
import { useOps } from '@fajr/scripts/testing/ops';

jest.setTimeout(30_000);

const h = useOps();
const { ops, csvFile } = h;

describe("npm run ops -- timetable (an authority's published timetable)", () => {
  // Islamiska förbundet's own 2026 Stockholm table (provenance in that folder's SOURCES.md).
  const STOCKHOLM = path.join(
    repoRoot,
    'activities',
    'test',
    'fixtures',
    'official-timetables',
    'islamiska-forbundet-stockholm.csv',
  );
  const IMPORT = [
    'timetable',
    'import',
    '--authority',
    'Islamiska förbundet',
    '--country',
    'se',
    '--city',
    'stockholm',
    '--source',
    'https://www.islamiskaforbundet.se/bonetider/ (2026)',
  ];

  it('when a published table is imported for a city, then the place comes from the cities list and every day is stored in its zone', async () => {
    const res = await ops(...IMPORT, STOCKHOLM);
    expect(res).toMatchObject({
      code: 0,
      out: expect.stringContaining('365 day(s) from 2026-01-01 to 2026-12-31, 365 new, 0 replaced'),
    });
    const t = await h.db.knex('published_timetables').first();
    expect(t).toMatchObject({
      authority: 'Islamiska förbundet',
      country_code: 'SE',
      city_name: 'Stockholm',
      tz_name: 'Europe/Stockholm',
    });
    expect(t.lat).toBeCloseTo(59.33, 1);
    const days = await h.db
      .knex('published_timetable_days')
      .where({ timetable_id: t.id })
      .whereIn('local_date', ['2026-01-01', '2026-06-21'])
      .orderBy('local_date');
    // 06:05 / 08:37 in winter (UTC+1), 02:21 / 03:25 at midsummer (UTC+2), as published.
    expect(days.map((d) => [d.fajr_at.toISOString(), d.sunrise_at.toISOString()])).toEqual([
      ['2026-01-01T05:05:00.000Z', '2026-01-01T07:37:00.000Z'],
      ['2026-06-21T00:21:00.000Z', '2026-06-21T01:25:00.000Z'],
    ]);
    expect((await ops('timetable', 'list')).out).toMatch(
      /Islamiska förbundet\s+Stockholm\s+SE\s+Europe\/Stockholm\s+365\s+2026-01-01\s+2026-12-31/,
    );
  });

  it('when it is imported again, then the same timetable is updated (days replaced), not duplicated', async () => {
    const file = await csvFile(
      'stockholm-fix.csv',
      'date,fajr,sunrise\n2026-01-01,06:06,08:37\n2027-01-01,06:05,08:37\n',
    );
    expect(
      await ops(...IMPORT.map((a) => (a === 'Islamiska förbundet' ? 'ISLAMISKA FÖRBUNDET' : a)), file),
    ).toMatchObject({ code: 0, out: expect.stringContaining('Updated timetable') });
    expect(Number((await h.db.knex('published_timetables').count('* as n'))[0]!.n)).toBe(1);
    expect(Number((await h.db.knex('published_timetable_days').count('* as n'))[0]!.n)).toBe(366);
  });

  it('when the city is not in the cities list, the file has bad rows, or options are missing, then nothing is imported', async () => {
    const before = await h.db.knex('published_timetable_days').count('* as n');
    expect(
      await ops('timetable', 'import', '--authority', 'X', '--country', 'SE', '--city', 'Atlantis', STOCKHOLM),
    ).toMatchObject({ code: 1, err: expect.stringContaining('No city "Atlantis" in SE') });
    const bad = await csvFile(
      'bad-published.csv',
      'date,fajr,sunrise\n2026-02-01,05:50,07:59\n2026-02-02,08:10,07:57\n',
    );
    expect(await ops(...IMPORT, bad)).toMatchObject({
      code: 1,
      err: expect.stringContaining('line 3: Fajr (08:10) must be before sunrise (07:57)'),
    });
    expect(await ops('timetable', 'import', '--authority', 'X', STOCKHOLM)).toMatchObject({
      code: 2,
      err: expect.stringContaining('Missing --country, --city'),
    });
    expect(
      await ops(
        'timetable',
        'import',
        '--authority',
        'X',
        '--country',
        'SE',
        '--city',
        'Kiruna',
        '--lat',
        '67.85',
        STOCKHOLM,
      ),
    ).toMatchObject({ code: 2 });
    expect(await h.db.knex('published_timetable_days').count('* as n')).toEqual(before);
  });

  it("when a yearless table is imported with --years and --standard-time, then it is laid on each year in that year's clock and the dates it lacks are named", async () => {
    // Rows of the Rijaset's Takvim (vaktija.ba's data, standard time); no 29 February row here.
    const takvim = await csvFile('takvim.csv', 'date,fajr,sunrise\n01-01,05:31,07:15\n03-27,03:56,05:38\n');
    const args = [
      'timetable',
      'import',
      '--authority',
      'Islamska zajednica',
      '--country',
      'BA',
      '--city',
      'Sarajevo',
      '--source',
      'vaktija.ba',
    ];
    expect(await ops(...args, '--years', '2027', takvim)).toMatchObject({
      code: 1,
      err: expect.stringContaining("give the table's times in standard time (--standard-time)"),
    });
    expect(await ops(...args, '--standard-time', takvim)).toMatchObject({
      code: 2,
      err: expect.stringContaining('--standard-time is for a yearless table'),
    });
    expect(await ops(...args, '--years', '2027-2060', '--standard-time', takvim)).toMatchObject({
      code: 2,
      err: expect.stringContaining('at most 30 years'),
    });
    const res = await ops(...args, '--years', '2027-2028', '--standard-time', takvim);
    expect(res).toMatchObject({
      code: 0,
      out: expect.stringContaining(
        '4 day(s) from 2027-01-01 to 2028-03-27, 4 new, 0 replaced; the yearless table laid on 2027–2028 (standard time, summer time added), not on 727 date(s) it has no row for: 2027-01-02,',
      ),
    });
    const t = await h.db.knex('published_timetables').where({ country_code: 'BA' }).first();
    const days = await h.db
      .knex('published_timetable_days')
      .where({ timetable_id: t.id })
      .whereIn('local_date', ['2027-03-27', '2028-03-27'])
      .orderBy('local_date');
    // 03:56 CET both years: 03:56 on the clock in 2027 (summer time from 28 March), 04:56 in 2028 (from 26 March).
    expect(days.map((d) => d.fajr_at.toISOString())).toEqual(['2027-03-27T02:56:00.000Z', '2028-03-27T02:56:00.000Z']);
  });
});
