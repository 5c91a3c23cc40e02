import express, { Router } from 'express';
import type { ApiDeps } from '../deps';
import { handleCallStatusCallback } from '../services/call-status.service';

/** POST /webhooks/twilio/call-status: Twilio's (or the local provider's) signed status callbacks, form-encoded. */
export function webhooksTwilioRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.post('/webhooks/twilio/call-status', express.urlencoded({ extended: false, limit: '16kb' }), async (req, res) => {
    const params: Record<string, string> = req.body && typeof req.body === 'object' ? req.body : {};
    await handleCallStatusCallback(deps, { pathAndQuery: req.originalUrl, signature: req.get('x-twilio-signature'), params });
    res.status(204).end();
  });
  return router;
}
