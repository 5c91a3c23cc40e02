import express, { Router } from 'express';
import type { ApiDeps } from '../deps';
import { handleAwakeKey, handleCallStatusCallback, handleInboundSms } from '../services/call-status.service';

/**
 * POST /webhooks/twilio/call-status: Twilio's (or the local provider's) signed status callbacks;
 * POST /webhooks/twilio/awake: the awake check's key press (the `<Gather>` action), answered with TwiML.
 * POST /webhooks/twilio/sms: Twilio's incoming-message webhook (a Fajr friend replying STOP), answered with TwiML.
 * All form-encoded.
 */
export function webhooksTwilioRoutes(deps: ApiDeps): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '16kb' });
  const request = (req: express.Request) => ({
    pathAndQuery: req.originalUrl,
    signature: req.get('x-twilio-signature'),
    params: (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, string>,
  });
  router.post('/webhooks/twilio/call-status', form, async (req, res) => {
    await handleCallStatusCallback(deps, request(req));
    res.status(204).end();
  });
  router.post('/webhooks/twilio/awake', form, async (req, res) => {
    res.type('text/xml').send(await handleAwakeKey(deps, request(req)));
  });
  router.post('/webhooks/twilio/sms', form, async (req, res) => {
    res.type('text/xml').send(await handleInboundSms(deps, request(req)));
  });
  return router;
}
