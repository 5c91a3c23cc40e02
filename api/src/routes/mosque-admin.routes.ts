import { Router } from 'express';
import {
  addAdminBody,
  calendarBody,
  claimCodeBody,
  adminParams,
  claimMosqueBody,
  mosqueParams,
  registerMosqueBody,
  ruleQuery,
  saveRuleBody,
} from '../contracts/mosque-admin.contract';
import type { ApiDeps } from '../deps';
import { requireAuth, userIdOf } from '../middleware/auth.middleware';
import { createRateLimits } from '../middleware/rate-limit';
import { parse } from '../middleware/validate';
import {
  addCoAdmin,
  adminsOf,
  auditOf,
  claimMosque,
  dashboardOf,
  deleteRule,
  myMosques,
  registerMosque,
  removeCoAdmin,
  saveRule,
} from '../services/mosque-admin.service';
import { previewCalendar, saveCalendar } from '../services/mosque-calendar.service';
import { claimCodeTarget, sendClaimCode, verifyClaimCode } from '../services/mosque-claim-code.service';

/** /mosque-admin: mosques kept by their own admins (issue 46, docs/MOSQUES.md). Every route needs an account. */
export function mosqueAdminRoutes(deps: ApiDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);
  const limits = createRateLimits(deps);
  const base = '/mosque-admin/mosques';
  const id = (req: { params: unknown }) => parse(mosqueParams, req.params).id;

  router.get(base, auth, async (req, res) => {
    res.json({ result: await myMosques(deps, userIdOf(req)) });
  });
  router.post(base, auth, ...limits.mosqueAdmin, async (req, res) => {
    res.json({ result: await registerMosque(deps, userIdOf(req), parse(registerMosqueBody, req.body)) });
  });
  router.post(`${base}/:id/claims`, auth, ...limits.mosqueAdmin, async (req, res) => {
    const { note } = parse(claimMosqueBody, req.body);
    res.json(await claimMosque(deps, userIdOf(req), id(req), note ?? null));
  });
  // A claim proved by a code to the mosque's listed phone: the phone is only ever shown masked.
  router.get(`${base}/:id/claim-code`, auth, async (req, res) => {
    res.json({ result: await claimCodeTarget(deps, userIdOf(req), id(req)) });
  });
  router.post(`${base}/:id/claim-code`, auth, ...limits.sendVerification, ...limits.mosqueAdmin, async (req, res) => {
    res.json(await sendClaimCode(deps, userIdOf(req), id(req)));
  });
  router.post(`${base}/:id/claim-code/verify`, auth, ...limits.verifyCode, async (req, res) => {
    res.json(await verifyClaimCode(deps, userIdOf(req), id(req), parse(claimCodeBody, req.body).code));
  });
  router.get(`${base}/:id`, auth, async (req, res) => {
    res.json({ result: await dashboardOf(deps, userIdOf(req), id(req)) });
  });
  router.get(`${base}/:id/admins`, auth, async (req, res) => {
    res.json({ result: await adminsOf(deps, userIdOf(req), id(req)) });
  });
  router.post(`${base}/:id/admins`, auth, async (req, res) => {
    res.json(await addCoAdmin(deps, userIdOf(req), id(req), parse(addAdminBody, req.body).username));
  });
  router.delete(`${base}/:id/admins/:userId`, auth, async (req, res) => {
    const p = parse(adminParams, req.params);
    res.json(await removeCoAdmin(deps, userIdOf(req), p.id, p.userId));
  });
  router.get(`${base}/:id/audit`, auth, async (req, res) => {
    res.json({ result: await auditOf(deps, userIdOf(req), id(req)) });
  });
  router.put(`${base}/:id/rules`, auth, async (req, res) => {
    res.json(await saveRule(deps, userIdOf(req), id(req), parse(saveRuleBody, req.body)));
  });
  router.delete(`${base}/:id/rules`, auth, async (req, res) => {
    const q = parse(ruleQuery, req.query);
    res.json(await deleteRule(deps, userIdOf(req), id(req), q.from, q.ramadan === 'true'));
  });
  router.post(`${base}/:id/calendar/preview`, auth, async (req, res) => {
    const b = parse(calendarBody, req.body);
    res.json({ result: await previewCalendar(deps, userIdOf(req), id(req), b.csv, b.winterTime) });
  });
  router.post(`${base}/:id/calendar`, auth, async (req, res) => {
    const b = parse(calendarBody, req.body);
    res.json(await saveCalendar(deps, userIdOf(req), id(req), b.csv, b.winterTime));
  });
  return router;
}
