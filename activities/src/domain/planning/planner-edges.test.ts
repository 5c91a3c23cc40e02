import { DateTime } from 'luxon';
import { parseTimetableCsv } from '../timetable-csv';
import { localDateOf } from '../time/zone-clock';
import { MOSQUE_CALL_LEAD_MINUTES, planDays } from './planner';
import { home, LONDON, minutesBetween, NEW_YORK, one, place, SYDNEY, wall } from './planner-fixtures';
import { PlanningError, type CallPlan, type Place } from './types';

// The planner on the year's edges: polar night by the user's convention, daylight-saving change days,
// mosque users' jama'ah, and a zone whose offset changed (Morocco). Fixed places and dates: planner.test.ts.

describe("planner: polar night in Tromsø by the user's convention", () => {
  // Tromsø's polar night (no sunrise) runs from about 28 November to 15 January.
  const tromso = (polarConvention: string) =>
    home({ ...place(69.6492, 18.9553, 'Europe/Oslo', 'MuslimWorldLeague', 'SeventhOfTheNight'), polarConvention });
  const stretch = (c: string) => planDays(tromso(c), '2026-11-20', 62);

  it.each(['NearestDaysBlended', 'AqrabBalad', 'AqrabYaum'])(
    '%s: every day from 20 Nov to 20 Jan has a Fajr before its sunrise, the convention days name it, and times move by at most 25 min a day',
    (c) => {
      const days = stretch(c);
      expect(days).toHaveLength(62);
      expect(days.filter((d) => d.status !== 'call')).toEqual([]);
      for (const d of days) expect(Date.parse(d.fajrAt!)).toBeLessThan(Date.parse(d.sunriseAt!));
      const byConvention = days.filter((d) => d.convention);
      // The polar night itself (and the day before it, whose night adhan ends at tomorrow's sunrise).
      expect(byConvention.length).toBeGreaterThanOrEqual(49);
      for (const d of byConvention) {
        expect(d.convention).toBe(c);
        expect(d.note).toMatch(/polar-day rule/);
      }
      expect(days.find((d) => d.date === '2026-12-21')!.convention).toBe(c);
      expect(days.find((d) => d.date === '2026-11-20')!.convention).toBeUndefined();
      expect(days.find((d) => d.date === '2027-01-20')!.convention).toBeUndefined();
      // Measured: AqrabBalad steps 0.5° of latitude (up to 22 min), AqrabYaum switches from the last
      // normal date before to the first after at mid-night-season (25 min); real days here move ≤ 11.
      for (let i = 1; i < days.length; i += 1) {
        expect(Math.abs(minutesBetween(days[i - 1]!.fajrAt!, days[i]!.fajrAt!) - 24 * 60)).toBeLessThanOrEqual(25);
      }
    },
  );

  // The rule and the figures: docs/PRAYER-TIMES.md "Polar days". A day-to-day step is how much later
  // (or earlier) Fajr is than 24 hours after the day before's, so a DST change is no step.
  const steps = (
    days: { fajrAt: string | null; sunriseAt: string | null; convention?: string }[],
    which: 'fajrAt' | 'sunriseAt',
  ) =>
    days.slice(1).map((d, i) => ({
      byConvention: Boolean(d.convention || days[i]!.convention),
      step: Math.abs(minutesBetween(days[i]![which]!, d[which]!) - 24 * 60),
    }));
  const year = (lat: number, lng: number, tz: string, c: string) =>
    planDays(
      home({ ...place(lat, lng, tz, 'MuslimWorldLeague', 'SeventhOfTheNight'), polarConvention: c }),
      '2026-07-01',
      365,
    );

  it.each([
    ['Tromsø', 69.6492, 18.9553, 'Europe/Oslo', 119, 35],
    ['Longyearbyen', 78.2232, 15.6267, 'Arctic/Longyearbyen', 242, 37],
  ] as const)(
    'NearestDaysBlended (the default) in %s over a year: a time every day, never moving more than 3 min a day by the convention (AqrabBalad jumps by tens of minutes)',
    (_name, lat, lng, tz, polarDays, balad) => {
      const blended = year(lat, lng, tz, 'NearestDaysBlended');
      expect(blended.every((d) => d.status === 'call' && Date.parse(d.fajrAt!) < Date.parse(d.sunriseAt!))).toBe(true);
      expect(blended.filter((d) => d.convention === 'NearestDaysBlended')).toHaveLength(polarDays);
      const fajr = steps(blended, 'fajrAt').filter((s) => s.byConvention);
      const sunrise = steps(blended, 'sunriseAt').filter((s) => s.byConvention);
      expect(Math.max(...fajr.map((s) => s.step))).toBeLessThanOrEqual(3);
      expect(Math.max(...sunrise.map((s) => s.step))).toBeLessThanOrEqual(3);
      // What it replaces: adhan's nearest latitude jumps by tens of minutes at its 0.5° steps.
      expect(
        Math.max(
          ...steps(year(lat, lng, tz, 'AqrabBalad'), 'fajrAt')
            .filter((s) => s.byConvention)
            .map((s) => s.step),
        ),
      ).toBe(balad);
      // Elsewhere the method's own times, untouched (the same as with no convention).
      const none = year(lat, lng, tz, 'None');
      blended.forEach((d, i) => {
        if (!d.convention) expect(d).toEqual(none[i]);
      });
    },
  );

  it("'None' keeps no Fajr and no call on the polar-night days, and names no convention", () => {
    const days = stretch('None');
    const none = days.filter((d) => d.status === 'no-fajr');
    expect(none.map((d) => d.date)[0]).toBe('2026-11-28');
    expect(none.map((d) => d.date).at(-1)).toBe('2027-01-15');
    expect(none).toHaveLength(49);
    expect(days.some((d) => d.convention)).toBe(false);
    expect(none.every((d) => d.callAt === null && d.fajrAt === null)).toBe(true);
  });

  it('a convention changes nothing where the sun rises and sets (London, a whole year)', () => {
    const plain = planDays(home(LONDON), '2026-01-01', 365);
    const withRule = planDays(home({ ...LONDON, polarConvention: 'AqrabBalad' }), '2026-01-01', 365);
    expect(withRule).toEqual(plain);
  });

  it('rejects an unknown convention', () => {
    expect(() => planDays(tromso('Nearest'), '2026-12-01', 1)).toThrow(PlanningError);
  });
});

