import { Router } from 'express';
import { z } from 'zod';
import type { ApiDeps } from '../deps';
import { parse } from '../middleware/validate';
import { publicMosque, searchMosques } from '../services/mosque-search.service';

const coordinate = (name: string, max: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,8})?$/, `${name} must be a number`)
    .transform(Number)
    .refine((v) => Math.abs(v) <= max, `${name} must be from -${max} to ${max}`);

const searchQuery = z
  .object({
    q: z.string().trim().max(80, 'q must be at most 80 characters').optional(),
    lat: coordinate('lat', 90).optional(),
    lng: coordinate('lng', 180).optional(),
    radiusKm: z.enum(['5', '10', '25', '50', '100']).transform(Number).optional(),
  })
  .strict()
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), 'lat and lng go together');

const slugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,160}$/, 'Not a mosque page') });

/** Finding a mosque (issue 46 point 6): by name and city, near a point, and its public page. No account needed. */
export function mosqueSearchRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/data/mosques/search', async (req, res) => {
    const q = parse(searchQuery, req.query);
    res.json({
      result: await searchMosques(deps, { text: q.q || undefined, lat: q.lat, lng: q.lng, radiusKm: q.radiusKm }),
    });
  });
  router.get('/data/mosques/page/:slug', async (req, res) => {
    res.json({ result: await publicMosque(deps, parse(slugParams, req.params).slug) });
  });
  return router;
}
