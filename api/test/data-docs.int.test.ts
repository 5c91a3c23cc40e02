import { useApi } from '@fajr/scripts/testing/api';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';

jest.setTimeout(60_000);

const h = useApi({ userPreferences: LONDON_PREFS });

// SPEC section 7: every call the web client makes.
const SPEC_CALLS = [
  'post /users/signup',
  'post /users/signin',
  'post /users/forget-password',
  'post /users/forget-password/reset',
  'post /users/goodbye',
  'get /users/current-user',
  'post /users/validate-phone-number',
  'post /users/send-verification',
  'post /users/verify-phone-code',
  'get /salah-schedules/fajr-schedules/today',
  'get /salah-schedules/fajr-schedules',
  'delete /salah-schedules/fajr-schedules',
  'post /salah-schedules/fajr-prefs',
  'post /salah-schedules/fajr-prefs/toggles',
  'post /salah-schedules/calls/test',
  'get /salah-schedules/calls/stats',
  'post /subscriptions/premium/{plan}',
  'post /subscriptions/view-portal',
  'get /subscriptions/session/{id}',
  'get /data/prayer-calc',
  'get /data/static',
  'get /data/cities/{country}',
  'post /data/mosques/request',
  'post /data/feedback',
  'post /data/feedback/contact',
];

type Operation = {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema: { enum?: string[] } }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

describe('GET /api/docs', () => {
  let doc: { openapi: string; servers: { url: string }[]; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    const res = await h.api('GET', '/api/docs');
    expect(res.status).toBe(200);
    doc = res.body;
  });

  it('is an OpenAPI 3 document listing every call of SPEC section 7 under /api', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([{ url: '/api' }]);
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    for (const call of SPEC_CALLS) expect(listed).toContain(call);
  });

  it('describes bodies, parameters and the error body of each endpoint', () => {
    const prefs = doc.paths['/salah-schedules/fajr-prefs']!.post!;
    expect(prefs.requestBody?.content['application/json']).toBeDefined();
    expect(prefs.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(prefs.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(prefs.responses['403']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    const cities = doc.paths['/data/cities/{country}']!.get!;
    expect(cities.parameters?.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual([
      'path:country:true',
      'query:city:true',
    ]);
    const plan = doc.paths['/subscriptions/premium/{plan}']!.post!.parameters![0]!;
    expect(plan.schema.enum).toEqual(['BASIC', 'PLUS', 'PREMIUM']);
  });

  it('documents sunrise on each schedule day and what each call time preference counts from (issue 47 point 2)', () => {
    const schemaOf = (path: string) => JSON.stringify(doc.paths[path]!.get!.responses['200']!.content);
    expect(schemaOf('/salah-schedules/fajr-schedules')).toContain('"sunriseTimeIso"');
    expect(schemaOf('/data/prayer-calc')).toMatch(/"relativeTo":\{[^}]*"enum":\["fajr","sunrise"\]/);
  });

  it('matches the running API: an empty request to each endpoint gets a documented status, never a 5xx for bad input', async () => {
    const signedIn = await h.user();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        // Fill path parameters with a first enum value or a harmless word.
        const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
          const p = op.parameters?.find((x) => x.in === 'path' && x.name === name);
          return p?.schema.enum?.[0] ?? 'x';
        });
        const documented = Object.keys(op.responses);
        const body = op.requestBody ? {} : undefined;
        const anonymous = await h.api(method.toUpperCase(), `/api${url}`, { body });
        const required = op.security?.length === 1 && 'bearerAuth' in op.security[0]!;
        if (required) expect([`${method} ${path}`, anonymous.status]).toEqual([`${method} ${path}`, 401]);
        expect([`${method} ${path}`, documented]).toEqual([
          `${method} ${path}`,
          expect.arrayContaining([String(anonymous.status)]),
        ]);
        if (required && op.requestBody) {
          // Signed in with an empty body: a 400 the document lists.
          const res = await h.api(method.toUpperCase(), `/api${url}`, { body: {}, token: signedIn.token });
          expect([`${method} ${path}`, res.status]).toEqual([`${method} ${path}`, 400]);
          expect(res.body).toEqual({ error: expect.any(String), code: expect.any(String) });
        }
      }
    }
  });
});
