import { register } from 'prom-client';
import { serveMetrics } from '@fajr/activities/metrics';
import { freePort } from '@fajr/scripts/lib/ports';
import { useApi } from '@fajr/scripts/testing/api';
import { metricNamesIn, monitoringQueries } from '@fajr/scripts/testing/monitoring';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import { startProcess, waitUntil, type Proc } from '@fajr/scripts/testing/processes';
import { testCallWorkflowId } from '@fajr/workflows';

jest.setTimeout(180_000);

/** One scrape: each metric's TYPE, and each sample's value by its full series text (name{labels}). */
async function scrape(
  url: string,
): Promise<{ types: Map<string, string>; value: (series: string) => number; text: string }> {
  const text = await (await fetch(url)).text();
  const types = new Map<string, string>();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    const t = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (t) types.set(t[1]!, t[2]!);
    const s = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (s) samples.set(s[1]!, Number(s[2]));
  }
  return { types, value: (series) => samples.get(series) ?? 0, text };
}

describe('metrics: the worker and the API serve Prometheus metrics that move with a call', () => {
  const h = useApi({ rateLimits: 'on' });
  let worker: Proc;
  let workerUrl: string;
  let apiUrl: string;
  let closeApiMetrics: () => void;

  beforeAll(async () => {
    const port = await freePort();
    workerUrl = `http://127.0.0.1:${port}/metrics`;
    // The real worker process on the harness's queue, database and Temporal; the local phone calls back to the harness's API.
    worker = startProcess('worker/src/main.ts', {
      DATABASE_URL: h.testDb.url,
      TEMPORAL_ADDRESS: h.config.TEMPORAL_ADDRESS,
      TEMPORAL_TASK_QUEUE: h.taskQueue,
      PUBLIC_BASE_URL: h.base,
      METRICS_PORT: String(port),
    });
    // The API's registry, served as server.ts does (the harness runs the app in this process).
    const api = await serveMetrics({ port: 0, host: '127.0.0.1', registries: [register] });
    apiUrl = api.url;
    closeApiMetrics = () => api.close();
    const up = await waitUntil(
      async () =>
        (
          await fetch(workerUrl).then(
            (r) => r.text(),
            () => '',
          )
        ).includes('temporal_'),
      60_000,
    );
    if (!up) throw new Error(`worker metrics never came up:\n${worker.output.join('\n')}`);
  });
  afterAll(async () => {
    closeApiMetrics?.();
    await worker?.stop();
  });

  it('when the worker is up, then its endpoint has the product metrics and the Temporal SDK metrics, each with its type', async () => {
    const { types } = await scrape(workerUrl);
    expect(Object.fromEntries([...types].filter(([name]) => name.startsWith('fajr_')))).toEqual({
      fajr_calls_placed_total: 'counter',
      fajr_calls_answered_total: 'counter',
      fajr_calls_missed_total: 'counter',
      fajr_calls_failed_total: 'counter',
      fajr_calls_skipped_total: 'counter',
      fajr_telephony_provider_errors_total: 'counter',
      fajr_call_dial_lateness_seconds: 'histogram',
      fajr_call_provider_queue_seconds: 'histogram',
      fajr_calls_armed_late_total: 'counter',
      fajr_call_arming_rate: 'gauge',
      fajr_one_time_codes_sent_total: 'counter',
      fajr_one_time_codes_failed_total: 'counter',
      fajr_calls_armed: 'gauge',
      fajr_pacer_backlog_calls: 'gauge',
      fajr_pacer_backlog_seconds: 'gauge',
      fajr_timetable_missing_days: 'gauge',
      fajr_timetable_gap_users: 'gauge',
      fajr_phone_accounts_over_budget: 'gauge',
      fajr_shipped_timetable_days_left: 'gauge',
    });
    // The SDK's own (Prometheus conventions: _total counters, durations in seconds), and Node's process metrics.
    expect(types.get('temporal_num_pollers')).toBe('gauge');
    expect(types.get('process_cpu_seconds_total')).toBe('counter');
  });

  /** A Basic user's test call with the local phone doing `behaviour`: its result, and how far a worker series moved across it. */
  async function testCallWith(number: string, behaviour: Record<string, unknown>) {
    const u = await h.user({ plan: 'BASIC', phoneNumber: number, preferences: LONDON_PREFS });
    await h.api('POST', '/api/dev/phone/behaviours', { body: { phoneNumber: number, ...behaviour } });
    const before = await scrape(workerUrl);
    expect((await h.api('POST', '/api/salah-schedules/calls/test', { token: u.token })).status).toBe(200);
    const result = await h.temporal.workflow.getHandle(testCallWorkflowId(u.id)).result();
    const after = await scrape(workerUrl);
    return { u, result, after, moved: (series: string) => after.value(series) - before.value(series) };
  }

  it('when one test call is answered on the local phone, then placed, answered and lateness move once, and the API counts the request by its route template', async () => {
    const number = '+447400977701';
    const apiBefore = await scrape(apiUrl);
    const { u, result, after, moved } = await testCallWith(number, {
      outcome: 'answer',
      ringMs: 200,
      durationSeconds: 3,
    });
    expect(result).toMatchObject({ outcome: 'answered' });

    expect(moved('fajr_calls_placed_total{account="local",kind="test"}')).toBe(1);
    expect(moved('fajr_calls_answered_total{kind="test"}')).toBe(1);
    expect(moved('fajr_call_dial_lateness_seconds_count{account="local",kind="test"}')).toBe(1);
    // The provider's queue time (Twilio's QueueTime; the local provider's account queue): one call, none held.
    expect(moved('fajr_call_provider_queue_seconds_count{account="local"}')).toBe(1);
    expect(moved('fajr_call_provider_queue_seconds_bucket{le="0.05",account="local"}')).toBe(1);
    expect(moved('fajr_calls_failed_total{kind="test",error="not-placed"}')).toBe(0);
    expect(after.text).not.toContain(u.id);
    expect(after.text).not.toContain(number);
    // The SDK's task metrics appear once it has run tasks.
    expect(after.types.get('temporal_sticky_cache_size')).toBe('gauge');
    expect(after.types.get('temporal_workflow_task_schedule_to_start_latency_seconds')).toBe('histogram');
    expect(after.types.get('temporal_activity_schedule_to_start_latency_seconds')).toBe('histogram');
    expect(
      after.value(
        `temporal_workflow_completed_total{namespace="default",service_name="temporal-core-sdk",task_queue="${h.taskQueue}",workflow_type="testCall"}`,
      ),
    ).toBeGreaterThan(0);

    const api = await scrape(apiUrl);
    expect(api.types.get('http_request_duration_seconds')).toBe('histogram');
    expect(api.types.get('fajr_api_rate_limit_refusals_total')).toBe('counter');
    const route =
      'http_request_duration_seconds_count{method="POST",route="/api/salah-schedules/calls/test",status_code="200"}';
    expect(api.value(route) - apiBefore.value(route)).toBe(1);
    // The local provider's status callback, labelled by its route too; no raw path (ids) in any label.
    expect(
      api.value(
        'http_request_duration_seconds_count{method="POST",route="/api/webhooks/twilio/call-status",status_code="204"}',
      ),
    ).toBeGreaterThan(0);
    expect(api.text).not.toContain(u.id);
    // Only the worker process has the call counters.
    expect(api.types.has('fajr_calls_placed_total')).toBe(false);
  });

  it('when a test call finds the line busy, then it counts as missed with reason busy, not as answered', async () => {
    const { result, moved } = await testCallWith('+447400977702', { outcome: 'busy', ringMs: 200 });
    expect(result).toMatchObject({ outcome: 'busy' });
    expect(moved('fajr_calls_placed_total{account="local",kind="test"}')).toBe(1);
    expect(moved('fajr_calls_missed_total{kind="test",reason="busy"}')).toBe(1);
    expect(moved('fajr_calls_answered_total{kind="test"}')).toBe(0);
  });

  it('when a test call is answered but no key is pressed for the awake check, then it counts as missed with reason not-confirmed', async () => {
    const { result, moved } = await testCallWith('+447400977703', { outcome: 'answer', ringMs: 200, pressKey: '' });
    expect(result).toMatchObject({ outcome: 'answered' });
    expect(moved('fajr_calls_missed_total{kind="test",reason="not-confirmed"}')).toBe(1);
    expect(moved('fajr_calls_answered_total{kind="test"}')).toBe(0);
  });

  it.each([
    ['voicemail', { outcome: 'voicemail', ringMs: 200 }, '+447400977705'],
    ['no-answer', { outcome: 'no-answer', ringMs: 200 }, '+447400977706'],
  ])('when a test call ends in %s, then it counts as missed with that reason', async (reason, behaviour, number) => {
    const { moved } = await testCallWith(number, behaviour);
    expect(moved(`fajr_calls_missed_total{kind="test",reason="${reason}"}`)).toBe(1);
    expect(moved('fajr_calls_answered_total{kind="test"}')).toBe(0);
  });

  it('when a verification code is sent by SMS, then the codes-sent counter moves once, by channel and purpose', async () => {
    const series = 'fajr_one_time_codes_sent_total{channel="sms",purpose="verify-phone"}';
    const u = await h.user({ phoneNumber: '+447400977707', phoneVerified: false });
    const before = (await scrape(workerUrl)).value(series);
    expect((await h.api('POST', '/api/users/send-verification', { token: u.token })).status).toBe(200);
    expect(await waitUntil(async () => (await scrape(workerUrl)).value(series) - before === 1, 20_000)).toBe(true);
  });

  it('when the dashboard and the alert rules query metrics, then each is one the worker or the API exports (after a call)', async () => {
    const exported = new Set(['up']); // Prometheus's own, per scrape target
    for (const url of [workerUrl, apiUrl]) {
      for (const [name, type] of (await scrape(url)).types) {
        exported.add(name);
        if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) exported.add(`${name}${s}`);
      }
    }
    const unknown = monitoringQueries().flatMap(({ where, expr }) =>
      metricNamesIn(expr)
        .filter((n) => !exported.has(n))
        .map((n) => `${where}: ${n}`),
    );
    expect(unknown).toEqual([]);
    expect(monitoringQueries().length).toBeGreaterThan(20);
  });

  it('when a rate limit refuses a request, then the refusal is counted by limit and what it counts', async () => {
    const series = 'fajr_api_rate_limit_refusals_total{limit="forgetPassword",per="account"}';
    const before = (await scrape(apiUrl)).value(series);
    const body = { phoneNumber: 'nobody-metrics@example.com' };
    await h.api('POST', '/api/users/forget-password', { body });
    expect((await h.api('POST', '/api/users/forget-password', { body })).status).toBe(429);
    expect((await scrape(apiUrl)).value(series) - before).toBe(1);
  });
});
