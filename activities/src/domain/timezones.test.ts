import { DateTime, IANAZone } from 'luxon';
import {
  BundledZone,
  BUNDLED_TZ_VERSION,
  chooseZone,
  isIanaZone,
  laterRelease,
  resolveZone,
  sameWallClock,
  zoneFor,
  zonesAt,
} from './timezones';

describe('time zones', () => {
  it('when a place is looked up, then its zone is the one people there live in, not a tzdata link target', () => {
    expect(zonesAt(69.6492, 18.9553)).toEqual(['Europe/Oslo']); // Tromsø, not Europe/Berlin
    expect(zonesAt(51.50853, -0.12574)).toEqual(['Europe/London']);
    expect(resolveZone(69.6492, 18.9553, 'Europe/Berlin')).toBe('Europe/Oslo');
  });
});

describe("time zones: current IANA data whatever the runtime's (Morocco's UTC+0 from 2026-09-20)", () => {
  const at = (iso: string) => Date.parse(iso);

  it('when Casablanca is asked, then it is UTC+1 before 2026-09-20 and UTC+0 from then on (Intl of tz 2025c says UTC+1)', () => {
    const casablanca = zoneFor('Africa/Casablanca');
    expect(casablanca.offset(at('2026-08-01T12:00:00Z'))).toBe(60);
    expect(casablanca.offset(at('2026-09-20T00:59:00Z'))).toBe(60);
    // tzdata: "1:00 Morocco %z 2026 Sep 20 2:00", i.e. 02:00 at UTC+1.
    expect(casablanca.offset(at('2026-09-20T01:00:00Z'))).toBe(0);
    for (const d of ['2026-09-21', '2026-11-23', '2027-03-01', '2027-08-01'])
      expect([d, casablanca.offset(at(`${d}T12:00:00Z`))]).toEqual([d, 0]);
    expect(DateTime.fromISO('2026-11-23T05:30', { zone: casablanca }).toISO()).toBe('2026-11-23T05:30:00.000+00:00');
    expect(DateTime.fromISO('2026-08-01T05:30', { zone: casablanca }).toISO()).toBe('2026-08-01T05:30:00.000+01:00');
  });

  it('when a zone agrees with the runtime, then it stays on Intl (the fast path)', () => {
    const now = at('2026-11-23T00:00:00Z');
    for (const name of ['Europe/London', 'Asia/Kuala_Lumpur', 'America/New_York', 'UTC'])
      expect([name, chooseZone(name, now)]).toEqual([name, expect.any(IANAZone)]);
    // A runtime as new as the bundled data is trusted for every zone.
    expect(chooseZone('Africa/Casablanca', now, BUNDLED_TZ_VERSION)).toBeInstanceOf(IANAZone);
  });

  it('when the bundled data is read, then it gives what Intl gives for a zone whose rules did not change (every 367 min over 2026–2027)', () => {
    for (const name of ['Europe/London', 'America/Sao_Paulo', 'Australia/Lord_Howe', 'Asia/Kathmandu']) {
      const bundled = new BundledZone(name);
      const intl = IANAZone.create(name);
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 367 * 60_000) {
        if (bundled.offset(ms) !== intl.offset(ms))
          throw new Error(`${name} at ${new Date(ms).toISOString()}: ${bundled.offset(ms)} vs ${intl.offset(ms)}`);
      }
    }
  });

  it('when a wall-clock time moves zone, then it keeps its local time with current data', () => {
    expect(sameWallClock(new Date('2026-12-01T06:40:00Z'), 'Europe/London', 'Africa/Casablanca')).toBe(
      '2026-12-01T06:40:00+00:00',
    );
    expect(sameWallClock(new Date('2026-08-01T05:40:00Z'), 'Europe/London', 'Africa/Casablanca')).toBe(
      '2026-08-01T06:40:00+01:00',
    );
  });

  it('when names and releases are compared, then offsets and unknown names are no zones, and later releases win', () => {
    expect(isIanaZone('Africa/Casablanca')).toBe(true);
    expect(isIanaZone('+05:00')).toBe(false);
    expect(isIanaZone('Europe/Atlantis')).toBe(false);
    expect(zoneFor('Europe/Atlantis').isValid).toBe(false);
    expect(laterRelease('2026f', '2025c')).toBe(true);
    expect(laterRelease('2026f', '2026f')).toBe(false);
    expect(laterRelease('2026a', '2025z')).toBe(true);
    expect(laterRelease('2026f', '')).toBe(true);
  });
});