describe('planner: daylight-saving change days', () => {
  // On a change day the UTC offset in the answer changes; the sun keeps its pace, so the instant
  // moves by a few minutes at most versus the day before while the local wall time jumps an hour.
  const cases: [string, Place, string, string, string][] = [
    ['London spring', LONDON, '2026-03-28', '+00:00', '+01:00'],
    ['London autumn', LONDON, '2026-10-24', '+01:00', '+00:00'],
    ['New York spring', NEW_YORK, '2026-03-07', '-05:00', '-04:00'],
    ['New York autumn', NEW_YORK, '2026-10-31', '-04:00', '-05:00'],
    ['Sydney autumn', SYDNEY, '2026-04-04', '+11:00', '+10:00'],
    ['Sydney spring', SYDNEY, '2026-10-03', '+10:00', '+11:00'],
  ];
  it.each(cases)('%s', (_name, p, dayBefore, offBefore, offAfter) => {
    const [before, change, after] = planDays(home(p, 10), dayBefore, 3);
    expect(before!.callAt!.endsWith(offBefore)).toBe(true);
    expect(change!.callAt!.endsWith(offAfter)).toBe(true);
    expect(after!.callAt!.endsWith(offAfter)).toBe(true);
    const wallShift = (a: string, b: string) =>
      Math.abs(
        DateTime.fromISO(`2000-01-01T${wall(b)}`).diff(DateTime.fromISO(`2000-01-01T${wall(a)}`), 'minutes').minutes,
      );
    expect(Math.abs(wallShift(before!.callAt!, change!.callAt!) - 60)).toBeLessThanOrEqual(3);
    const instantShift = minutesBetween(before!.callAt!, change!.callAt!) - 24 * 60;
    expect(Math.abs(instantShift)).toBeLessThanOrEqual(3);
    expect(minutesBetween(change!.fajrAt!, change!.callAt!)).toBe(10);
  });

  it('New York spring forward exactly', () => {
    expect(planDays(home(NEW_YORK), '2026-03-07', 2).map((d) => d.fajrAt)).toEqual([
      '2026-03-07T05:06:00-05:00',
      '2026-03-08T06:04:00-04:00',
    ]);
  });
});

