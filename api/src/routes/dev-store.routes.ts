import { Router } from 'express';
import { z } from 'zod';
import type { LocalStoreConsole } from '@fajr/activities/providers';
import { planSchema } from '../contracts/common';
import { parse } from '../middleware/validate';

const storeParams = z.object({ store: z.enum(['apple', 'google']), purchase: z.string().min(1).max(600).optional() });
const buyBody = z.object({ userId: z.uuid(), plan: planSchema });
const actionBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['renew', 'grace-period', 'billing-retry', 'recover', 'expire', 'refund']) }),
  z.object({ kind: z.literal('change-plan'), plan: planSchema }),
  z.object({ kind: z.literal('transfer'), userId: z.uuid() }),
]);

/**
 * The local app stores for developers of the app (development only): POST
 * /dev/store/:store/purchases `{ userId, plan }` buys as the app would (the account token set to
 * userId) and returns what the app gets (`purchase`: the Apple transaction id or Google purchase
 * token, to hand to POST /api/subscriptions/store-purchases); POST
 * /dev/store/:store/purchases/:purchase `{ kind, … }` renews, changes plan, enters the grace period
 * or billing retry, recovers, expires, refunds or moves it to another account. Each delivers the
 * store's signed notification to this API and returns its HTTP status.
 */
export function devStoreRoutes(stores: LocalStoreConsole): Router {
  const router = Router();
  router.post('/dev/store/:store/purchases', async (req, res) => {
    const { store } = parse(storeParams, req.params);
    const { userId, plan } = parse(buyBody, req.body);
    const { purchase, notification } = await stores.buy(store, userId, plan);
    res.json({ result: { purchase, notificationStatus: await stores.deliver(notification) } });
  });
  router.post('/dev/store/:store/purchases/:purchase', async (req, res) => {
    const { store, purchase } = parse(storeParams, req.params);
    const action = parse(actionBody, req.body);
    const done = await stores.act(store, purchase!, action);
    res.json({ result: { purchase: done.purchase, notificationStatus: await stores.deliver(done.notification) } });
  });
  return router;
}
