import { z } from 'zod';
import { isoInstant, localDate, resultOf } from './common';

// Finding a mosque (issue 46 point 6): by name and city, near a point, and its public page. No account needed.

const coordinate = (name: string, max: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,8})?$/, `${name} must be a number`)
    .transform(Number)
    .refine((v) => Math.abs(v) <= max, `${name} must be from -${max} to ${max}`);

/** GET /data/mosques/search: any part of the name and city, and/or near a point (both lat and lng). */
export const mosqueSearchQuery = z
  .object({
    q: z.string().trim().max(80, 'q must be at most 80 characters').optional(),
    lat: coordinate('lat', 90).optional(),
    lng: coordinate('lng', 180).optional(),
    radiusKm: z.enum(['5', '10', '25', '50', '100']).transform(Number).optional(),
  })
  .strict()
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), 'lat and lng go together');

/** GET /data/mosques/page/:slug: a mosque's public page. */
export const mosquePageParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,160}$/, 'Not a mosque page') });

/** A mosque as search results and its public page name it. */
const listedMosque = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  cityName: z.string(),
  countryCode: z.string(),
  slug: z.string(),
});

/** GET /data/mosques/search: at most 20 mosques offered to users; near a point, nearest first with distances. */
export const mosqueSearchResult = resultOf(
  z.array(
    listedMosque.extend({
      lat: z.number(),
      lng: z.number(),
      /** Only when searching near a point. */
      distanceKm: z.number().optional(),
    }),
  ),
);

/** GET /data/mosques/page/:slug: where the mosque is, its coming jama'ah and how far its own times reach. */
export const mosquePageResult = resultOf(
  listedMosque.extend({
    tzName: z.string(),
    /** Up to 14 coming days with a jama'ah time. */
    coming: z.array(z.object({ date: localDate, jamaahAt: isoInstant.nullable() })),
    /** The last date the mosque's own times reach; null when a rule computes every date or none are listed. */
    coveredUntil: localDate.nullable(),
  }),
);
