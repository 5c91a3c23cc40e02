import { parseTimetableCsv } from './timetable-csv';

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
    expect(parseTimetableCsv('date,jamaah_time\n', 'UTC')).toEqual({ ok: false, errors: [{ line: 1, message: 'the file has no rows' }] });
  });
});
