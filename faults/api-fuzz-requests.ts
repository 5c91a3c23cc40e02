import fc from 'fast-check';
import type { Operation, Schema } from './api-fuzz-openapi';

// The requests api-fuzz.test.ts sends: from each operation's documented parameters and body, values that pass
// validation and values that do not (wrong types, missing and extra fields, malformed JSON, huge and unicode
// strings, bad path params), with and without a valid token.

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

export interface Req {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  tokenKind: 'none' | 'valid' | 'garbage' | 'malformed-header';
}

export function requestsFor(
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
