import { randomUUID } from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import { useDevServerSuite } from '@fajr/scripts/testing/dev-server-suite';
import { atMosque, seedMosqueAt, seedUsers } from '../bench/seed';
import { startChains, startProcess, waitUntil, type Proc } from '@fajr/scripts/testing/processes';
import { fajrCallsStateQuery, fajrCallsWorkflowId, fajrCallWorkflowId } from '@fajr/workflows';

/**
 * The telephony provider refuses every call (the local provider's 'fail' behaviour answers like a
 * Twilio 5xx API error): the dial is retried, then that day's fajrCall execution fails carrying
 * the provider's error, the attempt is logged as failed, and the next day's call is still planned.
 */

const londonDate = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);

describe('a provider that refuses every call', () => {
  const suite = useDevServerSuite({
    stopFirst: async () => {
      await worker?.stop();
    },
  });
  let worker: Proc | undefined;

  it("then the dial is retried, the day's fajrCall fails with the provider's error, and tomorrow is planned", async () => {
    const taskQueue = `faults-provider-${randomUUID()}`;
    const callAt = new Date(Math.ceil((Date.now() + 30_000) / 1000) * 1000);
    const mosqueId = await seedMosqueAt(suite.tdb.knex, callAt, 1);
    const [user] = await seedUsers(suite.tdb.knex, 1, () => atMosque(mosqueId), {
      prefix: 'fail',
      phoneBase: 40_000_000,
      withSessions: false,
    });
    await suite.tdb
      .knex('local_phone_behaviours')
      .insert({ phone_number: user!.phone, outcome: 'fail', ring_ms: 0, duration_seconds: 0 });
    worker = startProcess('worker/src/main.ts', {
      DATABASE_URL: suite.tdb.url,
      TEMPORAL_ADDRESS: suite.temporal.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      PUBLIC_BASE_URL: 'http://127.0.0.1:9',
      CALL_ARM_LEAD_SECONDS: '5',
    });
    await startChains(suite.temporal.client, taskQueue, [user!.id]);

    const today = londonDate(callAt);
    const handle = suite.temporal.client.workflow.getHandle(fajrCallWorkflowId(user!.id, today));
    // Six dial attempts with backoff (2 s … 30 s) take about a minute after the call instant.
    const failure = await waitUntil(async () => {
      try {
        return (await handle.describe()).status.name === 'FAILED';
      } catch {
        return false; // not started yet
      }
    }, 240_000);
    expect({ failed: failure, output: failure ? [] : worker.output.slice(-30) }).toEqual({ failed: true, output: [] });
    const err = await handle.result().catch((e) => e);
    expect(err).toBeInstanceOf(WorkflowFailedError);
    expect(String(err.cause?.message)).toMatch(/could not be placed/);

    const history = await handle.fetchHistory();
    const failedEvents = (history.events ?? []).filter((e) => e.activityTaskFailedEventAttributes);
    const lastDialFailure = failedEvents.at(-1)?.activityTaskFailedEventAttributes?.failure;
    // The dial activity ran more than once before giving up (the retry policy), with the provider's message.
    const started = (history.events ?? [])
      .filter((e) => e.activityTaskStartedEventAttributes)
      .map((e) => Number(e.activityTaskStartedEventAttributes!.attempt));
    expect(Math.max(...started)).toBeGreaterThan(1);
    expect(lastDialFailure?.message ?? lastDialFailure?.cause?.message).toMatch(/simulated provider error/);

    const attempt = await suite.tdb.knex('call_attempts').where({ user_id: user!.id, kind: 'fajr' }).first();
    expect(attempt).toMatchObject({ outcome: 'failed' });
    expect(String(attempt.error)).toMatch(/simulated provider error/);
    expect(await suite.tdb.knex('local_phone_calls').where({ to_number: user!.phone })).toHaveLength(0);

    // The chain goes on: tomorrow's call is planned.
    const tomorrow = londonDate(new Date(callAt.getTime() + 86_400_000));
    const planned = await waitUntil(async () => {
      const s = await suite.temporal.client.workflow
        .getHandle(fajrCallsWorkflowId(user!.id))
        .query(fajrCallsStateQuery);
      return s.next?.callDate === tomorrow;
    }, 60_000);
    expect(planned).toBe(true);
  }, 600_000);
});
