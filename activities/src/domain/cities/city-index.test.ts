import { CityIndex, type RawCity } from './city-index';
import { normaliseName } from './normalise';
import { searchCities } from './index';

const city = (cityId: number, name: string, country: string, population: number, altName = ''): RawCity => ({
  cityId,
  name,
  altName,
  country,
  adminCode: '',
  population,
  loc: { coordinates: [0, 0] },
});

describe('normaliseName', () => {
  it('folds accents, case and punctuation', () => {
    expect(normaliseName('Saint-Étienne')).toBe('saint etienne');
    expect(normaliseName('  Köln ')).toBe('koln');
    expect(normaliseName('Łódź')).toBe('lodz');
    expect(normaliseName("Ma'an")).toBe('ma an');
    expect(normaliseName('Straße')).toBe('strasse');
  });
});

describe('CityIndex', () => {
  const index = new CityIndex([
    city(1, 'London', 'GB', 8_900_000),
    city(2, 'London', 'CA', 346_000),
    city(3, 'Londonderry', 'GB', 83_000, 'Derry'),
    city(4, 'New London', 'US', 27_000),
    city(5, 'Lond', 'XX', 10),
    city(6, 'Zürich', 'CH', 400_000),
    city(7, 'East London', 'ZA', 267_000),
  ]);

  it('ranks exact names, then name prefixes, then word prefixes; population within each', () => {
    expect(index.search('lond', { limit: 10 }).map((c) => c.cityId)).toEqual([5, 1, 2, 3, 7, 4]);
    expect(index.search('london', { limit: 10 }).map((c) => c.cityId)).toEqual([1, 2, 3, 7, 4]);
  });

  it('filters by country in any case and honours the limit', () => {
    expect(index.search('london', { country: 'gb', limit: 10 }).map((c) => c.cityId)).toEqual([1, 3]);
    expect(index.search('london', { limit: 2 }).map((c) => c.cityId)).toEqual([1, 2]);
    expect(index.search('london', { country: 'ZZ', limit: 10 })).toEqual([]);
  });

  it('answers short queries the same on repeat (remembered) as the first time', () => {
    const first = index.search('l', { limit: 3 }).map((c) => c.cityId);
    expect(first).toEqual([1, 2, 3]);
    expect(index.search('L', { limit: 3 }).map((c) => c.cityId)).toEqual(first);
    expect(index.search('l', { limit: 10 }).map((c) => c.cityId)).toEqual([1, 2, 3, 5, 7, 4]);
  });

  it('matches accent-folded input and alternative names, each city once', () => {
    expect(index.search('zur', { limit: 10 }).map((c) => c.cityId)).toEqual([6]);
    expect(index.search('ZÜRICH', { limit: 10 }).map((c) => c.cityId)).toEqual([6]);
    expect(index.search('derry', { limit: 10 }).map((c) => c.cityId)).toEqual([3]);
  });

  it('finds nothing for unmatched or empty input', () => {
    expect(index.search('qqq', { limit: 10 })).toEqual([]);
    expect(index.search(' -- ', { limit: 10 })).toEqual([]);
  });
});

describe('searchCities over the packaged data set', () => {
  it('finds London, United Kingdom first with its zone', () => {
    const [first] = searchCities('london', 'any');
    expect(first).toMatchObject({
      name: 'London',
      countryCode: 'GB',
      countryName: 'United Kingdom',
      tzName: 'Europe/London',
    });
    expect(first!.description).toBe('London, England, United Kingdom');
  });

  it('restricts to a country and derives each zone from coordinates', () => {
    const results = searchCities('spring', 'us', 5);
    expect(results.length).toBe(5);
    for (const r of results) {
      expect(r.countryCode).toBe('US');
      expect(r.tzName).toMatch(/^America\//);
      expect(normaliseName(r.name).includes('spring')).toBe(true);
    }
    const [mecca] = searchCities('Mecca', 'SA', 1);
    expect(mecca).toMatchObject({ countryName: 'Saudi Arabia', tzName: 'Asia/Riyadh' });
  });
});
