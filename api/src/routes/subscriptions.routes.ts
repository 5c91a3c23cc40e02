import { Router } from 'express';
import { planParams, sessionIdParams } from '../contracts/subscriptions.contract';
import type { ApiDeps } from '../deps';
import { requireAuth, userIdOf } from '../middleware/auth.middleware';
import { parse } from '../middleware/validate';
import { openPortal, readCheckoutSession, startCheckout } from '../services/billing.service';

/** Paid plans on the web: checkout, billing portal, and the payment details of one's own checkout. */
export function subscriptionsRoutes(deps: ApiDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);

  router.post('/subscriptions/premium/:plan', auth, async (req, res) => {
    const { plan } = parse(planParams, req.params);
    res.json({ result: await startCheckout(deps, userIdOf(req), plan, req.get('origin')) });
  });

  router.post('/subscriptions/view-portal', auth, async (req, res) => {
    res.json({ result: await openPortal(deps, userIdOf(req), req.get('origin')) });
  });

  router.get('/subscriptions/session/:id', auth, async (req, res) => {
    const { id } = parse(sessionIdParams, req.params);
    res.json({ result: await readCheckoutSession(deps, userIdOf(req), id) });
  });

  return router;
}
