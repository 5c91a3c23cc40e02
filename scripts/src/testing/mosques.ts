// Test mosques: a mosque row in the test database and its Fajr jama'ah times, as call tests need them.
import type { Knex } from '@fajr/activities';

export interface TestMosque {
  name: string;
  address?: string;
  cityName?: string;
  lat?: number;
  lng?: number;
  tzName?: string;
  isActive?: boolean;
}

/** A mosque in Whitechapel, London, as the jama'ah-change tests place theirs (spread it, then add a name). */
export const WHITECHAPEL_MOSQUE = {
  cityName: 'London',
  lat: 51.5177,
  lng: -0.0654,
  tzName: 'Europe/London',
  isActive: true,
} as const;

/** One day's Fajr jama'ah of a mosque: its local date and the instant. */
export interface TestJamaah {
  localDate: string;
  jamaahAt: Date | string;
}

/**
 * Inserts a mosque (GB; by default placeholder address and city, at 51.5, 0 in UTC) with the given
 * jama'ah times; returns its id as `{ id }`, the shape a `returning('id')` row has.
 */
export async function insertTestMosque(db: Knex, m: TestMosque, jamaah: TestJamaah[] = []): Promise<{ id: string }> {
  const [row] = await db('mosques')
    .insert({
      name: m.name,
      address: m.address ?? 'x',
      country_code: 'GB',
      city_name: m.cityName ?? 'Test',
      lat: m.lat ?? 51.5,
      lng: m.lng ?? 0,
      tz_name: m.tzName ?? 'UTC',
      ...(m.isActive === undefined ? {} : { is_active: m.isActive }),
    })
    .returning('id');
  if (jamaah.length > 0) {
    await db('mosque_fajr_times').insert(
      jamaah.map((j) => ({ mosque_id: row.id, local_date: j.localDate, jamaah_at: j.jamaahAt })),
    );
  }
  return { id: row.id as string };
}
