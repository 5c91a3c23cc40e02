import { Router } from 'express';
import { mosquePageParams, mosqueSearchQuery } from '../contracts/mosque-search.contract';
import type { ApiDeps } from '../deps';
import { parse } from '../middleware/validate';
import { publicMosque, searchMosques } from '../services/mosque-search.service';

/** Finding a mosque (issue 46 point 6): by name and city, near a point, and its public page. No account needed. */
export function mosqueSearchRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/data/mosques/search', async (req, res) => {
    const q = parse(mosqueSearchQuery, req.query);
    res.json({
      result: await searchMosques(deps, { text: q.q || undefined, lat: q.lat, lng: q.lng, radiusKm: q.radiusKm }),
    });
  });
  router.get('/data/mosques/page/:slug', async (req, res) => {
    res.json({ result: await publicMosque(deps, parse(mosquePageParams, req.params).slug) });
  });
  return router;
}
