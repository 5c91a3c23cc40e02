import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { requireAuth } from '../middleware/auth.middleware';
import { mosqueInvitationBody } from '../contracts/mosque-requests.contract';
import { parse } from '../middleware/validate';
import { inviteMosque } from '../services/mosque-invitations.service';
import { myMosqueRequests } from '../services/mosque-requests.service';

/** /data/mosques/requests: the signed-in user's mosque requests (so the account shows how each was answered); /data/mosques/invitations: the mosque invited. */
export function mosqueRequestsRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/data/mosques/requests', requireAuth(deps), async (req, res) => {
    res.json({ result: await myMosqueRequests(deps, req.auth!.userId) });
  });
  // The mosque invited to register: a stranger's contact, so limited per account and per contact in the service.
  router.post('/data/mosques/invitations', requireAuth(deps), async (req, res) => {
    res.json(await inviteMosque(deps, req.auth!.userId, parse(mosqueInvitationBody, req.body)));
  });
  return router;
}
