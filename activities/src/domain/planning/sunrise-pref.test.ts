import { callInstant, planDays } from './planner';
import { one, place } from './planner-fixtures';
import type { CallPlan, Place } from './types';

/** Call time preferences counted back from sunrise (issue 47 point 2): "N minutes before sunrise". */

const beforeSunrise = (p: Place, minutes: number): CallPlan => ({
  kind: 'home',
  place: p,
  offsetMinutes: -minutes,
  relativeTo: 'sunrise',
});

const MAKKAH = place(21.4225, 39.8262, 'Asia/Riyadh', 'UmmAlQura');
// Oslo at midsummer by the seventh of the night: Fajr 03:09, sunrise 03:50 (planner.test.ts), 41 minutes.
const OSLO_SEVENTH = place(59.9139, 10.7522, 'Europe/Oslo', 'MuslimWorldLeague', 'SeventhOfTheNight');

describe('planner: call time preferences before sunrise', () => {
  it('calls N minutes before the day’s sunrise (Makkah: Fajr 04:12, sunrise 05:39)', () => {
    for (const [minutes, call] of [
      [30, '05:09'],
      [45, '04:54'],
      [60, '04:39'],
    ] as const) {
      const d = one(beforeSunrise(MAKKAH, minutes), '2026-06-21');
      expect(d).toMatchObject({
        status: 'call',
        fajrAt: '2026-06-21T04:12:00+03:00',
        sunriseAt: '2026-06-21T05:39:00+03:00',
        callAt: `2026-06-21T${call}:00+03:00`,
      });
    }
  });

  it('never calls before Fajr starts: when sunrise − N is earlier, the call is at Fajr', () => {
    expect(one(beforeSunrise(OSLO_SEVENTH, 60), '2026-06-21')).toMatchObject({
      fajrAt: '2026-06-21T03:09:00+02:00',
      sunriseAt: '2026-06-21T03:50:00+02:00',
      callAt: '2026-06-21T03:09:00+02:00',
    });
    expect(one(beforeSunrise(OSLO_SEVENTH, 30), '2026-06-21').callAt).toBe('2026-06-21T03:20:00+02:00');
    // A whole year at several latitudes: always from Fajr to sunrise.
    for (const p of [MAKKAH, OSLO_SEVENTH, place(51.5074, -0.1278, 'Europe/London', 'MuslimWorldLeague')]) {
      for (const d of planDays(beforeSunrise(p, 60), '2026-01-01', 365)) {
        expect(Date.parse(d.callAt!)).toBeGreaterThanOrEqual(Date.parse(d.fajrAt!));
        expect(Date.parse(d.callAt!)).toBeLessThan(Date.parse(d.sunriseAt!));
      }
    }
  });

  it('a date with no Fajr (Tromsø’s polar day) has no call, as for the preferences counted from Fajr', () => {
    const d = one(beforeSunrise(place(69.6492, 18.9553, 'Europe/Oslo', 'MuslimWorldLeague'), 30), '2026-06-21');
    expect(d).toMatchObject({ status: 'no-fajr', callAt: null, fajrAt: null });
  });

  it("on a polar-night date a polar-day rule's Fajr and sunrise are used, and the call is between them", () => {
    const tromso = {
      ...place(69.6492, 18.9553, 'Europe/Oslo', 'MuslimWorldLeague', 'SeventhOfTheNight'),
      polarConvention: 'NearestDaysBlended',
    };
    const d = one(beforeSunrise(tromso, 30), '2026-12-21');
    expect(d).toMatchObject({ status: 'call', convention: 'NearestDaysBlended' });
    const expected = Math.max(Date.parse(d.fajrAt!), Date.parse(d.sunriseAt!) - 30 * 60_000);
    expect(Date.parse(d.callAt!)).toBe(expected);
  });

  it('with no sunrise at all, the call is at Fajr (the instant is never guessed)', () => {
    const fajr = new Date('2026-06-21T01:00:00Z');
    expect(callInstant(fajr, null, -30, 'sunrise')).toEqual(fajr);
    expect(callInstant(fajr, new Date('2026-06-21T02:00:00Z'), -45, 'sunrise')).toEqual(
      new Date('2026-06-21T01:15:00Z'),
    );
    // Counted from Fajr, as before.
    expect(callInstant(fajr, null, 20, 'fajr')).toEqual(new Date('2026-06-21T01:20:00Z'));
  });

  it("a published timetable's sunrise counts: its own row", () => {
    const plan: CallPlan = {
      ...beforeSunrise(MAKKAH, 45),
      published: {
        label: 'A published timetable',
        days: { '2026-06-21': { fajrAt: '2026-06-21T01:10:00Z', sunriseAt: '2026-06-21T02:40:00Z' } },
      },
    } as CallPlan;
    expect(one(plan, '2026-06-21').callAt).toBe('2026-06-21T04:55:00+03:00');
  });

  it('the same minutes counted from Fajr or from sunrise are different days (the day cache tells them apart)', () => {
    const fromFajr: CallPlan = { kind: 'home', place: MAKKAH, offsetMinutes: -30 };
    expect(one(fromFajr, '2026-06-21').callAt).toBe('2026-06-21T03:42:00+03:00');
    expect(one(beforeSunrise(MAKKAH, 30), '2026-06-21').callAt).toBe('2026-06-21T05:09:00+03:00');
  });
});
