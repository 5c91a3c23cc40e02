import express, { Router, type RequestHandler } from 'express';
import type { ApiDeps } from '../deps';
import { healthRoutes } from './health.routes';
import { dataRoutes } from './data.routes';
import { docsRoutes } from './docs.routes';
import { mediaRoutes } from './media.routes';
import { preferencesRoutes } from './preferences.routes';
import { staticRoutes } from './static.routes';
import { subscriptionsRoutes } from './subscriptions.routes';
import { webhooksStripeRoutes } from './webhooks-stripe.routes';
import { usersRoutes } from './users.routes';
import { displayPrefsRoutes } from './display-prefs.routes';
import { callLanguageRoutes } from './call-language.routes';
import { schedulesRoutes } from './schedules.routes';
import { webhooksTwilioRoutes } from './webhooks-twilio.routes';
import { webhooksStoresRoutes } from './webhooks-stores.routes';
import { supportRoutes } from './support.routes';
import { friendsRoutes } from './friends.routes';
import { contactCardRoutes } from './contact-card.routes';
import { phoneCountriesRoutes } from './phone-countries.routes';
import { mosqueRequestsRoutes } from './mosque-requests.routes';
import { friendWelcomeRoutes } from './friend-welcome.routes';
import { mosqueAdminRoutes } from './mosque-admin.routes';
import { mosqueSearchRoutes } from './mosque-search.routes';
import { devConsolePages } from './dev-consoles';
import { refuseNulBytes } from '../middleware/nul-bytes';

/**
 * Lets only requests under `prefix` into a feature router (whose routes keep their full paths), so a
 * request walks one or two routers' stacks instead of all fifteen.
 */
function under(prefix: string, handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const p = req.path;
    if (p.startsWith(prefix) && (p.length === prefix.length || p[prefix.length] === '/'))
      return handler(req, res, next);
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
  router.use(under('/webhooks', webhooksStoresRoutes(deps)));

  // A mosque's calendar upload may be 1 MB (its contract refuses more with a 400): parsed before the 32 kB limit.
  router.use(under('/mosque-admin', express.json({ limit: '4mb' })));
  router.use(express.json({ limit: '32kb' }));
  router.use(express.urlencoded({ extended: false, limit: '32kb' }));
  router.use(refuseNulBytes);
  router.use(under('/health', healthRoutes(deps)));
  // Feature routers:
  router.use(under('/subscriptions', subscriptionsRoutes(deps)));
  router.use(under('/data', staticRoutes(deps)));
  const friends = friendsRoutes(deps);
  router.use(under('/users/friends', friends));
  router.use(under('/friends', friends));
  router.use(under('/friends', friendWelcomeRoutes(deps)));
  router.use(under('/users/call-language', callLanguageRoutes(deps)));
  router.use(under('/users/hijri-offset', displayPrefsRoutes(deps)));
  router.use(under('/users', usersRoutes(deps)));
  router.use(under('/salah-schedules', preferencesRoutes(deps)));
  router.use(under('/data', dataRoutes(deps)));
  router.use(under('/data', contactCardRoutes(deps)));
  router.use(under('/data', phoneCountriesRoutes(deps)));
  router.use(under('/data', mosqueRequestsRoutes(deps)));
  router.use(under('/data/mosques', mosqueSearchRoutes(deps)));
  router.use(under('/media', mediaRoutes()));
  router.use(under('/docs', docsRoutes()));
  router.use(under('/salah-schedules', schedulesRoutes(deps)));
  router.use(under('/support', supportRoutes(deps)));
  router.use(under('/mosque-admin', mosqueAdminRoutes(deps)));
  // The local providers' development pages (checkout and portal, phone, outbox), as configured.
  for (const page of devConsolePages(deps)) router.use(under('/dev', page));

  return router;
}
