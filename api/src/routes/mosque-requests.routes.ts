import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { requireAuth } from '../middleware/auth.middleware';
import { myMosqueRequests } from '../services/mosque-requests.service';

/** /data/mosques/requests: the signed-in user's mosque requests, so the account shows how each was answered. */
export function mosqueRequestsRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/data/mosques/requests', requireAuth(deps), async (req, res) => {
    res.json({ result: await myMosqueRequests(deps, req.auth!.userId) });
  });
  return router;
}