describe('planner: mosque users', () => {
  const mosquePlace = place(51.5175, -0.0653, 'Europe/London');
  const plan: CallPlan = {
    kind: 'mosque',
    mosqueId: 'm1',
    place: mosquePlace,
    jamaah: { '2026-03-28': '2026-03-28T05:30:00Z', '2026-03-29': '2026-03-29T05:30:00+01:00' },
  };
  it('calls 30 minutes before the jamaah, whatever the offset, and reports a missing timetable day', () => {
    const [a, b, c] = planDays(plan, '2026-03-28', 3);
    expect(a).toMatchObject({
      status: 'call',
      fajrAt: '2026-03-28T05:30:00+00:00',
      callAt: '2026-03-28T05:00:00+00:00',
    });
    expect(b).toMatchObject({
      status: 'call',
      fajrAt: '2026-03-29T05:30:00+01:00',
      callAt: '2026-03-29T05:00:00+01:00',
    });
    expect(minutesBetween(b!.callAt!, b!.fajrAt!)).toBe(MOSQUE_CALL_LEAD_MINUTES);
    expect(c).toMatchObject({ status: 'no-timetable', callAt: null, fajrAt: null });
    expect(c!.sunriseAt).toMatch(/^2026-03-30T06:/);
  });
});

describe("planner: Morocco's clock (UTC+0 from 2026-09-20; this Node's Intl, tz 2025c, still says UTC+1)", () => {
  const CASABLANCA = place(33.5731, -7.5898, 'Africa/Casablanca', 'Morocco');

  it('when a Casablanca schedule is planned, then its local times are at UTC+1 before 2026-09-20 and UTC+0 after', () => {
    const offsetOf = (date: string) => one(home(CASABLANCA), date).fajrAt!.slice(19);
    expect(offsetOf('2026-08-01')).toBe('+01:00');
    for (const d of ['2026-09-21', '2026-11-23', '2027-03-01']) expect([d, offsetOf(d)]).toEqual([d, '+00:00']);
    // Habous's own Casablanca table after the change reads at UTC+0 (measured, not committed: docs/PRAYER-TIMES.md).
    expect(wall(one(home(CASABLANCA), '2026-09-26').fajrAt!)).toMatch(/^04:/);
    expect(localDateOf(new Date('2026-11-23T23:30:00Z'), 'Africa/Casablanca')).toBe('2026-11-23');
  });

  it("when a Casablanca mosque's jamaah is a wall-clock time, then the call rings 30 minutes before it at that wall clock", () => {
    const parsed = parseTimetableCsv('date,jamaah_time\n2026-08-01,05:30\n2026-11-23,06:45\n', 'Africa/Casablanca');
    if (!parsed.ok) throw new Error('timetable did not parse');
    expect(parsed.rows.map((r) => r.jamaahAt)).toEqual(['2026-08-01T05:30:00+01:00', '2026-11-23T06:45:00+00:00']);
    const plan: CallPlan = {
      kind: 'mosque',
      mosqueId: 'casa',
      place: CASABLANCA,
      jamaah: Object.fromEntries(parsed.rows.map((r) => [r.localDate, r.jamaahAt])),
    };
    expect(one(plan, '2026-08-01')).toMatchObject({
      fajrAt: '2026-08-01T05:30:00+01:00',
      callAt: '2026-08-01T05:00:00+01:00',
    });
    const nov = one(plan, '2026-11-23');
    expect(nov).toMatchObject({ fajrAt: '2026-11-23T06:45:00+00:00', callAt: '2026-11-23T06:15:00+00:00' });
    // The instant: 06:15 UTC (with Intl's UTC+1 it rang at 05:15 UTC, an hour early).
    expect(new Date(nov.callAt!).toISOString()).toBe('2026-11-23T06:15:00.000Z');
  });
});
