import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { requireAuth, userIdOf } from '../middleware/auth.middleware';
import { createRateLimits } from '../middleware/rate-limit';
import { getSupportMessages, sendSupportMessage } from '../services/support.service';

/** /support/messages: the signed-in user's support chat (read with a cursor for polling, and send). */
export function supportRoutes(deps: ApiDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);
  const limits = createRateLimits(deps);
  router.get('/support/messages', auth, async (req, res) => {
    // Polled every few seconds: never from a cache.
    res.set('Cache-Control', 'no-store');
    res.json(await getSupportMessages(deps, userIdOf(req), req.query));
  });
  router.post('/support/messages', auth, ...limits.supportMessage, async (req, res) => {
    res.json(await sendSupportMessage(deps, userIdOf(req), req.body));
  });
  return router;
}
