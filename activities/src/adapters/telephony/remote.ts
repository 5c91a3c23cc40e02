import http from 'node:http';
import { LOCAL_TELEPHONY_PATHS, type TelephonyErrorBody } from './local-server';
import { redactNumbers, TelephonyError, type PlaceCallInput, type ProviderCall, type Telephony } from './types';

/** How long a request to the local telephony server may take before the call fails (as a provider's REST timeout). */
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The local telephony provider reached over HTTP (LOCAL_TELEPHONY_URL): the worker's side of
 * local-server.ts. The provider's work (ringing, timers, callbacks) runs in that server's process, as
 * Twilio's does in production, so a benchmark can count the worker's CPU alone. One keep-alive agent,
 * as Twilio's REST client keeps its connections. A TelephonyError from the server is rebuilt with the
 * same message, `retryable` and `code`; any other failure (the server down, a 500) is a plain Error,
 * as a database error is for the in-process provider.
 */
export class RemoteTelephony implements Telephony {
  readonly provider = 'local' as const;
  /** The same pacer account as the in-process local provider. */
  readonly account = 'local';
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly base: URL;

  constructor(baseUrl: string) {
    this.base = new URL(baseUrl);
  }

  placeCall(input: PlaceCallInput): Promise<{ sid: string; queueMs?: number }> {
    return this.post(LOCAL_TELEPHONY_PATHS.placeCall, input);
  }

  getCall(sid: string, from?: string): Promise<ProviderCall> {
    return this.post(LOCAL_TELEPHONY_PATHS.getCall, { sid, from });
  }

  async findCall(to: string, since: Date, from?: string, options?: { quick?: boolean }): Promise<ProviderCall | null> {
    const { call } = await this.post<{ call: ProviderCall | null }>(LOCAL_TELEPHONY_PATHS.findCall, {
      to,
      since: since.toISOString(),
      from,
      options,
    });
    return call;
  }

  /** Closes the kept-alive sockets (a test's or a process's end). */
  close(): void {
    this.agent.destroy();
  }

  private post<T>(path: string, body: unknown): Promise<T> {
    const text = JSON.stringify(body);
    return new Promise<T>((resolve, reject) => {
      const req = http.request(
        new URL(path, this.base),
        {
          method: 'POST',
          agent: this.agent,
          timeout: REQUEST_TIMEOUT_MS,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            try {
              resolve(answerOf<T>(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
            } catch (err) {
              reject(err);
            }
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`local telephony server: no answer in ${REQUEST_TIMEOUT_MS} ms`)));
      req.on('error', (err) => reject(new Error(`local telephony server: ${redactNumbers(err.message)}`)));
      req.end(text);
    });
  }
}

/** The server's answer: its body on 200, the TelephonyError it carried on 422, else a plain Error. */
function answerOf<T>(status: number, text: string): T {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`local telephony server: answered ${status} without JSON`);
  }
  if (status === 200) return body as T;
  const e = (body as Partial<TelephonyErrorBody>)?.telephonyError;
  if (status === 422 && e) throw new TelephonyError(e.message, e.retryable, e.code);
  const message = (body as { error?: string })?.error ?? 'no error message';
  throw new Error(`local telephony server: ${status} ${redactNumbers(message)}`);
}
