import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { messageBody } from '../contracts';

export type Status = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 429 | 502 | 503;

const ERROR_MEANING: Record<Status, string> = {
  400: 'Invalid input (body, path or query), or a request the account cannot make',
  401: 'Missing, invalid or expired session token',
  403: 'Not allowed for this plan or account',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'The request body is too large',
  415: 'Unsupported request encoding',
  416: 'Requested range not satisfiable',
  429: 'Too many requests',
  502: 'The payment provider or app store failed',
  503: 'A backing service (database, scheduler) is temporarily unavailable',
};

export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  tag: string;
  auth: 'required' | 'optional' | 'none';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  ok: { schema: z.ZodType; description: string; contentType?: string };
  errors: Status[];
}

export const message = (description: string) => ({ schema: messageBody, description });
export const JSON_BODY: Status[] = [400, 413, 415];
export const AUTHED: Status[] = [401, 503];

const ERROR_REF = { $ref: '#/components/schemas/Error' };

export function routeOf(e: Endpoint): RouteConfig {
  // Any POST, PUT or DELETE may carry a body the JSON parser refuses (malformed, too large, bad encoding).
  const errors = [...new Set<Status>([...e.errors, ...(e.method === 'get' ? [] : JSON_BODY)])].sort();
  return {
    method: e.method,
    path: e.path,
    tags: [e.tag],
    summary: e.summary,
    security: e.auth === 'required' ? [{ bearerAuth: [] }] : e.auth === 'optional' ? [{}, { bearerAuth: [] }] : [],
    request: {
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { query: e.query } : {}),
      ...(e.body ? { body: { required: true, content: { 'application/json': { schema: e.body } } } } : {}),
    },
    responses: {
      200: {
        description: e.ok.description,
        content: { [e.ok.contentType ?? 'application/json']: { schema: e.ok.schema } },
      },
      ...(e.ok.contentType === 'audio/wav'
        ? {
            206: { description: 'The requested byte range', content: { 'audio/wav': { schema: e.ok.schema } } },
            304: { description: 'Not modified (ETag matched)' },
          }
        : {}),
      ...Object.fromEntries(
        errors.map((s) => [
          s,
          { description: ERROR_MEANING[s], content: { 'application/json': { schema: ERROR_REF } } },
        ]),
      ),
    },
  };
}
