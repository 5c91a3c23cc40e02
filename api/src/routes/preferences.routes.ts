import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { requireAuth, userIdOf } from '../middleware/auth.middleware';
import { savePreferences, saveToggle } from '../services/preferences.service';

/** POST /salah-schedules/fajr-prefs and /fajr-prefs/toggles: the signed-in user's Fajr settings. */
export function preferencesRoutes(deps: ApiDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);
  router.post('/salah-schedules/fajr-prefs', auth, async (req, res) => {
    res.json(await savePreferences(deps, userIdOf(req), req.body));
  });
  router.post('/salah-schedules/fajr-prefs/toggles', auth, async (req, res) => {
    res.json(await saveToggle(deps, userIdOf(req), req.body));
  });
  return router;
}
