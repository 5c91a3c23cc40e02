import express, { Router } from 'express';
import type { ApiDeps } from '../deps';
import { handlePaymentsWebhook } from '../services/payments-webhook.service';

/**
 * POST /webhooks/stripe: Stripe's (or the local checkout's) signed events. Mounted before the JSON
 * parser: the signature is computed over the exact bytes received, so the body is read raw here.
 */
export function webhooksStripeRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.post('/webhooks/stripe', express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json(await handlePaymentsWebhook(deps, raw, req.get('stripe-signature')));
  });
  return router;
}
