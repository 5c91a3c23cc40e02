import http from 'node:http';
import type { Logger } from '../../logger';
import { TelephonyError, type PlaceCallInput, type Telephony } from './types';

/**
 * The local telephony provider served over HTTP JSON from a process of its own (issue 49 point 1),
 * so its ringing simulation, timers and callback posts are not counted as the worker's CPU: in
 * production Twilio does that work. The wire format is shared with RemoteTelephony (remote.ts):
 *
 *   POST /place-call  PlaceCallInput                         → 200 { sid, queueMs }
 *   POST /get-call    { sid, from? }                         → 200 ProviderCall
 *   POST /find-call   { to, since (ISO), from?, options? }   → 200 { call: ProviderCall | null }
 *
 * A TelephonyError answers 422 with its message, `retryable` and `code`, rebuilt as the same error on
 * the worker's side, so the dial's retry logic behaves as with the in-process provider; any other
 * failure answers 500 (the worker sees a plain error, as it would a database error in process); bad
 * input 400. Bodies hold phone numbers: nothing here logs them.
 */
export const LOCAL_TELEPHONY_PATHS = {
  placeCall: '/place-call',
  getCall: '/get-call',
  findCall: '/find-call',
} as const;

/** The body of a TelephonyError's 422 answer. */
export interface TelephonyErrorBody {
  error: string;
  telephonyError: { message: string; retryable: boolean; code?: string | number };
}

/** The most a request body may hold (a call's TwiML is a few kB). */
const MAX_BODY_BYTES = 1_000_000;

class BadRequest extends Error {}

/** Serves `telephony` on host:port; resolves once listening (port 0: any free port, read it from the server). */
export async function serveLocalTelephony(
  telephony: Telephony,
  logger: Logger,
  opts: { port: number; host?: string },
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    void handle(telephony, req)
      .then((body) => send(res, 200, body))
      .catch((err: unknown) => {
        if (err instanceof TelephonyError) {
          const body: TelephonyErrorBody = {
            error: err.message,
            telephonyError: { message: err.message, retryable: err.retryable, code: err.code },
          };
          return send(res, 422, body);
        }
        if (err instanceof BadRequest) return send(res, 400, { error: err.message });
        logger.warn({ path: req.url, err: (err as Error).message }, 'local telephony server: request failed');
        send(res, 500, { error: (err as Error).message ?? 'internal error' });
      });
  });
  // The worker's keep-alive agent reuses sockets; keep them open longer than its idle time.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
  });
  return server;
}

async function handle(telephony: Telephony, req: http.IncomingMessage): Promise<unknown> {
  if (req.method !== 'POST') throw new BadRequest('only POST');
  const body = await readJson(req);
  switch (req.url) {
    case LOCAL_TELEPHONY_PATHS.placeCall:
      if (typeof body.to !== 'string' || typeof body.attemptKey !== 'string' || typeof body.adhaanUrl !== 'string')
        throw new BadRequest('to, adhaanUrl and attemptKey are required');
      return telephony.placeCall(body as unknown as PlaceCallInput);
    case LOCAL_TELEPHONY_PATHS.getCall:
      if (typeof body.sid !== 'string') throw new BadRequest('sid is required');
      return telephony.getCall(body.sid, optionalString(body.from));
    case LOCAL_TELEPHONY_PATHS.findCall: {
      const since = new Date(String(body.since));
      if (typeof body.to !== 'string' || Number.isNaN(since.getTime()))
        throw new BadRequest('to and since (ISO 8601) are required');
      const options = body.options as { quick?: boolean } | undefined;
      return {
        call: await telephony.findCall(
          body.to,
          since,
          optionalString(body.from),
          options?.quick ? { quick: true } : {},
        ),
      };
    }
    default:
      throw new BadRequest(`no route ${req.url}`);
  }
}

const optionalString = (v: unknown) => (typeof v === 'string' ? v : undefined);

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BadRequest('body too large');
    chunks.push(chunk as Buffer);
  }
  try {
    const v: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
    return v as Record<string, unknown>;
  } catch {
    throw new BadRequest('body is not a JSON object');
  }
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
