import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@fajr/scripts/lib/ports';
import { useApi } from '@fajr/scripts/testing/api';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { startProcess, waitUntil, type Proc } from '@fajr/scripts/testing/processes';
import { testCallWorkflowId } from '@fajr/workflows';

jest.setTimeout(180_000);

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  service: string;
  attributes?: { key: string; value: { stringValue?: string } }[];
}

describe('traces: an API request, the workflow it starts and the dial activity are one trace (OTLP)', () => {
  // The harness gives the database, a user with a session and a Temporal client; the API and the
  // worker run as their own processes with OTEL_EXPORTER_OTLP_ENDPOINT aimed at a collector here.
  const h = useApi();
  const spans: Span[] = [];
  let collector: http.Server;
  const procs: Proc[] = [];
  let apiBase: string;

  beforeAll(async () => {
    collector = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const doc = JSON.parse(body || '{}');
        for (const rs of doc.resourceSpans ?? []) {
          const service = rs.resource?.attributes?.find((a: { key: string }) => a.key === 'service.name')?.value?.stringValue;
          for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) spans.push({ ...s, service });
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
    const otel = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    const port = await freePort();
    apiBase = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: h.testDb.url, TEMPORAL_ADDRESS: h.config.TEMPORAL_ADDRESS, TEMPORAL_TASK_QUEUE: h.taskQueue,
      PUBLIC_BASE_URL: apiBase, OTEL_EXPORTER_OTLP_ENDPOINT: otel, RATE_LIMITS: 'off',
    };
    procs.push(startProcess('worker/src/main.ts', env), startProcess('api/src/server.ts', { ...env, PORT: String(port) }));
    const up = await waitUntil(async () => (await fetch(`${apiBase}/api/health`).then((r) => r.ok, () => false)), 60_000);
    if (!up) throw new Error(`API never came up:\n${procs[1]!.output.join('\n')}`);
  });
  afterAll(async () => {
    for (const p of procs) await p.stop();
    collector?.close();
  });

  it('when a user asks for a test call, then the request, StartWorkflow, RunWorkflow and the dial activity share one trace id, with no query string', async () => {
    const u = await h.user({ plan: 'BASIC', phoneNumber: '+447400977703', preferences: LONDON_PREFS });
    const res = await fetch(`${apiBase}/api/salah-schedules/calls/test?code=918273`, { method: 'POST', headers: { authorization: `Bearer ${u.token}` } });
    expect(res.status).toBe(200);
    await h.temporal.workflow.getHandle(testCallWorkflowId(u.id)).result();
    const names = ['StartWorkflow:testCall', 'RunWorkflow:testCall', 'RunActivity:dialCall'];
    const traced = await waitUntil(async () => {
      const start = spans.find((s) => s.name === 'StartWorkflow:testCall');
      return !!start && names.every((n) => spans.some((s) => s.name === n && s.traceId === start.traceId));
    }, 30_000);
    const start = spans.find((s) => s.name === 'StartWorkflow:testCall');
    expect({ traced, names: spans.map((s) => `${s.service} ${s.name}`) }).toMatchObject({ traced: true });
    const trace = spans.filter((s) => s.traceId === start!.traceId);
    // The API's request span is the root: its route, from the Express instrumentation, in the API's service.
    const request = trace.find((s) => s.service === 'fajr-api' && !s.parentSpanId)!;
    expect(request.name).toMatch(/^POST/);
    // The query string (codes, tokens) never reaches a span.
    expect(request.attributes?.find((a) => a.key === 'http.target')?.value.stringValue).toBe('/api/salah-schedules/calls/test');
    expect(JSON.stringify(spans)).not.toContain('918273');
    expect(trace.filter((s) => s.service === 'fajr-worker').map((s) => s.name)).toEqual(expect.arrayContaining(['RunWorkflow:testCall', 'RunActivity:dialCall']));
  });
});
