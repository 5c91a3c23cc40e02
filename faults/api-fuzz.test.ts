import { randomUUID } from 'node:crypto';
import Ajv, { type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { createSession } from '@fajr/activities/repositories/sessions.repository';
import { startApi, type ApiHarness } from '@fajr/scripts/testing/api';
import { operationsOf, toAjv, type Schema } from './api-fuzz-openapi';
import { requestsFor } from './api-fuzz-requests';

/**
 * Fuzzing every operation of the OpenAPI document the API serves at /api/docs: property-based
 * requests (fast-check) from each operation's documented parameters and body, mutated with wrong
 * types, missing and extra fields, malformed JSON, huge and unicode strings, bad path params, with
 * and without a valid token. Every answer must be below 500, use a documented status, and match
 * the documented schema ({ error: string } for every failure).
 */

const RUNS_PER_OPERATION = 45; // × 28 operations ≈ 1,260 requests
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

describe('fuzzing every operation of /api/docs', () => {
  let h: ApiHarness;
  let doc: Schema;
  let userId: string;

  beforeAll(async () => {
    // With a worker running every workflow and activity, so each endpoint answers as in production.
    h = await startApi({ worker: 'all' });
    doc = (await h.api('GET', '/api/docs')).body;
    userId = await signUpFuzzUser();
  }, 120_000);

  /** The fuzz user, signed up (again: a generated request may delete the account with its right password). */
  async function signUpFuzzUser(): Promise<string> {
    const signup = await h.api('POST', '/api/users/signup?source=web', {
      body: { phoneNumber: '+447911000777', password: 'correct horse battery' },
    });
    if (signup.status !== 200) throw new Error(`sign-up failed: ${signup.status} ${JSON.stringify(signup.body)}`);
    return signup.body.result.user.id;
  }

  afterAll(async () => {
    await h?.close();
  }, 60_000);

  it('when ≥ 1,000 generated requests hit every operation, then none answers 5xx and every answer is documented and matches its schema', async () => {
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
    const validators = new Map<string, ValidateFunction>();
    const validatorFor = (schema: Schema) => {
      const key = JSON.stringify(schema);
      let v = validators.get(key);
      if (!v) {
        v = ajv.compile(toAjv(schema, doc) as object);
        validators.set(key, v);
      }
      return v;
    };
    const errorSchema = validatorFor({ $ref: '#/components/schemas/Error' });
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThanOrEqual(25);

    const findings = new Map<string, string>();
    let sent = 0;
    const statuses: Record<string, number> = {};
    for (const [k, op] of ops.entries()) {
      const samples = fc.sample(requestsFor(op), { numRuns: RUNS_PER_OPERATION, seed: SEED + k });
      for (const r of samples) {
        const headers: Record<string, string> = {};
        if (r.contentType) headers['content-type'] = r.contentType;
        if (r.tokenKind === 'valid') headers.authorization = `Bearer ${(await createSession(h.db, userId)).token}`;
        if (r.tokenKind === 'garbage') headers.authorization = `Bearer ${randomUUID()}`;
        if (r.tokenKind === 'malformed-header') headers.authorization = 'Basic Zm9vOmJhcg==';
        const res = await fetch(`${h.base}${r.url}`, { method: r.method, headers, body: r.body, redirect: 'manual' });
        const text = await res.text();
        sent += 1;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const what = `${r.method} ${op.path} → ${res.status}`;
        const note = (problem: string) => {
          if (!findings.has(`${what} ${problem}`))
            findings.set(
              `${what} ${problem}`,
              `${r.method} ${r.url.slice(0, 200)} [${r.tokenKind}] body=${(r.body ?? '').slice(0, 200)} answer=${text.slice(0, 300)}`,
            );
        };
        if (res.status >= 500) note('5xx');
        // POST /users/goodbye with the right password (a generated value) deletes the account: the next valid tokens need a user.
        if (op.path.endsWith('/users/goodbye') && res.status === 200) userId = await signUpFuzzUser();
        // A body sent to an operation that takes none is parsed all the same (400/413/415 with { error }).
        const bodyRejected = !op.body && r.body !== undefined && [400, 413, 415].includes(res.status);
        const documented = op.responses[String(res.status)] ?? (bodyRejected ? (op.responses['401'] ?? {}) : undefined);
        if (!documented && res.status !== 304) {
          note('undocumented status');
          continue;
        }
        const contentType = res.headers.get('content-type') ?? '';
        if (res.status >= 400) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            note('error body is not JSON');
            continue;
          }
          if (!errorSchema(parsed)) note(`error body is not { error: string }: ${ajv.errorsText(errorSchema.errors)}`);
        } else if (documented?.schema && contentType.startsWith('application/json')) {
          const validate = validatorFor(documented.schema);
          if (!validate(JSON.parse(text)))
            note(`body does not match the documented schema: ${ajv.errorsText(validate.errors)}`);
        }
      }
    }
    console.log(
      `fuzz: ${sent} requests over ${ops.length} operations (seed ${SEED}); statuses ${JSON.stringify(statuses)}`,
    );
    expect(sent).toBeGreaterThanOrEqual(1000);
    expect([...findings.entries()].map(([k, v]) => `${k}\n    ${v}`)).toEqual([]);
  }, 900_000);
});
