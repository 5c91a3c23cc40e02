import type { Request, RequestHandler } from 'express';
import { Counter, Histogram } from 'prom-client';

// The API's Prometheus metrics (prom-client's default registry, served on METRICS_PORT by server.ts).
// The route label is the matched route's template (/api/users/:id), never the raw path: ids, codes
// and numbers in paths would make a series per user.

const duration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'API requests by method, route template and status code: rate (_count), latency, errors (status 5xx)',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

const refusals = new Counter({
  name: 'fajr_api_rate_limit_refusals_total',
  help: 'Requests refused by a rate limit, by limit and what it counts (ip, account, daily)',
  labelNames: ['limit', 'per'] as const,
});

/** Counts one rate-limit refusal. */
export function countRateLimitRefusal(limit: string, per: string): void {
  refusals.inc({ limit, per });
}

const held = new Counter({
  name: 'fajr_phone_sends_held_total',
  help: "Optional sends (test calls, invitations) held back by a country's daily cap or the account's monthly phone budget",
  labelNames: ['reason', 'channel'] as const,
});

/** Counts one optional send held back (reason: country-cap or budget). */
export function countPhoneSendHeld(reason: string, channel: string): void {
  held.inc({ reason, channel });
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/**
 * Times every request and labels it with its route template. The router sets `req.route` when a
 * route matches; a setter on the request captures the mount path at that moment (it is restored
 * when the request leaves the router, e.g. on its way to the error middleware).
 */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    const end = duration.startTimer();
    let template: string | undefined;
    let route: unknown;
    Object.defineProperty(req, 'route', {
      configurable: true,
      enumerable: true,
      get: () => route,
      set(value: { path?: unknown } | undefined) {
        route = value;
        if (value?.path !== undefined) template = `${(req as Request).baseUrl}${String(value.path)}`;
      },
    });
    res.once('finish', () => {
      // Requests no route matched (404s, the built web app's files) share one label.
      end({
        method: METHODS.has(req.method) ? req.method : 'OTHER',
        route: template ?? 'unmatched',
        status_code: String(res.statusCode),
      });
    });
    next();
  };
}
