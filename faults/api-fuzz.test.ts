import { randomUUID } from 'node:crypto';
import Ajv, { type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { createSession } from '@fajr/activities/repositories/sessions.repository';
import { startApi, type ApiHarness } from '@fajr/scripts/testing/api';

/**
 * Fuzzing every operation of the OpenAPI document the API serves at /api/docs: property-based
 * requests (fast-check) from each operation's documented parameters and body, mutated with wrong
 * types, missing and extra fields, malformed JSON, huge and unicode strings, bad path params, with
 * and without a valid token. Every answer must be below 500, use a documented status, and match
 * the documented schema ({ error: string } for every failure).
 */

const RUNS_PER_OPERATION = 45; // × 28 operations ≈ 1,260 requests
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

type Schema = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  pathParams: { name: string; schema: Schema }[];
  queryParams: { name: string; schema: Schema }[];
  body?: Schema;
  auth: boolean;
  responses: Record<string, { schema?: Schema; contentType?: string }>;
}

// Values that pass validation, so generated requests also reach the services, not only the parser.
const KNOWN_GOOD: Record<string, unknown[]> = {
  phoneNumber: ['+447911123456', 'someone@example.com', '07911 123456'],
  password: ['correct horse battery', 'x'],
  prayerCalcMethod: ['MuslimWorldLeague', 'Karachi'],
  prayerCalcHlat: ['MiddleOfTheNight', 'SeventhOfTheNight'],
  fajrAdhaanId: ['Default', 'Gentle', ''],
  fajrCallDelayPref: ['As soon as Fajr starts', '10 minutes after Fajr starts'],
  countryCode: ['GB', 'gb', 'PK'],
  countryName: ['United Kingdom'],
  cityName: ['London', 'Bradford'],
  lat: [51.50853, 90, -90],
  lng: [-0.12574, 180, -180],
  tzName: ['Europe/London', 'Mars/Olympus_Mons'],
  country: ['GB', 'any', 'us'],
  city: ['lon', 'new y', 'zz'],
  plan: ['BASIC', 'PLUS', 'PREMIUM'],
  code: ['123456', '000000'],
  source: ['web', 'app'],
  days: [1, 7, 365],
};

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '../../../etc/passwd',
  "'; drop table users; --",
  '%',
  '%00',
  '🕌🌙'.repeat(50),
  'ﷺ مرحبا',
  '\u202eevil',
  'x'.repeat(5000),
  '__proto__',
  'constructor',
  '2026-02-30',
  'NaN',
  '-0',
  '1e309',
  '{"a":1}',
];

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.string(),
  fc.constantFrom(...NASTY_STRINGS),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const anyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...NASTY_STRINGS),
  fc.integer({ min: 100, max: 40_000 }).map((n) => 'ü'.repeat(n)),
);

/** A value for a documented schema: mostly of the right shape, sometimes wrong (type, range, null). */
function valueOf(schema: Schema | undefined, name: string, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return wrongValue;
  const good = KNOWN_GOOD[name];
  const right = rightValueOf(schema, name, depth);
  const options: fc.WeightedArbitrary<unknown>[] = [
    { weight: 5, arbitrary: right },
    { weight: 2, arbitrary: wrongValue },
  ];
  if (good) options.push({ weight: 5, arbitrary: fc.constantFrom(...good) });
  if (schema.nullable) options.push({ weight: 1, arbitrary: fc.constant(null) });
  return fc.oneof(...options);
}

function rightValueOf(schema: Schema, name: string, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.anyOf || schema.oneOf)
    return fc.oneof(...(schema.anyOf ?? schema.oneOf).map((s: Schema) => valueOf(s, name, depth + 1)));
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return fc.oneof(fc.uuid(), anyString);
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.pattern) return fc.oneof(fc.stringMatching(new RegExp(schema.pattern)), anyString);
      return anyString;
    case 'integer':
      return fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER + 2));
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0.5, 1e308, -1e308));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueOf(schema.items, name, depth + 1), { maxLength: 4 });
    case 'object':
    default: {
      const props = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
      const record = fc.record(Object.fromEntries(props.map(([k, s]) => [k, valueOf(s, k, depth + 1)])), {
        requiredKeys: [],
      });
      // Mostly every documented field present (so deep validation runs), sometimes some missing, sometimes extra.
      const full = fc.record(Object.fromEntries(props.map(([k, s]) => [k, valueOf(s, k, depth + 1)])));
      return fc.oneof(
        { weight: 3, arbitrary: full },
        { weight: 2, arbitrary: record },
        {
          weight: 1,
          arbitrary: fc
            .tuple(full, fc.string({ maxLength: 8 }), wrongValue)
            .map(([o, k, v]) => ({ ...(o as object), [k]: v })),
        },
      );
    }
  }
}

const MALFORMED_BODIES = [
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1',
  'true',
  '{"phoneNumber": "x",}',
  "{'a': 1}",
  '\u0000',
  '{"__proto__": {"admin": true}}',
  '['.repeat(5000),
];

