import express, { Router, type RequestHandler } from 'express';
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
 * Lets only requests under `prefix` into a feature router (whose routes keep their full paths), so a
 * request walks one or two routers' stacks instead of all fifteen.
 */
function under(prefix: string, handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const p = req.path;
    if (p.startsWith(prefix) && (p.length === prefix.length || p[prefix.length] === '/')) return handler(req, res, next);
    next();
  };
}

/**
 * Every route under /api. Webhook routers come first because they read the raw body
 * (signatures are computed over it); JSON parsing applies to everything after them.
 */
export function apiRoutes(deps: ApiDeps): Router {
  const router = Router();
  // Webhooks (raw or form bodies):
  router.use(under('/webhooks', webhooksStripeRoutes(deps)));
  router.use(under('/webhooks', webhooksTwilioRoutes(deps)));

  router.use(express.json({ limit: '32kb' }));
  router.use(express.urlencoded({ extended: false, limit: '32kb' }));
  router.use(under('/health', healthRoutes(deps)));
  // Feature routers:
  router.use(under('/subscriptions', subscriptionsRoutes(deps)));
  router.use(under('/data', staticRoutes(deps)));
  // The local payments provider's checkout and portal pages (development; never with real Stripe).
  if (deps.providers.payments.local) router.use(under('/dev', devCheckoutRoutes(deps.providers.payments.local)));
  router.use(under('/users', usersRoutes(deps)));
  router.use(under('/dev', devOutboxRoutes(deps)));
  router.use(under('/salah-schedules', preferencesRoutes(deps)));
  router.use(under('/data', dataRoutes(deps)));
  router.use(under('/media', mediaRoutes()));
  router.use(under('/docs', docsRoutes()));
  router.use(under('/salah-schedules', schedulesRoutes(deps)));
  router.use(under('/support', supportRoutes(deps)));
  // The local telephony provider's phone page (development only; never with real Twilio or in production).
  if (isLocalTelephony(deps.providers.telephony) && deps.config.NODE_ENV !== 'production') router.use(under('/dev', devPhoneRoutes(deps.providers.telephony)));

  return router;
}
