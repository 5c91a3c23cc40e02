import { Router } from 'express';
import { openApiDocument } from '../openapi';

/** GET /docs: the OpenAPI 3 document generated from the contracts. */
export function docsRoutes(): Router {
  const router = Router();
  router.get('/docs', (_req, res) => {
    res.json(openApiDocument());
  });
  return router;
}
