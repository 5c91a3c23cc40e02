import { Router } from 'express';
import { friendIdParams } from '../contracts/friends.contract';
import type { ApiDeps } from '../deps';
import { parse } from '../middleware/validate';
import { friendWelcome } from '../services/friend-welcome.service';

/** /friends/:id/welcome (public): after a friend says yes, their first call and the number to save. */
export function friendWelcomeRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/friends/:id/welcome', async (req, res) => {
    res.json({ result: await friendWelcome(deps, parse(friendIdParams, req.params).id) });
  });
  return router;
}
