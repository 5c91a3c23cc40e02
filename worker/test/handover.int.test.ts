import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { useDevServerSuite } from '@fajr/scripts/testing/dev-server-suite';
import { atMosque, seedMosqueAt, seedUsers } from '../../bench/seed';
import { sleep, startChains, startProcess, waitUntil, type Proc } from '@fajr/scripts/testing/processes';
import { prefsChangedSignal, fajrCallsWorkflowId, fajrCallWorkflowId } from '@fajr/workflows';

/**
 * Clean shutdown hands armed calls over. Two real worker processes (worker/src/main.ts) serve one
 * task queue; five users' calls are armed on them (each dial activity waits in a worker for its
 * instant). The worker holding most of them gets SIGTERM 1.5 s before the first call it holds is
 * due. It must give its armed dials back at once, reported failed (WorkerShutdown) so the server
 * retries them straight away on the other worker, not after the 20 s heartbeat timeout; the other
 * worker dials each once, on time. A user who turned calls off while armed is not dialled.
 */

const USERS = 5;
/** Calls are this far apart, the first this far ahead of seeding (time to plan and arm them all). */
const SPACING_MS = 2000;
const FIRST_AFTER_MS = 20_000;
/** SIGTERM this long before the stopped worker's first call: the hand-back must beat it. */
const TERM_BEFORE_MS = 1500;
/** Lateness allowed behind the planned instant: generous for a shared 2-core machine, far below a heartbeat timeout. */
const LATE_MS = 3000;
const STARTED = 2; // temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_STARTED