// fc.dictionary makes null-prototype objects, which String() cannot convert.
const asText = (v: unknown) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

interface Req {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  tokenKind: 'none' | 'valid' | 'garbage' | 'malformed-header';
}

function requestsFor(
  op: Operation,
): fc.Arbitrary<Omit<Req, 'headers'> & { contentType: string | null; tokenKind: Req['tokenKind'] }> {
  const pathArb = fc.tuple(
    ...op.pathParams.map((p) =>
      fc
        .oneof({ weight: 3, arbitrary: valueOf(p.schema, p.name) }, { weight: 1, arbitrary: anyString })
        // An empty segment is another route, and URLs past Node's 16 kB header limit never reach the app (431).
        .map((v) => encodeURIComponent(asText(v).slice(0, 1000)))
        .filter((v) => v.length > 0),
    ),
  );
  const queryArb = fc.tuple(
    fc.tuple(...op.queryParams.map((q) => fc.option(valueOf(q.schema, q.name), { nil: undefined, freq: 4 }))),
    fc.option(fc.tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 })), { freq: 4 }),
    fc.boolean(), // repeat the first parameter (?city=a&city=b makes an array in Express)
  );
  const bodyArb: fc.Arbitrary<{ body?: string; contentType: string | null }> = fc.oneof(
    {
      weight: op.body ? 6 : 1,
      arbitrary: valueOf(op.body, 'body').map((v) => ({
        body: JSON.stringify(v) ?? 'null',
        contentType: 'application/json',
      })),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...MALFORMED_BODIES).map((b) => ({ body: b, contentType: 'application/json' })),
    },
    { weight: 1, arbitrary: fc.constant({ body: undefined, contentType: null }) },
    {
      weight: 1,
      arbitrary: fc.constant({ body: JSON.stringify({ pad: 'x'.repeat(40_000) }), contentType: 'application/json' }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          valueOf(op.body, 'body'),
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
            'application/xml',
            'application/json; charset=latin1',
          ),
        )
        .map(([v, ct]) => ({ body: JSON.stringify(v) ?? '', contentType: ct })),
    },
  );
  const tokenArb = fc.constantFrom<Req['tokenKind']>('valid', 'valid', 'valid', 'none', 'garbage', 'malformed-header');
  return fc
    .tuple(pathArb, queryArb, bodyArb, tokenArb)
    .map(([pathValues, [queryValues, extra, repeat], { body, contentType }, tokenKind]) => {
      let i = 0;
      const path = op.path.replace(/\{[^}]+\}/g, () => pathValues[i++] ?? '');
      const qs = new URLSearchParams();
      op.queryParams.forEach((q, k) => {
        const v = queryValues[k];
        if (v !== undefined) qs.append(q.name, asText(v).slice(0, 1000));
      });
      if (repeat && op.queryParams[0]) qs.append(op.queryParams[0].name, 'again');
      if (extra) qs.append(extra[0] || 'x', extra[1]);
      const query = qs.toString();
      return {
        method: op.method.toUpperCase(),
        url: `/api${path}${query ? `?${query}` : ''}`,
        body: op.method === 'get' ? undefined : body,
        contentType,
        tokenKind,
      };
    });
}

/** OpenAPI 3.0 schema → something ajv (draft-07 + `nullable`) compiles: resolve $refs, drop OpenAPI-only words. */
function toAjv(schema: unknown, doc: Schema): unknown {
  if (Array.isArray(schema)) return schema.map((s) => toAjv(s, doc));
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as Schema;
  if (typeof s.$ref === 'string')
    return toAjv(
      s.$ref
        .replace('#/', '')
        .split('/')
        .reduce((o: Schema, k: string) => o[k], doc),
      doc,
    );
  const out: Schema = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'example' || k === 'xml' || k === 'externalDocs' || k === 'discriminator') continue;
    out[k] =
      k === 'properties'
        ? Object.fromEntries(Object.entries(v as Schema).map(([p, ps]) => [p, toAjv(ps, doc)]))
        : toAjv(v, doc);
  }
  // ajv reads `nullable` only beside `type`; elsewhere it becomes "this, or null".
  if (out.nullable === true && !out.type) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

function operationsOf(doc: Schema): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Schema>)) {
    for (const [method, op] of Object.entries(item)) {
      const params = (op.parameters ?? []) as { name: string; in: string; schema: Schema }[];
      const responses: Operation['responses'] = {};
      for (const [status, r] of Object.entries((op.responses ?? {}) as Record<string, Schema>)) {
        const [contentType, media] = Object.entries((r.content ?? {}) as Record<string, Schema>)[0] ?? [];
        responses[status] = { contentType, schema: media?.schema };
      }
      ops.push({
        method,
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        auth: (op.security ?? []).some((s: Schema) => 'bearerAuth' in s),
        responses,
      });
    }
  }
  return ops;
}

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
