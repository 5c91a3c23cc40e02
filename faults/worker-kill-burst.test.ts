import { randomUUID } from 'node:crypto';
import { useDevServerSuite } from '@fajr/scripts/testing/dev-server-suite';
import { atMosque, seedMosqueAt, seedUsers } from '../bench/seed';
import { sleep, startChains, startProcess, waitUntil, type Proc } from '@fajr/scripts/testing/processes';

/**
 * The real worker process (worker/src/main.ts) is SIGKILLed several times while 500 users' calls
 * are armed and being dialled in one minute: every user is called exactly once and logged once.
 * (worker/test/kill.int.test.ts kills a worker in the exact window after the provider accepted one
 * call; this is the same guarantee under a burst, with kills landing wherever they land.)
 */

const USERS = 500;
const CALLS_PER_SECOND = 25; // 20 s of dialling
const ARM_LEAD_SECONDS = 20;

describe('a burst of 500 calls while the worker is SIGKILLed three times', () => {
  const suite = useDevServerSuite({
    stopFirst: async () => {
      await worker?.stop();
    },
  });
  let worker: Proc | undefined;
  const output: string[] = [];

  it('then every user is called exactly once and each call is logged once', async () => {
    const taskQueue = `faults-kill-${randomUUID()}`;
    const env = {
      DATABASE_URL: suite.tdb.url,
      TEMPORAL_ADDRESS: suite.temporal.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      // No API: the local provider's status callbacks fail and the workflow asks the provider itself.
      PUBLIC_BASE_URL: 'http://127.0.0.1:9',
      CALLS_PER_SECOND: String(CALLS_PER_SECOND),
      CALL_ARM_LEAD_SECONDS: String(ARM_LEAD_SECONDS),
    };
    const startWorker = () => {
      worker = startProcess('worker/src/main.ts', env);
      worker.child.on('exit', () => output.push(...worker!.output));
    };
    // Calls due at a whole minute far enough ahead for 500 chains to be planned and armed first.
    const callAt = new Date(Math.ceil((Date.now() + 90_000) / 60_000) * 60_000);
    const mosqueId = await seedMosqueAt(suite.tdb.knex, callAt);
    const users = await seedUsers(suite.tdb.knex, USERS, () => atMosque(mosqueId), {
      prefix: 'kill',
      phoneBase: 30_000_000,
      withSessions: false,
    });
    startWorker();
    await startChains(
      suite.temporal.client,
      taskQueue,
      users.map((u) => u.id),
    );

    // Kill while calls are armed, right at the burst, and in its middle; restart a moment later each time.
    for (const at of [callAt.getTime() - 10_000, callAt.getTime() + 2_000, callAt.getTime() + 9_000]) {
      await sleep(Math.max(0, at - Date.now()));
      worker!.kill();
      await new Promise((r) => worker!.child.once('exit', r));
      await sleep(1500);
      startWorker();
    }

    const phones = users.map((u) => u.phone);
    const calledCount = async () => {
      const [row] = await suite.tdb
        .knex('local_phone_calls')
        .whereIn('to_number', phones)
        .countDistinct({ n: 'to_number' });
      return Number(row?.n ?? 0);
    };
    // Armed calls a killed worker held come back after the heartbeat timeout (20 s) and retries.
    const allCalled = await waitUntil(async () => (await calledCount()) >= USERS, 240_000);
    await sleep(5000); // a duplicate dial, if any, would land now
    const perPhone: { to_number: string; n: number }[] = await suite.tdb
      .knex('local_phone_calls')
      .whereIn('to_number', phones)
      .groupBy('to_number')
      .select('to_number', suite.tdb.knex.raw('count(*)::int as n'));
    const logs: { user_id: string; n: number }[] = await suite.tdb
      .knex('call_attempts')
      .whereIn(
        'user_id',
        users.map((u) => u.id),
      )
      .where({ kind: 'fajr', attempt: 1 })
      .groupBy('user_id')
      .select('user_id', suite.tdb.knex.raw('count(*)::int as n'));

    const context = allCalled
      ? ''
      : `only ${await calledCount()} of ${USERS} called; worker output:\n${output.slice(-40).join('\n')}`;
    expect({ called: perPhone.length, context }).toEqual({ called: USERS, context: '' });
    expect(perPhone.filter((p) => p.n !== 1)).toEqual([]);
    expect(logs).toHaveLength(USERS);
    expect(logs.filter((l) => l.n !== 1)).toEqual([]);
  }, 600_000);
});
