import { resolveZone, zonesAt } from './timezones';

describe('time zones', () => {
  it('when a place is looked up, then its zone is the one people there live in, not a tzdata link target', () => {
    expect(zonesAt(69.6492, 18.9553)).toEqual(['Europe/Oslo']); // Tromsø, not Europe/Berlin
    expect(zonesAt(51.50853, -0.12574)).toEqual(['Europe/London']);
    expect(resolveZone(69.6492, 18.9553, 'Europe/Berlin')).toBe('Europe/Oslo');
  });
});
