import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { requireAuth, requireAuthWithPlanSource, userIdOf } from '../middleware/auth.middleware';
import { UnauthorizedError } from '../errors';
import { getCallStats, getLatestTestCall, requestTestCall } from '../services/calls.service';
import { getNextCall } from '../services/next-call.service';
import { getSchedule, stopCalls } from '../services/schedules.service';

/** The signed-in user's Fajr schedule, next call, stopping calls, test call and monthly call stats. */
export function schedulesRoutes(deps: ApiDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);
  const authWithPlan = requireAuthWithPlanSource(deps);
  router.get('/salah-schedules/fajr-schedules', authWithPlan, async (req, res) => {
    if (!req.planSource) throw new UnauthorizedError();
    res.json(await getSchedule(deps, req.planSource, req.query));
  });
  router.get('/salah-schedules/fajr-schedules/today', authWithPlan, async (req, res) => {
    if (!req.planSource) throw new UnauthorizedError();
    res.json(await getNextCall(deps, req.planSource));
  });
  router.delete('/salah-schedules/fajr-schedules', auth, async (req, res) => {
    res.json(await stopCalls(deps, userIdOf(req)));
  });
  router.post('/salah-schedules/calls/test', auth, async (req, res) => {
    res.json(await requestTestCall(deps, userIdOf(req)));
  });
  router.get('/salah-schedules/calls/test', auth, async (req, res) => {
    res.json(await getLatestTestCall(deps, userIdOf(req)));
  });
  router.get('/salah-schedules/calls/stats', auth, async (req, res) => {
    res.json(await getCallStats(deps, userIdOf(req)));
  });
  return router;
}
