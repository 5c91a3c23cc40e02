import { parsePublishedTimetableCsv, parseTimetableCsv, parseYearlessTimetableCsv } from './timetable-csv';

describe('parseTimetableCsv', () => {
  it('resolves local dates and times to instants in the zone, across daylight saving', () => {
    const csv = '\uFEFFdate,jamaah_time\r\n2026-03-28,05:30\r\n2026-03-29,05:30\r\n2026-07-01, 3:45\r\n\r\n';
    expect(parseTimetableCsv(csv, 'Europe/London')).toEqual({
      ok: true,
      rows: [
        { localDate: '2026-03-28', jamaahAt: '2026-03-28T05:30:00+00:00' },
        { localDate: '2026-03-29', jamaahAt: '2026-03-29T05:30:00+01:00' },
        { localDate: '2026-07-01', jamaahAt: '2026-07-01T03:45:00+01:00' },
      ],
    });
  });

  it('names every bad row with its line number and returns no rows', () => {
    const csv = [
      'date,jamaah_time',
      '2026-01-01,06:00',
      '2026-02-30,06:00',
      '01/03/2026,06:00',
      '2026-01-02,25:00',
      '2026-01-03,6.15',
      '2026-01-04',
      '2026-01-01,06:05',
      '2026-03-29,01:30',
    ].join('\n');
    const parsed = parseTimetableCsv(csv, 'Europe/London');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(parsed.errors[0]!.message).toContain('2026-02-30');
    expect(parsed.errors[5]!.message).toContain('line 2');
    expect(parsed.errors[6]!.message).toContain('daylight-saving');
  });

  it('rejects a wrong header and an empty file', () => {
    expect(parseTimetableCsv('day,time\n2026-01-01,06:00', 'UTC')).toEqual({
      ok: false,
      errors: [{ line: 1, message: 'the header must be "date,jamaah_time", found "day,time"' }],
    });
    expect(parseTimetableCsv('date,jamaah_time\n', 'UTC')).toEqual({
      ok: false,
      errors: [{ line: 1, message: 'the file has no rows' }],
    });
  });
});

describe('parseYearlessTimetableCsv (a perpetual table, the same every year)', () => {
  // Rows of the Rijaset's Takvim for Sarajevo (vaktija.ba's data, in standard time, CET).
  const TAKVIM = 'date,fajr,sunrise,dhuhr\n01-01,05:31,07:15,11:51\n02-29,04:44,06:19,12:00\n03-27,03:56,05:38,11:52\n';
  const laid = (csv: string, zone: string, fromYear: number, toYear: number, standardTime: boolean) =>
    parseYearlessTimetableCsv(csv, zone, { fromYear, toYear, standardTime });

  it("lays each row on every year, 29 February on leap years only, and adds each year's own summer time to standard time", () => {
    const parsed = laid(TAKVIM, 'Europe/Sarajevo', 2027, 2028, true);
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { localDate: '2027-01-01', fajrAt: '2027-01-01T05:31:00+01:00', sunriseAt: '2027-01-01T07:15:00+01:00' },
        // Summer time starts on 28 March in 2027 and on 26 March in 2028: the same row, an hour apart on the clock.
        { localDate: '2027-03-27', fajrAt: '2027-03-27T03:56:00+01:00', sunriseAt: '2027-03-27T05:38:00+01:00' },
        { localDate: '2028-01-01', fajrAt: '2028-01-01T05:31:00+01:00', sunriseAt: '2028-01-01T07:15:00+01:00' },
        { localDate: '2028-02-29', fajrAt: '2028-02-29T04:44:00+01:00', sunriseAt: '2028-02-29T06:19:00+01:00' },
        { localDate: '2028-03-27', fajrAt: '2028-03-27T04:56:00+02:00', sunriseAt: '2028-03-27T06:38:00+02:00' },
      ],
    });
  });

  it('takes the times as the clock reads where the zone never changes it (Colombo), and needs standard time where it does', () => {
    const parsed = laid('date,fajr,sunrise\n06-21,04:26,05:51\n', 'Asia/Colombo', 2026, 2027, false);
    expect(parsed.ok && parsed.rows.map((r) => r.fajrAt)).toEqual([
      '2026-06-21T04:26:00+05:30',
      '2027-06-21T04:26:00+05:30',
    ]);
    expect(laid(TAKVIM, 'Europe/Sarajevo', 2027, 2027, false)).toEqual({
      ok: false,
      errors: [
        {
          line: 1,
          message:
            "Europe/Sarajevo changes its clock on dates that move from year to year: give the table's times in standard time (--standard-time)",
        },
      ],
    });
  });

  it('names every row that is not a day of the year, is listed twice or has Fajr after sunrise; a dated table is told to use --years', () => {
    const parsed = laid(
      'date,fajr,sunrise\n01-01,05:31,07:15\n2026-01-02,05:31,07:15\n02-30,05:00,06:30\n01-01,05:32,07:15\n01-03,07:20,07:15\n',
      'Europe/Sarajevo',
      2027,
      2027,
      true,
    );
    expect(parsed.ok === false && parsed.errors).toEqual([
      { line: 3, message: '"2026-01-02" is not a day of the year (MM-DD; the table has no year)' },
      { line: 4, message: '"02-30" is not a day of the year (MM-DD; the table has no year)' },
      { line: 5, message: '01-01 is listed twice (also on line 2)' },
      { line: 6, message: 'Fajr (07:20) must be before sunrise (07:15)' },
    ]);
    const dated = parsePublishedTimetableCsv(TAKVIM, 'Europe/Sarajevo');
    expect(dated.ok === false && dated.errors[0]).toEqual({
      line: 2,
      message: '"01-01" has no year: a yearless table is laid on years (timetable import --years)',
    });
  });
});
