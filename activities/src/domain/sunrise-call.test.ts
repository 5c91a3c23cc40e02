import { minutesUntilSunrise, sunriseCallInstant } from './sunrise-call';

const sunrise = new Date('2026-06-21T04:43:00Z');
const at = (iso: string) => new Date(iso);

describe('the last call before sunrise: its instant', () => {
  it('when the morning is over well before, then it comes the chosen minutes before sunrise', () => {
    expect(sunriseCallInstant(sunrise, 20, at('2026-06-21T03:10:00Z'))).toEqual(at('2026-06-21T04:23:00Z'));
    expect(sunriseCallInstant(sunrise, 40, at('2026-06-21T03:10:00Z'))).toEqual(at('2026-06-21T04:03:00Z'));
  });

  it('when the morning ends after sunrise minus N, then it comes at once, if that is still 5 minutes before sunrise', () => {
    expect(sunriseCallInstant(sunrise, 40, at('2026-06-21T04:20:00Z'))).toEqual(at('2026-06-21T04:20:00Z'));
    expect(sunriseCallInstant(sunrise, 20, at('2026-06-21T04:38:00Z'))).toEqual(at('2026-06-21T04:38:00Z'));
  });

  it('when even that is later than sunrise minus 5 minutes, then there is no call', () => {
    expect(sunriseCallInstant(sunrise, 20, at('2026-06-21T04:38:01Z'))).toBeNull();
    expect(sunriseCallInstant(sunrise, 5, at('2026-06-21T05:00:00Z'))).toBeNull();
  });

  it('says the minutes left, rounded, never negative', () => {
    expect(minutesUntilSunrise(sunrise, at('2026-06-21T04:23:00.400Z'))).toBe(20);
    expect(minutesUntilSunrise(sunrise, at('2026-06-21T04:38:00Z'))).toBe(5);
    expect(minutesUntilSunrise(sunrise, at('2026-06-21T05:00:00Z'))).toBe(0);
  });
});
