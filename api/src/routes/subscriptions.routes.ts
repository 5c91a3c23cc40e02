import { Router } from 'express';
import { planParams, sessionIdParams, storePurchaseBody } from '../contracts/subscriptions.contract';
import type { ApiDeps } from '../deps';
import { requireAuth, userIdOf } from '../middleware/auth.middleware';
import { createRateLimits } from '../middleware/rate-limit';
import { parse } from '../middleware/validate';
import { openPortal, previewPlanChange, readCheckoutSession, startCheckout } from '../services/billing.service';
import { billingOverview, submitStorePurchase } from '../services/store.service';

/** Paid plans: web checkout, billing portal, the payment details of one's own checkout, app store purchases, and where each plan is managed. */
export function subscriptionsRoutes(deps: ApiDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);
  const limits = createRateLimits(deps);

  router.post('/subscriptions/premium/:plan', auth, async (req, res) => {
    const { plan } = parse(planParams, req.params);
    res.json({ result: await startCheckout(deps, userIdOf(req), plan, req.get('origin')) });
  });

  router.get('/subscriptions/premium/:plan/preview', auth, async (req, res) => {
    const { plan } = parse(planParams, req.params);
    res.json({ result: await previewPlanChange(deps, userIdOf(req), plan) });
  });

  router.post('/subscriptions/view-portal', auth, async (req, res) => {
    res.json({ result: await openPortal(deps, userIdOf(req), req.get('origin')) });
  });

  router.get('/subscriptions/session/:id', auth, async (req, res) => {
    const { id } = parse(sessionIdParams, req.params);
    res.json({ result: await readCheckoutSession(deps, userIdOf(req), id) });
  });

  // The app hands over a purchase made in the App Store or Google Play (docs/NATIVE-SHELL.md).
  router.post('/subscriptions/store-purchases', auth, ...limits.storePurchase, async (req, res) => {
    const body = parse(storePurchaseBody, req.body);
    res.json({ result: await submitStorePurchase(deps, userIdOf(req), body) });
  });

  router.get('/subscriptions/current', auth, async (req, res) => {
    res.json({ result: await billingOverview(deps, userIdOf(req)) });
  });

  return router;
}
