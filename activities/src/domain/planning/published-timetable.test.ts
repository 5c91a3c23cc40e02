import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parsePublishedTimetableCsv } from '../timetable-csv';
import { nextCall, planDays } from './planner';
import type { CallPlan } from './types';

// Islamiska förbundet's own 2026 Stockholm table (activities/test/fixtures/official-timetables,
// provenance in SOURCES.md): an authority that publishes a table, not a method no formula reproduces.
const FIXTURE = path.join(__dirname, '../../../test/fixtures/official-timetables/islamiska-forbundet-stockholm.csv');
const csv = readFileSync(FIXTURE, 'utf8');
const rows = new Map(
  csv
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => {
      const [date, fajr, sunrise] = l.split(',');
      return [date!, { fajr: fajr!, sunrise: sunrise! }];
    }),
);
const parsed = parsePublishedTimetableCsv(csv, 'Europe/Stockholm');
if (!parsed.ok) throw new Error('the fixture does not parse');
const LABEL = 'Islamiska förbundet — published timetable for Stockholm';

/** A Stockholm home user of the table; `without` dates are left out of it, as a gap in what was imported. */
function plan(offsetMinutes = 0, without: string[] = []): CallPlan {
  const days: Record<string, { fajrAt: string; sunriseAt: string | null }> = {};
  for (const r of (parsed as { rows: { localDate: string; fajrAt: string; sunriseAt: string | null }[] }).rows) {
    if (!without.includes(r.localDate)) days[r.localDate] = { fajrAt: r.fajrAt, sunriseAt: r.sunriseAt };
  }
  return {
    kind: 'home',
    place: {
      lat: 59.3293,
      lng: 18.0686,
      tzName: 'Europe/Stockholm',
      calcMethod: 'MuslimWorldLeague',
      highLatRule: 'SeventhOfTheNight',
      polarConvention: 'AqrabBalad',
    },
    offsetMinutes,
    published: { label: LABEL, days },
  };
}

describe("planner: an authority's published timetable chosen instead of a method", () => {
  it('uses the published Fajr and sunrise exactly on every day of the year, DST changes included, and names the table', () => {
    const year = planDays(plan(), '2026-01-01', 365);
    expect(year).toHaveLength(365);
    for (const d of year) {
      expect(d).toMatchObject({ status: 'call', timetable: LABEL });
      expect(d.fajrAt!.slice(11, 16)).toBe(rows.get(d.date)!.fajr);
      expect(d.sunriseAt!.slice(11, 16)).toBe(rows.get(d.date)!.sunrise);
      expect(d.callAt).toBe(d.fajrAt);
    }
    // The spring change (29 March): the table's wall-clock times, in the new offset.
    expect(year.find((d) => d.date === '2026-03-29')).toMatchObject({
      fajrAt: `2026-03-29T${rows.get('2026-03-29')!.fajr}:00+02:00`,
    });
    expect(year.find((d) => d.date === '2026-03-28')).toMatchObject({
      fajrAt: `2026-03-28T${rows.get('2026-03-28')!.fajr}:00+01:00`,
    });
  });

  it('differs from what the method computes (why the table is offered at all): midsummer Fajr 24 minutes apart even with the seventh-of-the-night rule', () => {
    const table = planDays(plan(), '2026-06-21', 1)[0]!;
    const { published: _none, ...method } = plan() as Extract<CallPlan, { kind: 'home' }>;
    const computed = planDays(method, '2026-06-21', 1)[0]!;
    expect(Math.abs(Date.parse(table.fajrAt!) - Date.parse(computed.fajrAt!)) / 60_000).toBeGreaterThan(10);
    expect(computed.timetable).toBeUndefined();
  });

  it('adds the call time preference to the published Fajr', () => {
    const d = planDays(plan(20), '2026-11-23', 1)[0]!;
    expect(d.fajrAt).toBe(`2026-11-23T${rows.get('2026-11-23')!.fajr}:00+01:00`);
    expect((Date.parse(d.callAt!) - Date.parse(d.fajrAt!)) / 60_000).toBe(20);
  });

  it('falls back to the method on a date the table lacks (never silence), and says which table ran out', () => {
    const days = planDays(plan(0, ['2026-11-24']), '2026-11-23', 3);
    expect(days.map((d) => d.status)).toEqual(['call', 'call', 'call']);
    const { published: _none, ...method } = plan() as Extract<CallPlan, { kind: 'home' }>;
    const computed = planDays(method, '2026-11-24', 1)[0]!;
    expect(days[1]).toEqual({
      date: '2026-11-24',
      status: 'call',
      fajrAt: computed.fajrAt,
      sunriseAt: computed.sunriseAt,
      callAt: computed.fajrAt,
      timetableFallback: LABEL,
      note: `${LABEL} has no time for this date: Fajr is calculated with your method instead`,
    });
    expect(days[1]!.timetable).toBeUndefined();
    expect(nextCall(plan(0, ['2026-11-24']), new Date('2026-11-23T12:00:00Z'), null)?.date).toBe('2026-11-24');
    // Past the table's last day the method gives every call, each marked as the fallback.
    const after = planDays(plan(), '2026-12-31', 3);
    expect(after.map((d) => [d.status, d.timetable ?? null, d.timetableFallback ?? null])).toEqual([
      ['call', LABEL, null],
      ['call', null, LABEL],
      ['call', null, LABEL],
    ]);
  });
});

describe('parsePublishedTimetableCsv', () => {
  it('reads date, fajr and sunrise (ignoring the other prayers) as instants in the zone', () => {
    expect(parsed.ok && parsed.rows.length).toBe(365);
    expect(parsePublishedTimetableCsv('date,fajr\n2026-07-01,02:30\n', 'Europe/Stockholm')).toEqual({
      ok: true,
      rows: [{ localDate: '2026-07-01', fajrAt: '2026-07-01T02:30:00+02:00', sunriseAt: null }],
    });
  });

  it('refuses the whole file for any bad row, naming each', () => {
    const bad = parsePublishedTimetableCsv(
      [
        'date,fajr,sunrise',
        '2026-01-01,06:05,08:37',
        '2026-01-02,09:00,08:37',
        '2026-01-03,6.04,08:36',
        '2026-01-01,06:05,08:37',
        '2026-03-29,02:30,05:50',
        '2026-01-05,06:03',
      ].join('\n'),
      'Europe/Stockholm',
    );
    expect(bad).toEqual({
      ok: false,
      errors: [
        { line: 3, message: 'Fajr (09:00) must be before sunrise (08:37)' },
        { line: 4, message: '"6.04" is not a time (HH:MM, 00:00 to 23:59)' },
        { line: 5, message: '2026-01-01 is listed twice (also on line 2)' },
        { line: 6, message: '2026-03-29 02:30 does not exist in Europe/Stockholm (daylight-saving change)' },
        { line: 7, message: 'expected 3 columns as in the header, found 2' },
      ],
    });
    expect(parsePublishedTimetableCsv('day,subuh\n', 'Asia/Jakarta')).toMatchObject({
      ok: false,
      errors: [{ line: 1, message: expect.stringContaining('"date" and a "fajr"') }],
    });
  });
});
