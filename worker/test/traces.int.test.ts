import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@fajr/scripts/lib/ports';
import { useApi } from '@fajr/scripts/testing/api';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { startProcess, waitUntil, type Proc } from '@fajr/scripts/testing/processes';
import { fajrCallsWorkflowId, fajrCallWorkflowId, testCallWorkflowId } from '@fajr/workflows';
import { insertTestMosque } from '@fajr/scripts/testing/mosques';

jest.setTimeout(180_000);

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  service: string;
  attributes?: { key: string; value: { stringValue?: string } }[];
  links?: { traceId: string; spanId: string }[];
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
          const service = rs.resource?.attributes?.find((a: { key: string }) => a.key === 'service.name')?.value
            ?.stringValue;
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
      DATABASE_URL: h.testDb.url,
      TEMPORAL_ADDRESS: h.config.TEMPORAL_ADDRESS,
      TEMPORAL_TASK_QUEUE: h.taskQueue,
      PUBLIC_BASE_URL: apiBase,
      OTEL_EXPORTER_OTLP_ENDPOINT: otel,
      RATE_LIMITS: 'off',
    };
    procs.push(
      startProcess('worker/src/main.ts', env),
      startProcess('api/src/server.ts', { ...env, PORT: String(port) }),
    );
    const up = await waitUntil(
      async () =>
        await fetch(`${apiBase}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      60_000,
    );
    if (!up) throw new Error(`API never came up:\n${procs[1]!.output.join('\n')}`);
  });
  /** The spans of one trace once they have arrived (a span is exported when it ends; the batch every second). */
  async function traceOf(traceId: () => string | undefined, names: string[]): Promise<Span[]> {
    const complete = () => {
      const id = traceId();
      return !!id && names.every((n) => spans.some((s) => s.name === n && s.traceId === id));
    };
    await waitUntil(async () => complete(), 30_000);
    const id = traceId();
    const trace = spans.filter((s) => s.traceId === id);
    expect({
      missing: names.filter((n) => !trace.some((s) => s.name === n)),
      all: spans.map((s) => `${s.service} ${s.name}`),
    }).toMatchObject({ missing: [] });
    return trace;
  }

  afterAll(async () => {
    for (const p of procs) await p.stop();
    collector?.close();
  });

  it('when a user asks for a test call, then the request, StartWorkflow, RunWorkflow and the dial activity share one trace id, with no query string', async () => {
    const u = await h.user({ plan: 'BASIC', phoneNumber: '+447400977703', preferences: LONDON_PREFS });
    const res = await fetch(`${apiBase}/api/salah-schedules/calls/test?code=918273`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.token}` },
    });
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
    // Named by its route template (the Express instrumentation, Express 5), not by a raw path.
    expect(request.name).toBe('POST /api/salah-schedules/calls/test');
    // The query string (codes, tokens) never reaches a span.
    expect(request.attributes?.find((a) => a.key === 'http.target')?.value.stringValue).toBe(
      '/api/salah-schedules/calls/test',
    );
    expect(JSON.stringify(spans)).not.toContain('918273');
    expect(trace.filter((s) => s.service === 'fajr-worker').map((s) => s.name)).toEqual(
      expect.arrayContaining(['RunWorkflow:testCall', 'RunActivity:dialCall']),
    );
  });

  it("when a saved preference makes the running chain plan a call, then the request, the signal, the chain's re-plan, the day's call, the dial, the awake-check key press and the provider's status callback (and its signal) are one trace", async () => {
    const number = '+447400977704';
    const u = await h.user({ plan: 'BASIC', phoneNumber: number, preferences: false });
    await fetch(`${apiBase}/api/dev/phone/behaviours`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: number, outcome: 'answer', ringMs: 300, durationSeconds: 3, pressKey: '1' }),
    });
    const m = await insertTestMosque(h.db, { name: 'Traced mosque' });
    const save = (allowCalls: boolean) =>
      fetch(`${apiBase}/api/salah-schedules/fajr-prefs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          allowCalls,
          countryName: null,
          countryCode: null,
          cityName: null,
          lat: null,
          lng: null,
          mosqueId: m.id,
          fajrAdhaanId: 'Default',
          fajrCallDelayPref: 'As soon as Fajr starts',
          allowRepeatCalls: false,
        }),
      });
    // The first save starts the chain (calls off: it waits); the second is the change this trace follows.
    expect((await save(false)).status).toBe(200);
    const chainState = async () =>
      (
        await h.temporal.workflow
          .getHandle(fajrCallsWorkflowId(u.id))
          .query<{ status: string }>('state')
          .catch(() => null)
      )?.status;
    expect(await waitUntil(async () => (await chainState()) === 'calls-off', 20_000)).toBe(true);
    // The mosque's jamaah puts today's call (30 minutes before it) a few seconds after the change.
    const jamaah = Math.ceil((Date.now() + 30 * 60_000 + 6_000) / 1000) * 1000;
    const callDate = new Date(jamaah - 30 * 60_000).toISOString().slice(0, 10);
    await h.db('mosque_fajr_times').insert({ mosque_id: m.id, local_date: callDate, jamaah_at: new Date(jamaah) });
    expect((await save(true)).status).toBe(200);
    const day = h.temporal.workflow.getHandle(fajrCallWorkflowId(u.id, callDate));
    expect(await waitUntil(async () => !!(await day.describe().catch(() => null)), 20_000)).toBe(true);
    // New users' calls ask for a key once awake; this phone presses it.
    expect(await day.result()).toMatchObject({
      outcome: 'answered',
      attempts: [expect.objectContaining({ confirmed: true })],
    });

    // The second save's request span: the API's root span of its route, after the first save's.
    const requestOf = () =>
      spans.filter(
        (s) => s.service === 'fajr-api' && !s.parentSpanId && s.name === 'POST /api/salah-schedules/fajr-prefs',
      )[1]?.traceId;
    const trace = await traceOf(requestOf, [
      'POST /api/salah-schedules/fajr-prefs',
      'SignalWithStartWorkflow:fajrCalls',
      'HandleSignal:prefsChanged',
      'RunActivity:planNextFajrCall',
      'StartChildWorkflow:fajrCall',
      'RunWorkflow:fajrCall',
      'RunActivity:dialCall',
      'awake key',
      'call status callback',
      'SignalWorkflow:callStatusChanged',
      'HandleSignal:callStatusChanged',
    ]);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const chainOf = (s: Span): string[] =>
      s.parentSpanId && byId.has(s.parentSpanId) ? [...chainOf(byId.get(s.parentSpanId)!), s.name] : [s.name];
    // The callback's span is the dial's child (through the traceparent in the URL the provider signed), in the API.
    const callback = trace.find((s) => s.name === 'call status callback')!;
    expect(callback.service).toBe('fajr-api');
    expect(byId.get(callback.parentSpanId!)).toMatchObject({ name: 'RunActivity:dialCall', service: 'fajr-worker' });
    expect(chainOf(trace.find((s) => s.name === 'HandleSignal:callStatusChanged')!)).toEqual(
      expect.arrayContaining([
        'POST /api/salah-schedules/fajr-prefs',
        'RunWorkflow:fajrCall',
        'RunActivity:dialCall',
        'call status callback',
        'SignalWorkflow:callStatusChanged',
      ]),
    );
    // The key press too (the `<Gather>` action URL carries the same traceparent); its request is linked.
    const key = trace.find((s) => s.name === 'awake key')!;
    expect(key.service).toBe('fajr-api');
    expect(byId.get(key.parentSpanId!)).toMatchObject({ name: 'RunActivity:dialCall', service: 'fajr-worker' });
    const keyRoot = spans.find((s) => s.traceId === key.links?.[0]?.traceId && !s.parentSpanId);
    expect(keyRoot).toMatchObject({ name: 'POST /api/webhooks/twilio/awake', service: 'fajr-api' });
    // The callback's HTTP request (the provider sends no trace header) is a trace of its own, linked from the callback's span.
    const link = callback.links?.[0];
    expect(link?.traceId).toBeDefined();
    expect(link!.traceId).not.toBe(callback.traceId);
    const webhookRoot = spans.find((s) => s.traceId === link!.traceId && !s.parentSpanId);
    expect(webhookRoot).toMatchObject({ name: 'POST /api/webhooks/twilio/call-status', service: 'fajr-api' });
    // The first save (which started the chain) is another trace: the call followed the change, not the chain's start.
    const first = spans.find(
      (s) => s.name === 'POST /api/salah-schedules/fajr-prefs' && s.traceId !== callback.traceId,
    )!;
    expect(first).toBeDefined();
    expect(spans.filter((s) => s.traceId === first.traceId).map((s) => s.name)).not.toContain('RunActivity:dialCall');
  });
});
