import { fajrAndSunrise } from './sun';
import { planDays } from './planner';
import type { CallPlan } from './types';

// Issue 46: a member's own lead before the jama'ah, and the mosque's stated fallback where its times run out.
const EAST_LONDON = {
  lat: 51.5177,
  lng: -0.0654,
  tzName: 'Europe/London',
  calcMethod: 'MuslimWorldLeague',
  highLatRule: 'SeventhOfTheNight',
};
const minutes = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

describe("a mosque member's plan", () => {
  const plan = (extra: Partial<Extract<CallPlan, { kind: 'mosque' }>>): CallPlan => ({
    kind: 'mosque',
    mosqueId: 'm1',
    place: EAST_LONDON,
    jamaah: { '2026-12-01': '2026-12-01T06:30:00Z' },
    ...extra,
  });

  it('calls the member their own number of minutes before the jama’ah', () => {
    const [day] = planDays(plan({ leadMinutes: 15 }), '2026-12-01', 1);
    expect(day).toMatchObject({ status: 'call', callAt: '2026-12-01T06:15:00+00:00' });
    const [spec] = planDays(plan({}), '2026-12-01', 1);
    expect(spec!.callAt).toBe('2026-12-01T06:00:00+00:00');
  });

  it('past the mosque’s own times, calls by its stated gap after the calculated Fajr and says so', () => {
    const [, next] = planDays(plan({ leadMinutes: 20, fallbackGapMinutes: 25 }), '2026-12-01', 2);
    const fajr = fajrAndSunrise(EAST_LONDON, '2026-12-02').fajr!;
    expect(next).toMatchObject({ status: 'call', mosqueFallback: { gapMinutes: 25 } });
    expect(minutes(fajr.toISOString(), next!.fajrAt!)).toBe(25);
    expect(minutes(next!.callAt!, next!.fajrAt!)).toBe(20);
    expect(next!.note).toMatch(/25 minutes after the calculated Fajr/);
  });

  it('never calls before Fajr begins, however early the member asks', () => {
    const [, next] = planDays(plan({ leadMinutes: 60, fallbackGapMinutes: 10 }), '2026-12-01', 2);
    const fajr = fajrAndSunrise(EAST_LONDON, '2026-12-02').fajr!;
    expect(Date.parse(next!.callAt!)).toBe(fajr.getTime());
  });

  it('without a known gap, a day past the times has no call and says why (as before)', () => {
    const [, next] = planDays(plan({}), '2026-12-01', 2);
    expect(next).toMatchObject({ status: 'no-timetable', callAt: null });
  });
});
