import type { Router } from 'express';
import type { ApiDeps } from '../deps';
import { mosqueAdminRoutes } from '../routes/mosque-admin.routes';
import { mosqueRequestsRoutes } from '../routes/mosque-requests.routes';
import { mosqueSearchRoutes } from '../routes/mosque-search.routes';
import { openApiDocument } from '.';

/** Every `method path` a router answers, paths written as OpenAPI writes them (`:id` → `{id}`). */
function routesOf(router: Router): string[] {
  type Layer = { route?: { path: string; methods: Record<string, boolean> } };
  return (router.stack as Layer[]).flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods).map((m) => `${m} ${layer.route!.path.replace(/:(\w+)/g, '{$1}')}`)
      : [],
  );
}

// Issue 46's endpoints are in the API document: a route added to these routers without its description fails here.
describe('the mosque endpoints in the OpenAPI document', () => {
  // Building the routers reads nothing: the rate limits are off and no request is made.
  const deps = { config: { RATE_LIMITS: 'off' }, db: {} } as unknown as ApiDeps;
  const doc = openApiDocument();
  const documented = Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
    Object.keys(ops as object).map((m) => `${m} ${path}`),
  );

  it.each([
    ['mosque admins', mosqueAdminRoutes],
    ['finding a mosque', mosqueSearchRoutes],
    ['mosque requests and invitations', mosqueRequestsRoutes],
  ] as const)('every route of %s is documented', (_name, routes) => {
    const answered = routesOf(routes(deps));
    expect(answered.length).toBeGreaterThan(1);
    for (const route of answered) expect(documented).toContain(route);
  });

  it('each says who may call it, what it takes and the error body of each failure', () => {
    const verify = doc.paths!['/mosque-admin/mosques/{id}/claim-code/verify']!.post!;
    expect(verify.security).toEqual([{ bearerAuth: [] }]);
    expect(verify.requestBody).toBeDefined();
    expect(Object.keys(verify.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '409', '429']));
    const sent = doc.paths!['/mosque-admin/mosques/{id}/claim-code']!.post!;
    expect(Object.keys(sent.responses)).toEqual(expect.arrayContaining(['400', '429']));
    const search = doc.paths!['/data/mosques/search']!.get!;
    expect(search.security).toEqual([]);
    expect((search.parameters as { name: string }[]).map((p) => p.name)).toEqual(['q', 'lat', 'lng', 'radiusKm']);
    const rules = doc.paths!['/mosque-admin/mosques/{id}/rules']!.delete!;
    expect((rules.parameters as { name: string; in: string }[]).map((p) => `${p.in}:${p.name}`)).toEqual([
      'path:id',
      'query:from',
      'query:ramadan',
    ]);
    expect(rules.responses['403']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
  });
});
