import { isRamadan } from '../time/hijri';
import {
  coveredUntil,
  impossibleTime,
  jamaahDays,
  ruleOn,
  ruleProblem,
  startsOn,
  type DatedRule,
} from './jamaah-rules';

const EAST_LONDON = {
  lat: 51.5177,
  lng: -0.0654,
  tzName: 'Europe/London',
  calcMethod: 'MuslimWorldLeague',
  highLatRule: 'SeventhOfTheNight',
};
const at = (iso: string | null) => iso?.slice(11, 16);

describe("a mosque's jama'ah rules", () => {
  it('take the latest rule started by each date, and Ramadan’s own rule inside Ramadan', () => {
    const rules: DatedRule[] = [
      { from: '2026-01-01', rule: { kind: 'fixed', time: '06:15' }, ramadan: false },
      { from: '2026-12-10', rule: { kind: 'after-fajr', minutes: 20 }, ramadan: false },
      { from: '2026-01-01', rule: { kind: 'before-sunrise', minutes: 60 }, ramadan: true },
    ];
    expect(ruleOn(rules, '2026-12-09', false)!.rule).toEqual({ kind: 'fixed', time: '06:15' });
    expect(ruleOn(rules, '2026-12-10', false)!.rule).toEqual({ kind: 'after-fajr', minutes: 20 });
    expect(ruleOn(rules, '2026-12-10', true)!.rule).toEqual({ kind: 'before-sunrise', minutes: 60 });
    expect(ruleOn(rules, '2025-12-31', false)).toBeNull();
  });

  it('give fixed times in the mosque’s clock, across a daylight-saving change', () => {
    const days = jamaahDays(
      EAST_LONDON,
      [{ from: '2026-03-27', rule: { kind: 'fixed', time: '05:30' }, ramadan: false }],
      {},
      '2026-03-28',
      2,
    );
    expect(days.map((d) => d.jamaahAt)).toEqual(['2026-03-28T05:30:00+00:00', '2026-03-29T05:30:00+01:00']);
  });

  it('follow Fajr and sunrise by the mosque’s method, N minutes after or before', () => {
    const after = jamaahDays(
      EAST_LONDON,
      [{ from: '2026-06-01', rule: { kind: 'after-fajr', minutes: 20 }, ramadan: false }],
      {},
      '2026-12-01',
      1,
    )[0]!;
    const before = jamaahDays(
      EAST_LONDON,
      [{ from: '2026-06-01', rule: { kind: 'before-sunrise', minutes: 30 }, ramadan: false }],
      {},
      '2026-12-01',
      1,
    )[0]!;
    // MWL at East London on 1 December: Fajr 05:42, sunrise 07:40 (adhan, as the schedule shows them).
    expect([at(after.jamaahAt), after.source]).toEqual(['06:02', 'after-fajr']);
    expect([at(before.jamaahAt), before.source]).toEqual(['07:10', 'before-sunrise']);
  });

  it('read an uploaded calendar’s days and say where it runs out', () => {
    const rules: DatedRule[] = [{ from: '2026-12-01', rule: { kind: 'calendar' }, ramadan: false }];
    const calendar = { '2026-12-01': '2026-12-01T06:30:00+00:00', '2026-12-02': '2026-12-02T06:31:00+00:00' };
    const days = jamaahDays(EAST_LONDON, rules, calendar, '2026-12-01', 4);
    expect(days.map((d) => d.jamaahAt ?? ('why' in d ? d.why : ''))).toEqual([
      '2026-12-01T06:30:00+00:00',
      '2026-12-02T06:31:00+00:00',
      'not-in-calendar',
      'not-in-calendar',
    ]);
    expect(coveredUntil(days)).toBe('2026-12-02');
    // A "+20 minutes" rule from the 3rd takes over: nothing runs out.
    const then = jamaahDays(
      EAST_LONDON,
      [...rules, { from: '2026-12-03', rule: { kind: 'after-fajr', minutes: 20 }, ramadan: false }],
      calendar,
      '2026-12-01',
      30,
    );
    expect(coveredUntil(then)).toBeNull();
  });

  it('refuse times before Fajr begins or at sunrise and rules out of range', () => {
    expect(impossibleTime(EAST_LONDON, '2026-12-01', '2026-12-01T05:00:00+00:00')).toBe('before Fajr begins (05:42)');
    expect(impossibleTime(EAST_LONDON, '2026-12-01', '2026-12-01T07:50:00+00:00')).toBe('at or after sunrise (07:40)');
    expect(impossibleTime(EAST_LONDON, '2026-12-01', '2026-12-01T06:30:00+00:00')).toBeNull();
    expect(ruleProblem({ kind: 'fixed', time: '25:00' })).toBe('time must be HH:MM');
    expect(ruleProblem({ kind: 'after-fajr', minutes: -5 })).toMatch(/whole number from 0 to 180/);
    expect(ruleProblem({ kind: 'before-sunrise', minutes: 45 })).toBeNull();
  });

  it('know Ramadan by Umm al-Qura, with a day’s adjustment', () => {
    // Ramadan 1448 by Umm al-Qura: 8 February – 8 March 2027 (29 days).
    expect(isRamadan('2027-02-07')).toBe(false);
    expect(isRamadan('2027-02-08')).toBe(true);
    expect(isRamadan('2027-03-08')).toBe(true);
    expect(isRamadan('2027-03-09')).toBe(false);
    expect(isRamadan('2027-02-08', 1)).toBe(false);
  });

  it('count times that begin later from their start, and say when they begin', () => {
    const rules: DatedRule[] = [{ from: '2026-12-03', rule: { kind: 'fixed', time: '06:30' }, ramadan: false }];
    const days = jamaahDays(EAST_LONDON, rules, {}, '2026-12-01', 10);
    expect(startsOn(days)).toBe('2026-12-03');
    expect(coveredUntil(days)).toBeNull();
    const calendarOnly = jamaahDays(
      EAST_LONDON,
      [{ from: '2026-12-03', rule: { kind: 'calendar' }, ramadan: false }],
      { '2026-12-03': '2026-12-03T06:30:00+00:00' },
      '2026-12-01',
      10,
    );
    expect([startsOn(calendarOnly), coveredUntil(calendarOnly)]).toEqual(['2026-12-03', '2026-12-03']);
    expect(coveredUntil(jamaahDays(EAST_LONDON, [], {}, '2026-12-01', 3))).toBe('2026-11-30');
  });
});
