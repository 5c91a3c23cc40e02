import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { requireAuth, userIdOf } from '../middleware/auth.middleware';
import { declineSuggestion, savePreferences, saveToggle } from '../services/preferences.service';

/** POST /salah-schedules/fajr-prefs, /fajr-prefs/toggles and /fajr-prefs/place-suggestion/decline: the signed-in user's Fajr settings. */
export function preferencesRoutes(deps: ApiDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);
  router.post('/salah-schedules/fajr-prefs', auth, async (req, res) => {
    res.json(await savePreferences(deps, userIdOf(req), req.body));
  });
  router.post('/salah-schedules/fajr-prefs/toggles', auth, async (req, res) => {
    res.json(await saveToggle(deps, userIdOf(req), req.body));
  });
  router.post('/salah-schedules/fajr-prefs/place-suggestion/decline', auth, async (req, res) => {
    res.json(await declineSuggestion(deps, userIdOf(req), req.body));
  });
  return router;
}
