import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { friendConsentBody, friendIdParams, friendStopBody, inviteFriendBody } from '../contracts/friends.contract';
import { requireAuth, userIdOf } from '../middleware/auth.middleware';
import { createRateLimits } from '../middleware/rate-limit';
import { parse } from '../middleware/validate';
import {
  consentToCalls,
  friendsOf,
  invitationOf,
  inviteFriend,
  removeFriendOf,
  stopByLink,
} from '../services/friends.service';

/** Fajr friends (Premium, docs/CALLS.md "Fajr friends"): the inviter's side under /users/friends, the friend's (no account) under /friends. */
export function friendsRoutes(deps: ApiDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);
  const limits = createRateLimits(deps);

  router.get('/users/friends', auth, async (req, res) => {
    res.json({ result: await friendsOf(deps, userIdOf(req)) });
  });
  router.post('/users/friends', auth, async (req, res) => {
    res.json(await inviteFriend(deps, userIdOf(req), parse(inviteFriendBody, req.body)));
  });
  router.delete('/users/friends/:id', auth, async (req, res) => {
    res.json(await removeFriendOf(deps, userIdOf(req), parse(friendIdParams, req.params).id));
  });

  router.get('/friends/:id', async (req, res) => {
    res.json({ result: await invitationOf(deps, parse(friendIdParams, req.params).id) });
  });
  router.post('/friends/:id/consent', ...limits.friendConsent, async (req, res) => {
    res.json(await consentToCalls(deps, parse(friendIdParams, req.params).id, parse(friendConsentBody, req.body)));
  });
  router.post('/friends/:id/stop', ...limits.friendConsent, async (req, res) => {
    res.json(await stopByLink(deps, parse(friendIdParams, req.params).id, parse(friendStopBody, req.body).sig));
  });
  return router;
}
