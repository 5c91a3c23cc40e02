import type { Knex } from 'knex';

/**
 * A generated catalogue of mosques for the search benchmark (issue 46 point 7): names made of the words
 * mosques are commonly named with, in 200 cities around the world, each mosque a few km from its city's
 * centre. Deterministic (a seeded generator), so runs compare.
 */

const FIRST = ['Masjid', 'Jamia', 'Jami', 'Mosquée', 'Cami', 'Masjid Jamek', 'Islamic Centre', 'Musalla', 'Markaz'];
const NAMES = [
  'an-Noor',
  'al-Huda',
  'at-Taqwa',
  'ar-Rahman',
  'al-Falah',
  'Bilal',
  'Umar',
  'Abu Bakr',
  'Uthman',
  'Ali',
  'al-Aqsa',
  'as-Salam',
  'al-Ikhlas',
  'al-Furqan',
  'Ibrahim',
  'Khadijah',
  'Aisha',
  'Hamza',
  'al-Iman',
  'al-Amin',
  'Madina',
  'Makkah',
  'Quba',
  'Tawheed',
  'Rahma',
  'Sunnah',
  'Hidayah',
  'Fatima',
  'Zakariya',
  'Yusuf',
];
const PLACES = ['Central', 'East', 'West', 'North', 'South', 'Old Town', 'Grand', 'Community', 'Riverside', 'Hill'];

/** 200 city centres: a spread of the product's countries, each jittered into its own name. */
const CITY_SEEDS: [string, number, number][] = [
  ['London', 51.507, -0.128],
  ['Birmingham', 52.486, -1.89],
  ['Bradford', 53.795, -1.759],
  ['Manchester', 53.48, -2.242],
  ['Leicester', 52.637, -1.14],
  ['Paris', 48.857, 2.352],
  ['Marseille', 43.296, 5.37],
  ['Lyon', 45.764, 4.836],
  ['Istanbul', 41.008, 28.978],
  ['Ankara', 39.934, 32.86],
  ['Karachi', 24.861, 67.01],
  ['Lahore', 31.52, 74.359],
  ['Dhaka', 23.81, 90.413],
  ['Chittagong', 22.357, 91.784],
  ['Jakarta', -6.2, 106.817],
  ['Surabaya', -7.257, 112.752],
  ['Kuala Lumpur', 3.139, 101.687],
  ['Johor Bahru', 1.492, 103.741],
  ['Cairo', 30.044, 31.236],
  ['Riyadh', 24.713, 46.675],
];

/** A small deterministic generator (mulberry32), so a catalogue is the same from run to run. */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The benchmark's cities: the seeds and ten satellite towns of each ("Lahore 3"), with their centres. */
export function benchCities(): { name: string; lat: number; lng: number }[] {
  const rnd = seeded(46);
  return CITY_SEEDS.flatMap(([name, lat, lng]) => [
    { name, lat, lng },
    ...Array.from({ length: 9 }, (_, k) => ({
      name: `${name} ${k + 2}`,
      lat: lat + (rnd() - 0.5) * 1.5,
      lng: lng + (rnd() - 0.5) * 1.5,
    })),
  ]);
}

/** Inserts `n` active mosques (1,000 a statement); the slug trigger names each one's page. */
export async function seedMosqueCatalogue(db: Knex, n: number): Promise<void> {
  const rnd = seeded(7);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const cities = benchCities();
  for (let start = 0; start < n; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - start) }, (_, k) => {
      const city = pick(cities);
      const name = `${pick(FIRST)} ${pick(NAMES)}${rnd() < 0.4 ? ` ${pick(PLACES)}` : ''} ${start + k}`;
      return {
        name,
        address: `${1 + Math.floor(rnd() * 300)} ${pick(NAMES)} Road`,
        city_name: city.name,
        country_code: 'GB',
        // Within about 8 km of the centre: a city's mosques cluster, as real ones do.
        lat: city.lat + (rnd() - 0.5) * 0.15,
        lng: city.lng + (rnd() - 0.5) * 0.15,
        tz_name: 'Europe/London',
        is_active: true,
      };
    });
    await db('mosques').insert(rows);
  }
  // Settled as a live table is: otherwise autovacuum (50,000 new rows) runs during the first measurement.
  await db.raw('vacuum analyze mosques');
}

/** What people type: parts of names, whole names, cities. */
export const NAME_QUERIES = ['noor', 'masjid al-huda', 'taqwa', 'jamia bilal', 'salam', 'mosquée', 'khadija', 'quba'];
export const CITY_QUERIES = [
  'london',
  'lahore',
  'kuala lumpur',
  'bradford 3',
  'istanbul',
  'dhaka 7',
  'paris',
  'jakarta',
];
/** Typos no name contains: answered by the near misses, the most similar first (a GiST index). */
export const TYPO_QUERIES = ['masjid al-hoda', 'jamia bilall', 'khadeeja', 'londn'];