describe('a worker shut down cleanly (SIGTERM) while calls are armed on it', () => {
  const suite = useDevServerSuite({
    stopFirst: async () => {
      for (const w of workers) await w.stop();
    },
  });
  const workers: Proc[] = [];

  it('then the other worker dials each of its armed calls once, on time, and a call turned off meanwhile is not dialled', async () => {
    const taskQueue = `handover-${randomUUID()}`;
    const env = {
      DATABASE_URL: suite.tdb.url,
      TEMPORAL_ADDRESS: suite.temporal.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      PUBLIC_BASE_URL: 'http://127.0.0.1:9',
      CALLS_PER_SECOND: '50',
      // Longer than the calls are ahead: every chain arms its call at once.
      CALL_ARM_LEAD_SECONDS: '120',
      LOG_LEVEL: 'info',
    };
    const procs = [startProcess('worker/src/main.ts', env), startProcess('worker/src/main.ts', env)];
    workers.push(...procs);
    for (const w of procs) {
      const ready = await waitUntil(async () => w.output.some((l) => l.includes('"worker started"')), 60_000);
      if (!ready) throw new Error(`a worker did not start:\n${w.output.slice(-20).join('\n')}`);
    }
    // The SDK's default worker identity.
    const identityOf = (w: Proc) => `${w.child.pid}@${hostname()}`;

    // One mosque per user (mosque users are called at jamaah − 30 min), calls SPACING_MS apart.
    const first = Math.ceil((Date.now() + FIRST_AFTER_MS) / 1000) * 1000;
    const users: { id: string; phone: string; callAt: number }[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const callAt = first + i * SPACING_MS;
      const mosqueId = await seedMosqueAt(suite.tdb.knex, new Date(callAt));
      const [u] = await seedUsers(suite.tdb.knex, 1, () => atMosque(mosqueId), {
        prefix: `handover${i}`,
        phoneBase: 40_000_000 + i,
        withSessions: false,
      });
      users.push({ ...u!, callAt });
    }
    await startChains(
      suite.temporal.client,
      taskQueue,
      users.map((u) => u.id),
    );
    const callDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(first));
    const day = (u: { id: string }) => suite.temporal.client.workflow.getHandle(fajrCallWorkflowId(u.id, callDate));

    // Every dial activity is running in a worker, waiting for its instant.
    const armedOn = new Map<string, string>();
    const armed = await waitUntil(async () => {
      for (const u of users) {
        const d = await day(u)
          .describe()
          .catch(() => undefined);
        const act = d?.raw.pendingActivities?.find((p) => p.activityType?.name === 'dialCall');
        if (act?.state === STARTED && act.lastWorkerIdentity) armedOn.set(u.id, act.lastWorkerIdentity);
      }
      return armedOn.size === users.length;
    }, 15_000);
    expect(armed).toBe(true);
    const held = (w: Proc) => users.filter((u) => armedOn.get(u.id) === identityOf(w));
    expect(held(procs[0]!).length + held(procs[1]!).length).toBe(USERS);
    const [stopped, staying] =
      held(procs[0]!).length >= held(procs[1]!).length ? [procs[0]!, procs[1]!] : [procs[1]!, procs[0]!];
    const handed = held(stopped);

    // One user of the stopped worker turns calls off while armed, as the settings toggle does (stored, then the chain is signalled).
    const off = handed.at(-1)!;
    const dialled = users.filter((u) => u !== off);
    await suite.tdb.knex('preferences').where({ user_id: off.id }).update({ allow_calls: false });
    await suite.temporal.client.workflow.getHandle(fajrCallsWorkflowId(off.id)).signal(prefsChangedSignal);

    const termAt = handed[0]!.callAt - TERM_BEFORE_MS;
    // None of the calls to hand over may be due before the SIGTERM, or the test proves nothing (a machine too slow to arm in time).
    expect(termAt - Date.now()).toBeGreaterThan(0);
    await sleep(termAt - Date.now());
    expect(
      await suite.tdb
        .knex('local_phone_calls')
        .whereIn(
          'to_number',
          handed.map((u) => u.phone),
        )
        .pluck('sid'),
    ).toEqual([]);
    const exited = new Promise<number | null>((resolve) => stopped.child.once('exit', (code) => resolve(code)));
    process.kill(-stopped.child.pid!, 'SIGTERM');
    const code = await exited;
    const stopMs = Date.now() - termAt;
    expect(code).toBe(0);

    await sleep(Math.max(0, users.at(-1)!.callAt - Date.now()) + LATE_MS + 2000);
    const calls: { to_number: string; created_at: Date }[] = await suite.tdb
      .knex('local_phone_calls')
      .select('to_number', 'created_at');
    const lateness = dialled.map((u) => {
      const mine = calls.filter((c) => c.to_number === u.phone);
      expect(mine).toHaveLength(1);
      return new Date(mine[0]!.created_at).getTime() - u.callAt;
    });
    process.stdout.write(
      `handover: ${handed.length} of ${USERS} calls handed over; the stopped worker exited ${stopMs} ms after SIGTERM; ` +
        `dial lateness behind the planned instant ${lateness.join(', ')} ms (handed over: ${dialled.map((u) => handed.includes(u)).join(', ')})\n`,
    );
    lateness.forEach((ms) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThanOrEqual(LATE_MS);
    });
    expect(calls.filter((c) => c.to_number === off.phone)).toEqual([]);
    const logged: { user_id: string; n: number }[] = await suite.tdb
      .knex('call_attempts')
      .groupBy('user_id')
      .select('user_id', suite.tdb.knex.raw('count(*)::int as n'));
    expect(new Map(logged.map((r) => [r.user_id, r.n]))).toEqual(new Map(dialled.map((u) => [u.id, 1])));

    // A handed-over dial ran again on the other worker after the stopped one reported WorkerShutdown
    // (not after a heartbeat timeout); the others ran once where they were armed.
    for (const u of users) {
      const events = (await day(u).fetchHistory()).events ?? [];
      const scheduled = events.find((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'dialCall')!;
      const started = events.find(
        (e) => String(e.activityTaskStartedEventAttributes?.scheduledEventId) === String(scheduled.eventId),
      )!.activityTaskStartedEventAttributes!;
      const got = {
        attempt: started.attempt,
        on: started.identity === identityOf(staying) ? 'staying' : 'stopped',
        failure: started.lastFailure?.applicationFailureInfo?.type ?? null,
      };
      expect(got).toEqual(
        handed.includes(u)
          ? { attempt: 2, on: 'staying', failure: 'WorkerShutdown' }
          : { attempt: 1, on: 'staying', failure: null },
      );
    }
    expect(await day(off).result()).toMatchObject({ outcome: 'skipped', skippedReason: 'calls-off' });

    for (const u of users) {
      await day(u)
        .terminate('test done')
        .catch(() => undefined);
      await suite.temporal.client.workflow
        .getHandle(fajrCallsWorkflowId(u.id))
        .terminate('test done')
        .catch(() => undefined);
    }
  }, 150_000);
});
