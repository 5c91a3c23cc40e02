import express, { Router } from 'express';
import type { ApiDeps } from '../deps';
import { healthRoutes } from './health.routes';

/**
 * Every route under /api. Webhook routers come first because they read the raw body
 * (signatures are computed over it); JSON parsing applies to everything after them.
 */
export function apiRoutes(deps: ApiDeps): Router {
  const router = Router();
  // Webhooks (raw or form bodies):

  router.use(express.json({ limit: '32kb' }));
  router.use(express.urlencoded({ extended: false, limit: '32kb' }));
  router.use(healthRoutes(deps));
  // Feature routers:

  return router;
}
