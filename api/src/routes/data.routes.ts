import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { optionalAuth } from '../middleware/auth.middleware';
import { findCities, prayerCalcData, requestMosque, sendContactMessage, sendFeedback } from '../services/reference-data.service';

/** /data/*: the settings catalogue, city search, mosque requests, feedback and the help form (GET /data/static is billing's). */
export function dataRoutes(deps: ApiDeps): Router {
  const router = Router();
  const maybeUser = optionalAuth(deps);
  router.get('/data/prayer-calc', async (_req, res) => {
    res.json({ result: await prayerCalcData(deps) });
  });
  router.get('/data/cities/:country', (req, res) => {
    // Results change only with a new data set: let browsers reuse them for a while.
    res.set('Cache-Control', 'public, max-age=3600');
    res.json({ result: findCities(req.params, req.query) });
  });
  router.post('/data/mosques/request', maybeUser, async (req, res) => {
    res.json(await requestMosque(deps, req.auth?.userId ?? null, req.body));
  });
  router.post('/data/feedback', maybeUser, async (req, res) => {
    res.json(await sendFeedback(deps, req.auth?.userId ?? null, req.body));
  });
  router.post('/data/feedback/contact', maybeUser, async (req, res) => {
    res.json(await sendContactMessage(deps, req.auth?.userId ?? null, req.body));
  });
  return router;
}
