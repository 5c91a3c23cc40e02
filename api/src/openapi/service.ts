import { z } from 'zod';
import type { Endpoint } from './endpoint';

/** Media, health and this document. */
export const serviceEndpoints: Endpoint[] = [
  {
    method: 'get',
    path: '/media/adhaans/{file}',
    tag: 'media',
    summary: 'An adhaan recording (16-bit PCM WAV); supports Range',
    auth: 'none',
    params: z.object({ file: z.enum(['default.wav', 'gentle.wav']) }),
    ok: { schema: z.string().describe('WAV audio'), description: 'The audio file', contentType: 'audio/wav' },
    errors: [404, 416],
  },
  {
    method: 'get',
    path: '/health',
    tag: 'service',
    summary: 'Postgres and Temporal reachability',
    auth: 'none',
    ok: {
      schema: z.object({
        status: z.string(),
        postgres: z.object({ ok: z.boolean(), error: z.string().optional() }),
        temporal: z.object({ ok: z.boolean(), error: z.string().optional() }),
      }),
      description: 'Both reachable',
    },
    errors: [503],
  },
  {
    method: 'get',
    path: '/docs',
    tag: 'service',
    summary: 'This OpenAPI document',
    auth: 'none',
    ok: { schema: z.object({}).passthrough(), description: 'OpenAPI 3 document' },
    errors: [],
  },
];
