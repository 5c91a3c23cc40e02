import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { ApiDeps } from '../deps';
import { TooManyRequestsError } from '../errors';
import { headerLanguage, requestLanguage } from '../i18n/language';
import { optionalAuth } from '../middleware/auth.middleware';
import { PostgresRateLimitStore } from '../middleware/rate-limit-store';
import {
  findCities,
  prayerCalcData,
  requestMosque,
  sendContactMessage,
  sendFeedback,
} from '../services/reference-data.service';

export const MESSAGES_PER_HOUR = 30;
const TOO_MANY_MESSAGES = 'Too many messages from your network, please try again in an hour';

/**
 * One counter per IP shared by the three forms anyone can send (requests, feedback, help): stops
 * floods, not people. Counted in Postgres like every other limit, so API processes share it.
 */
function messageLimit(deps: ApiDeps): RequestHandler {
  if (deps.config.RATE_LIMITS === 'off') return (_req, _res, next) => next();
  return rateLimit({
    windowMs: 3600_000,
    limit: MESSAGES_PER_HOUR,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new PostgresRateLimitStore(deps.db, 'messages'),
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    handler: (req: Request, res: Response, next: NextFunction) => {
      const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      if (reset) res.setHeader('Retry-After', Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)));
      next(new TooManyRequestsError(TOO_MANY_MESSAGES));
    },
  });
}

/** /data/*: the settings catalogue, city search, mosque requests, feedback and the help form (GET /data/static is billing's). */
export function dataRoutes(deps: ApiDeps): Router {
  const router = Router();
  const maybeUser = optionalAuth(deps);
  const limit = messageLimit(deps);
  // The catalogue's words are in the account's language, else Accept-Language's (docs/LANGUAGES.md "Reference data").
  router.get('/data/prayer-calc', maybeUser, async (req, res) => {
    const language = await requestLanguage(deps, req);
    res.set('Content-Language', language).vary('Accept-Language');
    res.json({ result: await prayerCalcData(deps, language) });
  });
  router.get('/data/cities/:country', (req, res) => {
    // Results change only with a new data set: let browsers reuse them for a while (per language, so no account).
    const language = headerLanguage(req);
    res.set({ 'Cache-Control': 'public, max-age=3600', 'Content-Language': language }).vary('Accept-Language');
    res.json({ result: findCities(req.params, req.query, language) });
  });
  router.post('/data/mosques/request', limit, maybeUser, async (req, res) => {
    res.json(await requestMosque(deps, req.auth?.userId ?? null, req.body));
  });
  router.post('/data/feedback', limit, maybeUser, async (req, res) => {
    res.json(await sendFeedback(deps, req.auth?.userId ?? null, req.body));
  });
  router.post('/data/feedback/contact', limit, maybeUser, async (req, res) => {
    res.json(await sendContactMessage(deps, req.auth?.userId ?? null, req.body));
  });
  return router;
}
