import { planDays } from './planner';
import { jamaahChangeOn } from './jamaah-change';
import type { CallPlan } from './types';

// Issue 46 point 4: a member hears the day before that their mosque's jama'ah moves 5 minutes or more.
const LONDON = {
  lat: 51.5177,
  lng: -0.0654,
  tzName: 'Europe/London',
  calcMethod: 'MuslimWorldLeague',
  highLatRule: 'SeventhOfTheNight',
};

describe("tomorrow's jama'ah change", () => {
  it('when tomorrow is 5 minutes or more from today, then today tells of it; 4 minutes is no news', () => {
    const jamaah = {
      '2026-12-01': '2026-12-01T06:10:00Z',
      '2026-12-02': '2026-12-02T06:15:00Z',
      '2026-12-03': '2026-12-03T06:19:00Z',
      '2026-12-04': '2026-12-04T06:05:00Z',
    };
    expect(jamaahChangeOn(jamaah, '2026-12-01', 'Europe/London')).toEqual({
      date: '2026-12-02',
      jamaahAt: '2026-12-02T06:15:00Z',
    });
    expect(jamaahChangeOn(jamaah, '2026-12-02', 'Europe/London')).toBeNull();
    // Earlier counts as much as later.
    expect(jamaahChangeOn(jamaah, '2026-12-03', 'Europe/London')).toMatchObject({ date: '2026-12-04' });
  });

  it('when a fixed time crosses a daylight-saving change, then the clock stays and nothing is told', () => {
    // 06:00 local on both days: 06:00 GMT, then 06:00 BST (05:00 UTC).
    const jamaah = { '2026-03-28': '2026-03-28T06:00:00Z', '2026-03-29': '2026-03-29T05:00:00Z' };
    expect(jamaahChangeOn(jamaah, '2026-03-28', 'Europe/London')).toBeNull();
  });

  it("when either day has no time of the mosque's own (a stated fallback), then nothing is told", () => {
    expect(jamaahChangeOn({ '2026-12-01': '2026-12-01T06:10:00Z' }, '2026-12-01', 'Europe/London')).toBeNull();
    expect(jamaahChangeOn({ '2026-12-02': '2026-12-02T06:30:00Z' }, '2026-12-01', 'Europe/London')).toBeNull();
  });

  it("when planned, then the day before the change carries it in the mosque's zone, and the changed day does not", () => {
    const plan: CallPlan = {
      kind: 'mosque',
      mosqueId: 'm1',
      place: LONDON,
      jamaah: { '2026-12-01': '2026-12-01T06:10:00Z', '2026-12-02': '2026-12-02T06:40:00Z' },
    };
    const [today, tomorrow] = planDays(plan, '2026-12-01', 2);
    expect(today!.jamaahChange).toEqual({ date: '2026-12-02', jamaahAt: '2026-12-02T06:40:00+00:00' });
    expect(tomorrow!.jamaahChange).toBeUndefined();
    // The same day with an unchanged tomorrow (a cached day must not leak the notice).
    const same: CallPlan = { ...plan, jamaah: { ...plan.jamaah, '2026-12-02': '2026-12-02T06:12:00Z' } };
    expect(planDays(same, '2026-12-01', 1)[0]!.jamaahChange).toBeUndefined();
  });
});
