import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { hijriOffsetBody } from '../contracts/display-prefs.contract';
import { requireAuth, userIdOf } from '../middleware/auth.middleware';
import { parse } from '../middleware/validate';
import { setHijriOffset } from '../services/display-prefs.service';

/** PUT /users/hijri-offset: the account's Hijri date adjustment (−2…+2 days). */
export function displayPrefsRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.put('/users/hijri-offset', requireAuth(deps), async (req, res) => {
    const { hijriOffset } = parse(hijriOffsetBody, req.body);
    res.json({ result: { user: await setHijriOffset(deps, userIdOf(req), hijriOffset) } });
  });
  return router;
}
