// The OpenAPI document as api-fuzz.test.ts reads it: its operations, and its schemas as ajv compiles them.

export type Schema = Record<string, any>;
export interface Operation {
  method: string;
  path: string;
  pathParams: { name: string; schema: Schema }[];
  queryParams: { name: string; schema: Schema }[];
  body?: Schema;
  auth: boolean;
  responses: Record<string, { schema?: Schema; contentType?: string }>;
}

/** OpenAPI 3.0 schema → something ajv (draft-07 + `nullable`) compiles: resolve $refs, drop OpenAPI-only words. */
export function toAjv(schema: unknown, doc: Schema): unknown {
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

export function operationsOf(doc: Schema): Operation[] {
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
