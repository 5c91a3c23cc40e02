import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request id: the caller's `x-request-id` when well formed, else a new UUID; echoed in the response. */
    id: string;
  }
}

const REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * Gives every request an id and writes one access-log line when it finishes: method, path (never the
 * query string, which may carry codes or tokens), status and duration. Deliberately lighter than
 * pino-http, which built a child logger and serialised the request on every call even when the line
 * was not going to be written (11 % of the API's CPU on an authenticated read; docs/BENCHMARKS.md).
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('x-request-id', id);
    if (req.url !== '/api/health' && logger.isLevelEnabled('info')) {
      const started = performance.now();
      res.once('finish', () => {
        const path = req.originalUrl.split('?')[0];
        logger.info(
          { reqId: id, method: req.method, path, status: res.statusCode, ms: Math.round(performance.now() - started) },
          'request completed',
        );
      });
    }
    next();
  };
}
