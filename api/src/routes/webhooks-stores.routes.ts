import express, { Router } from 'express';
import type { ApiDeps } from '../deps';
import { handleStoreNotification } from '../services/store.service';

/**
 * POST /webhooks/apple (App Store Server Notifications V2: `{ signedPayload }`, authenticated by its
 * signature) and POST /webhooks/google (Real-time developer notifications as a Pub/Sub push,
 * authenticated by the push's `Authorization: Bearer` OIDC token). Both JSON; the size covers
 * Apple's three nested JWS with their certificate chains.
 */
export function webhooksStoresRoutes(deps: ApiDeps): Router {
  const router = Router();
  const json = express.json({ limit: '256kb', type: () => true });
  router.post('/webhooks/apple', json, async (req, res) => {
    res.json(await handleStoreNotification(deps, 'apple', req.body, undefined));
  });
  router.post('/webhooks/google', json, async (req, res) => {
    res.json(await handleStoreNotification(deps, 'google', req.body, req.get('authorization')));
  });
  return router;
}
