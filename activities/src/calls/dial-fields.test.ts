import type { CallPlanSource } from '../repositories/call-plans.repository';
import { speechOf } from './dial-fields';

describe("a dial's speech for the last call before sunrise (issue 47 point 1)", () => {
  it('counts the minutes from the moment it is dialled; other kinds say nothing of sunrise', () => {
    const src = { callLanguage: 'en', tzName: 'Europe/London' } as CallPlanSource;
    const sunriseAt = '2026-06-21T03:43:00Z';
    expect(speechOf(src, 'sunrise', new Date('2026-06-21T03:23:00.300Z'), undefined, sunriseAt)).toMatchObject({
      sunriseMinutes: 20,
    });
    expect(speechOf(src, 'repeat', new Date('2026-06-21T03:23:00Z'), undefined, sunriseAt)).not.toHaveProperty(
      'sunriseMinutes',
    );
  });
});
