import express, { Router } from 'express';
import type { ApiDeps } from '../deps';
import { healthRoutes } from './health.routes';
import { dataRoutes } from './data.routes';
import { mediaRoutes } from './media.routes';
import { preferencesRoutes } from './preferences.routes';
import { devCheckoutRoutes } from './dev-checkout.routes';
import { staticRoutes } from './static.routes';
import { subscriptionsRoutes } from './subscriptions.routes';
import { webhooksStripeRoutes } from './webhooks-stripe.routes';
import { usersRoutes } from './users.routes';
import { devOutboxRoutes } from './dev-outbox.routes';

/**
 * Every route under /api. Webhook routers come first because they read the raw body
 * (signatures are computed over it); JSON parsing applies to everything after them.
 */
export function apiRoutes(deps: ApiDeps): Router {
  const router = Router();
  // Webhooks (raw or form bodies):
  router.use(webhooksStripeRoutes(deps));

  router.use(express.json({ limit: '32kb' }));
  router.use(express.urlencoded({ extended: false, limit: '32kb' }));
  router.use(healthRoutes(deps));
  // Feature routers:
  router.use(subscriptionsRoutes(deps));
  router.use(staticRoutes(deps));
  // The local payments provider's checkout and portal pages (development; never with real Stripe).
  if (deps.providers.payments.local) router.use(devCheckoutRoutes(deps.providers.payments.local));
  router.use(usersRoutes(deps));
  router.use(devOutboxRoutes(deps));
  router.use(preferencesRoutes(deps));
  router.use(dataRoutes(deps));
  router.use(mediaRoutes());

  return router;
}
