import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { TestDatabase } from '@fajr/migrations/testing';
import type { ApiDeps } from '../src/deps';
import { startApiHarness } from './harness';

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface AccountsApi {
  deps: ApiDeps;
  db: TestDatabase;
  temporal: Client;
  call<T = any>(method: string, path: string, opts?: { body?: unknown; token?: string; ip?: string; raw?: string }): Promise<Reply<T>>;
  /** Signs up a web user with a fresh phone number; returns the token, user and the number. */
  signupPhone(opts?: { source?: 'web' | 'app'; password?: string }): Promise<{ token: string; user: any; phoneNumber: string; password: string }>;
  signupEmail(opts?: { source?: 'web' | 'app'; password?: string }): Promise<{ token: string; user: any; email: string; password: string }>;
  /** Waits for the next message to a recipient in the local outbox (newer than `afterId`) and returns its code. */
  nextCode(recipient: string, afterId?: number): Promise<{ code: string; id: number; body: string }>;
  lastOutboxId(recipient: string): Promise<number>;
  close(): Promise<void>;
}

let phoneSeq = Math.floor(Math.random() * 90_000);
/** A valid, unused UK mobile number (07911 1xxxxx). */
export function freshPhone(): string {
  phoneSeq = (phoneSeq + 1) % 100_000;
  return `+4479111${String(phoneSeq).padStart(5, '0')}`;
}

/**
 * The real app on port 0 against a fresh database and the Temporal dev server, with a worker in the
 * test process running the accounts workflows and every activity on a task queue of its own.
 */
export async function startAccountsApi(env: Record<string, string> = {}): Promise<AccountsApi> {
  const h = await startApiHarness({ env, workflowsPath: require.resolve('./users-workflows') });
  const { deps, testDb: db } = h;
  const client = h.temporal;

  const call: AccountsApi['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = {};
    if (opts.body !== undefined || opts.raw !== undefined) headers['content-type'] = 'application/json';
    if (opts.ip) headers['x-forwarded-for'] = opts.ip;
    return h.api(method, `/api${path}`, { token: opts.token, body: opts.body, rawBody: opts.raw, headers });
  };

  const lastOutboxId = async (recipient: string) => {
    const row = await db.knex('local_outbox').where({ recipient }).max({ id: 'id' }).first();
    return Number(row?.id ?? 0);
  };

  const api: AccountsApi = {
    deps,
    db,
    temporal: client,
    call,
    async signupPhone(opts = {}) {
      const phoneNumber = freshPhone();
      const password = opts.password ?? 'correct horse battery';
      const r = await call('POST', `/users/signup?source=${opts.source ?? 'web'}`, { body: { phoneNumber, password } });
      if (r.status !== 200) throw new Error(`signup failed: ${r.status} ${JSON.stringify(r.body)}`);
      return { token: r.body.result.token, user: r.body.result.user, phoneNumber, password };
    },
    async signupEmail(opts = {}) {
      const email = `user-${randomUUID().slice(0, 8)}@example.com`;
      const password = opts.password ?? 'correct horse battery';
      const r = await call('POST', `/users/signup?source=${opts.source ?? 'web'}`, { body: { phoneNumber: email, password } });
      if (r.status !== 200) throw new Error(`signup failed: ${r.status} ${JSON.stringify(r.body)}`);
      return { token: r.body.result.token, user: r.body.result.user, email, password };
    },
    async nextCode(recipient, afterId = 0) {
      for (let i = 0; i < 200; i++) {
        const r = await call('GET', `/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
        const m = r.body?.result?.messages?.[0];
        if (m && m.id > afterId) {
          const code = /\b(\d{6})\b/.exec(m.body)?.[1];
          if (!code) throw new Error('the latest message has no code');
          return { code, id: m.id, body: m.body };
        }
        await new Promise((res) => setTimeout(res, 50));
      }
      throw new Error(`no message to ${recipient} within 10 s`);
    },
    lastOutboxId,
    close: h.close,
  };
  return api;
}
