import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { planPrices } from '../services/billing.service';

/** GET /data/static: monthly prices per plan and currency in minor units (public). */
export function staticRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/data/static', async (_req, res) => {
    res.json({ result: await planPrices(deps) });
  });
  return router;
}
