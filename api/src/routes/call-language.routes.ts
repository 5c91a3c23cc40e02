import { Router } from 'express';
import type { ApiDeps } from '../deps';
import { callLanguageBody } from '../contracts/languages.contract';
import { requireAuth, userIdOf } from '../middleware/auth.middleware';
import { parse } from '../middleware/validate';
import { setCallLanguage } from '../services/call-language.service';

/** PUT /users/call-language: the language the account's calls speak, or null for the interface language. */
export function callLanguageRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.put('/users/call-language', requireAuth(deps), async (req, res) => {
    const { callLanguage } = parse(callLanguageBody, req.body);
    res.json({ result: { user: await setCallLanguage(deps, userIdOf(req), callLanguage) } });
  });
  return router;
}
