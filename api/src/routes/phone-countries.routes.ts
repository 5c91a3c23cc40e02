import { Router } from 'express';
import type { ApiDeps } from '../deps';

/**
 * GET /data/phone-countries: the countries whose numbers we call and text (PHONE_COUNTRIES), and those
 * where a code comes by a call, so the sign-up form lists them before anyone types (no sign-in).
 */
export function phoneCountriesRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/data/phone-countries', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600');
    res.json({
      result: { countries: deps.config.PHONE_COUNTRIES, codeByCall: deps.config.PHONE_VOICE_CODE_COUNTRIES },
    });
  });
  return router;
}
