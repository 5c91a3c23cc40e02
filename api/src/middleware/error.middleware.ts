import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { AppError, BadRequestError, TooManyRequestsError } from '../errors';
import { VALIDATION_ISSUES } from '../i18n/localise.middleware';

/** Formats zod issues as one readable sentence, e.g. "lat: Too big: expected number to be <=90". */
export function describeZodError(err: ZodError): string {
  return err.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** A request that does not match its contract: a 400 whose issues are told in the request's language. */
export class ValidationError extends BadRequestError {
  constructor(readonly zodError: ZodError) {
    super(describeZodError(zodError));
  }
}

// Connection-level failures from pg/knex: the database is down or restarting, not a bug.
const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; message?: string; name?: string };
  if (e?.code && DB_DOWN_CODES.has(e.code)) return true;
  return /Knex: Timeout acquiring a connection|Connection terminated|connect ECONNREFUSED/.test(e?.message ?? '');
}

/** A Postgres data exception (SQLSTATE class 22: bad text, number out of range, invalid date…): the input's fault, never a 500. */
function isDataException(err: unknown): boolean {
  const e = err as { code?: unknown; severity?: unknown };
  return typeof e?.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code) && typeof e.severity === 'string';
}

/**
 * The one error middleware: every failure leaves as `{ error }` with a fitting status, never a stack.
 * The text is English here; localiseResponses (api/src/i18n) tells it in the request's language and adds its `code`.
 */
export const errorMiddleware =
  (logger: Logger): ErrorRequestHandler =>
  (err, req, res, _next) => {
    if (res.headersSent) return;
    let status = 500;
    let message = 'Failed to process your request';
    if (err instanceof ValidationError || err instanceof ZodError)
      res.locals[VALIDATION_ISSUES] = (err instanceof ZodError ? err : err.zodError).issues;
    if (err instanceof AppError) {
      status = err.status;
      message = err.message;
      if (err instanceof TooManyRequestsError && err.retryAfterSeconds && !res.getHeader('Retry-After'))
        res.setHeader('Retry-After', Math.ceil(err.retryAfterSeconds));
    } else if (err instanceof ZodError) {
      status = 400;
      message = describeZodError(err);
    } else if (err?.type === 'entity.parse.failed') {
      status = 400;
      message = 'The request body is not valid JSON';
    } else if (err?.type === 'entity.too.large') {
      status = 413;
      message = 'The request body is too large';
    } else if (err?.type === 'encoding.unsupported' || err?.type === 'charset.unsupported') {
      status = 415;
      message = 'Unsupported request encoding';
    } else if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) {
      status = err.status;
      message = err.expose && err.message ? err.message : 'Bad request';
    } else if (isDataException(err)) {
      status = 400;
      message = 'The request holds a value that cannot be stored, please check the fields';
      logger.warn(
        { code: (err as { code: string }).code, reqId: req.id },
        'data exception from the database answered 400',
      );
    } else if (isDatabaseDown(err)) {
      status = 503;
      message = 'The service is temporarily unavailable, please try again shortly';
    }
    if (status >= 500) logger.error({ err, reqId: req.id }, 'request failed');
    res.status(status).json({ error: message });
  };

export const notFoundMiddleware: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found' });
};
