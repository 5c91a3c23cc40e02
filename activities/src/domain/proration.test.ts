import { monthBefore, proratedChange } from './proration';

describe('proratedChange', () => {
  const end = new Date('2026-12-28T08:00:00Z');

  it('charges the difference for the part of the month left: Plus to Premium with 10 of 30 days left is a third of 2.00', () => {
    expect(monthBefore(end).toISOString()).toBe('2026-11-28T08:00:00.000Z');
    expect(proratedChange(399, 599, end, new Date('2026-12-18T08:00:00Z'))).toBe(200 - 133);
  });

  it('charges the whole difference at the start of the period and nothing after its end', () => {
    expect(proratedChange(399, 599, end, new Date('2026-11-28T08:00:00Z'))).toBe(200);
    expect(proratedChange(399, 599, end, new Date('2027-01-01T00:00:00Z'))).toBe(0);
  });

  it('credits a move down', () => {
    expect(proratedChange(599, 99, end, new Date('2026-11-28T08:00:00Z'))).toBe(-500);
  });
});
