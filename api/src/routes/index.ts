import express, { Router } from 'express';
import type { ApiDeps } from '../deps';
import { healthRoutes } from './health.routes';
import { dataRoutes } from './data.routes';
import { docsRoutes } from './docs.routes';
import { mediaRoutes } from './media.routes';
import { preferencesRoutes } from './preferences.routes';
import { devCheckoutRoutes } from './dev-checkout.routes';
import { staticRoutes } from './static.routes';
import { subscriptionsRoutes } from './subscriptions.routes';
import { webhooksStripeRoutes } from './webhooks-stripe.routes';
import { usersRoutes } from './users.routes';
import { devOutboxRoutes } from './dev-outbox.routes';
import { schedulesRoutes } from './schedules.routes';
import { webhooksTwilioRoutes } from './webhooks-twilio.routes';
import { devPhoneRoutes } from './dev-phone.routes';
import { supportRoutes } from './support.routes';
import { isLocalTelephony } from '@fajr/activities/adapters/telephony/local';

/**
 * Every route under /api. Webhook routers come first because they read the raw body
 * (signatures are computed over it); JSON parsing applies to everything after them.
 */
export function apiRoutes(deps: ApiDeps): Router {
  const router = Router();
  // Webhooks (raw or form bodies):
  router.use(webhooksStripeRoutes(deps));
  router.use(webhooksTwilioRoutes(deps));

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
  router.use(docsRoutes());
  router.use(schedulesRoutes(deps));
  router.use(supportRoutes(deps));
  // The local telephony provider's phone page (development only; never with real Twilio or in production).
  if (isLocalTelephony(deps.providers.telephony) && deps.config.NODE_ENV !== 'production') router.use(devPhoneRoutes(deps.providers.telephony));

  return router;
}
