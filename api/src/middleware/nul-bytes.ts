import type { RequestHandler } from 'express';
import { BadRequestError } from '../errors';

export const NUL_REFUSED = 'Text must not contain the NUL character (\\u0000)';

/** Whether a parsed JSON or form value holds a NUL character anywhere (keys included). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || holdsNul(v, depth + 1)) return true;
  return false;
}

/**
 * Refuses NUL characters in the query string and the parsed body at the edge (400): Postgres text
 * cannot hold them (SQLSTATE 22021), so no field of any endpoint lets one through to the database.
 * Path segments are each route's to judge (ids are validated, a media file name is simply not found).
 */
export const refuseNulBytes: RequestHandler = (req, _res, next) => {
  const query = req.originalUrl.indexOf('?');
  if ((query >= 0 && /%00/.test(req.originalUrl.slice(query))) || holdsNul(req.body)) {
    next(new BadRequestError(NUL_REFUSED));
    return;
  }
  next();
};
