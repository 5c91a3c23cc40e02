import { randomUUID } from 'node:crypto';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createCallWorker, useDevServerSuite } from '@fajr/scripts/testing/dev-server-suite';
import { createCallActivities } from '@fajr/activities/calls/calls.activities';
import { reservePacerSlot } from '@fajr/activities/repositories/pacer.repository';
import type { LocalTelephony } from '@fajr/activities/adapters/telephony/local';
import { insertUser, testDeps } from '@fajr/scripts/testing/fixtures';
import { fajrCalls, fajrCallsWorkflowId, fajrCallWorkflowId } from '@fajr/workflows';
import { insertTestMosque } from '@fajr/scripts/testing/mosques';

jest.setTimeout(180_000);

const CPS = 5;
const PER_MOSQUE = 20;
/** Mosque 1's calls are due this long after mosque 0's, which need PER_MOSQUE / CPS = 4 s of slots. */
const SECOND_MOSQUE_AFTER_MS = 3000;

describe('a burst of calls due in the same instant (dev server, local telephony, shared pacer)', () => {
  const suite = useDevServerSuite({
    stopFirst: async () => {
      worker?.shutdown();
      await running?.catch(() => undefined);
      await connection?.close();
    },
  });
  let connection: NativeConnection;
  let worker: Worker;
  let running: Promise<void>;
  const taskQueue = `pacer-${randomUUID()}`;

  beforeAll(async () => {
    const deps = testDeps(suite.tdb.knex, suite.tdb.url, { CALLS_PER_SECOND: String(CPS), CALL_ARM_LEAD_SECONDS: '8' });
    ({ worker, connection } = await createCallWorker(suite, taskQueue, deps, {
      maxConcurrentActivityTaskExecutions: 200,
    }));
    running = worker.run();
    (globalThis as { deps?: unknown }).deps = deps;
  }, 120_000);

  it('when 40 users at two mosques are due 3 s apart with a cap of 5 calls/s, then each is dialled once, in planned order, on its reserved slot, never faster than the cap', async () => {
    const deps = (globalThis as unknown as { deps: ReturnType<typeof testDeps> }).deps;
    const phone = deps.providers.telephony as LocalTelephony;
    // Two mosques whose jamaah makes the calls due ~25 s and 3 s later from now (mosque users: jamaah − 30 min),
    // on a whole second as real plans are (minutes), so the calendar's slots are exactly callAt + i / CPS.
    const base = Math.ceil((Date.now() + 30 * 60_000 + 25_000) / 1000) * 1000;
    const today = new Date(base - 30 * 60_000).toISOString().slice(0, 10);
    const mosques: { id: string; callAt: number }[] = [];
    for (const [i, offset] of [0, SECOND_MOSQUE_AFTER_MS].entries()) {
      const m = await insertTestMosque(suite.tdb.knex, { name: `Burst Mosque ${i} ${randomUUID().slice(0, 4)}` }, [
        { localDate: today, jamaahAt: new Date(base + offset) },
      ]);
      mosques.push({ id: m.id, callAt: base + offset - 30 * 60_000 });
    }
    const users: { id: string; phone: string; mosque: number }[] = [];
    for (const [mi, m] of mosques.entries()) {
      for (let i = 0; i < PER_MOSQUE; i += 1) {
        const number = `+4477001${String(mi)}${String(i).padStart(4, '0')}`;
        const id = await insertUser(suite.tdb.knex, { phoneNumber: number, prefs: { mosque_id: m.id } });
        await phone.setBehaviour(number, { outcome: 'answer', ringMs: 500, durationSeconds: 5 });
        users.push({ id, phone: number, mosque: mi });
      }
    }
    // Start the chains in shuffled order: start order must not decide dial order (the calendar
    // takes each call's planned instant; mosque 0 arms 3 s before mosque 1, as minutes apart would).
    const shuffled = [...users].sort(() => Math.random() - 0.5);
    await Promise.all(
      shuffled.map((u) =>
        suite.temporal.client.workflow.start(fajrCalls, {
          workflowId: fajrCallsWorkflowId(u.id),
          taskQueue,
          args: [{ userId: u.id }],
        }),
      ),
    );

    const lastDue = mosques[1]!.callAt + (users.length / CPS) * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, lastDue - Date.now()) + 5000));
    const calls: { to_number: string; created_at: Date }[] = await suite.tdb
      .knex('local_phone_calls')
      .orderBy('created_at', 'asc');
    expect(calls).toHaveLength(users.length);
    expect(new Set(calls.map((c) => c.to_number)).size).toBe(users.length);
    const attempts = await suite.tdb.knex('call_attempts').select('user_id').count({ n: '*' }).groupBy('user_id');
    expect(attempts).toHaveLength(users.length);
    expect(attempts.every((a) => Number(a.n) === 1)).toBe(true);

    // Planned order: every call of the earlier mosque before any of the later one (whose calls are
    // due while mosque 0's are still being dialled, so they wait behind them).
    const mosqueOf = new Map(users.map((u) => [u.phone, u.mosque]));
    const order = calls.map((c) => mosqueOf.get(c.to_number));
    expect(order).toEqual([...Array(PER_MOSQUE).fill(0), ...Array(PER_MOSQUE).fill(1)]);
    // The calendar's slots are callAt, callAt + 1/cps, … (full seconds of CPS calls, no gap): the i-th
    // call is never dialled before its slot (so never faster than the cap), and not long after it either.
    const t = calls.map((c) => new Date(c.created_at).getTime());
    const interval = 1000 / CPS;
    const slot = (i: number) => mosques[0]!.callAt + i * interval;
    t.forEach((ti, i) => expect(ti).toBeGreaterThanOrEqual(slot(i)));
    const lateness = t.map((ti, i) => ti - slot(i)).sort((a, b) => a - b);
    const maxLate = lateness.at(-1)!;
    process.stdout.write(
      `burst of ${calls.length} at ${CPS}/s: lateness vs slot p50 ${lateness[Math.floor(lateness.length / 2)]} ms, max ${maxLate} ms\n`,
    );
    expect(maxLate).toBeLessThan(3000);
    // Each attempt reserved exactly one slot when armed; no second of the calendar holds more than CPS.
    const reserved: { slot_at: Date }[] = await suite.tdb
      .knex('call_pacer_reservations')
      .where('attempt_key', 'like', 'fajr-call:%')
      .orderBy('slot_at')
      .select('slot_at');
    expect(reserved.map((r) => r.slot_at.getTime())).toEqual(calls.map((_, i) => slot(i)));
    const buckets: { taken: number }[] = await suite.tdb
      .knex('call_pacer_buckets')
      .where({ account: phone.account })
      .select('taken');
    expect(buckets.map((b) => b.taken)).toEqual(Array(buckets.length).fill(CPS));

    for (const u of users)
      await suite.temporal.client.workflow
        .getHandle(fajrCallsWorkflowId(u.id))
        .terminate('test done')
        .catch(() => undefined);
    for (const u of users)
      await suite.temporal.client.workflow
        .getHandle(fajrCallWorkflowId(u.id, today))
        .terminate('test done')
        .catch(() => undefined);
  });

  it('when two caller accounts at 10/s each share calls due at once, then slots alternate between them 50 ms apart (N / 20 per second), a retry keeps its account, and each call dialled through the workflows records the account it came from', async () => {
    const knex = suite.tdb.knex;
    const callers = [
      { number: '+447700900201', callsPerSecond: 10 },
      { number: '+447700900202', callsPerSecond: 10 },
    ];
    const account = `accounts-${randomUUID()}`;
    const T = Math.ceil(Date.now() / 1000) * 1000 + 3_600_000;
    const keys = Array.from({ length: 40 }, (_, i) => `acc-${i}`);
    const now = new Date();
    const taken = await Promise.all(
      [...keys]
        .sort(() => Math.random() - 0.5)
        .map(async (key) => ({
          key,
          ...(await reservePacerSlot(knex, { account, attemptKey: key, planned: new Date(T), callers, now })),
        })),
    );
    const byTime = taken.sort((a, b) => a.slot.getTime() - b.slot.getTime());
    // 40 calls at 20/s in all: the last at 1.95 s, the accounts taking turns, each 100 ms apart (its own 10/s).
    expect(byTime.map((t) => t.slot.getTime())).toEqual(Array.from({ length: 40 }, (_, i) => T + i * 50));
    expect(byTime.map((t) => t.callerAccount)).toEqual(Array.from({ length: 40 }, (_, i) => callers[i % 2]!.number));
    const again = await reservePacerSlot(knex, {
      account,
      attemptKey: byTime[1]!.key,
      planned: new Date(T),
      callers,
      now,
    });
    expect(again).toEqual({
      slot: byTime[1]!.slot,
      reused: true,
      callerAccount: callers[1]!.number,
      position: expect.any(Number),
    });

    // Through the workflows, on a worker configured with both accounts.
    const deps = testDeps(knex, suite.tdb.url, {
      CALLER_ACCOUNTS: callers.map((c) => `${c.number}=${c.callsPerSecond}`).join(','),
      CALL_ARM_LEAD_SECONDS: '8',
    });
    const queue = `accounts-${randomUUID()}`;
    const accountsWorker = await Worker.create({
      connection,
      taskQueue: queue,
      workflowsPath: require.resolve('@fajr/workflows'),
      activities: createCallActivities(deps),
    });
    const runningAccounts = accountsWorker.run();
    try {
      const phone = deps.providers.telephony as LocalTelephony;
      const base = Math.ceil((Date.now() + 30 * 60_000 + 20_000) / 1000) * 1000;
      const today = new Date(base - 30 * 60_000).toISOString().slice(0, 10);
      const m = await insertTestMosque(knex, { name: `Accounts Mosque ${randomUUID().slice(0, 4)}` }, [
        { localDate: today, jamaahAt: new Date(base) },
      ]);
      const users: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        const number = `+44770019${String(i).padStart(4, '0')}`;
        users.push(await insertUser(knex, { phoneNumber: number, prefs: { mosque_id: m.id } }));
        await phone.setBehaviour(number, { outcome: 'answer', ringMs: 300, durationSeconds: 5 });
      }
      await Promise.all(
        users.map((id) =>
          suite.temporal.client.workflow.start(fajrCalls, {
            workflowId: fajrCallsWorkflowId(id),
            taskQueue: queue,
            args: [{ userId: id }],
          }),
        ),
      );
      await new Promise((r) => setTimeout(r, Math.max(0, base - 30 * 60_000 - Date.now()) + 4000));
      // In slot order, not dial order: calls 50 ms apart may reach the local provider in either order
      // on a loaded machine, which says nothing about the accounts' turns.
      const rows: { caller_account: string | null; from_number: string }[] = await knex('call_attempts as a')
        .join('local_phone_calls as c', 'c.sid', 'a.provider_call_id')
        .join('call_pacer_reservations as r', 'r.attempt_key', 'a.attempt_key')
        .whereIn('a.user_id', users)
        .orderBy('r.slot_at')
        .select('a.caller_account', 'c.from_number');
      const attempts = await knex('call_attempts')
        .whereIn('user_id', users)
        .select('attempt_key', 'outcome', 'caller_account', 'error');
      expect({ n: rows.length, attempts: rows.length === users.length ? [] : attempts }).toEqual({
        n: users.length,
        attempts: [],
      });
      for (const r of rows) expect(r.caller_account).toBe(r.from_number);
      expect(rows.map((r) => r.from_number)).toEqual(users.map((_, i) => callers[i % 2]!.number));
      for (const id of users) {
        await suite.temporal.client.workflow
          .getHandle(fajrCallsWorkflowId(id))
          .terminate('test done')
          .catch(() => undefined);
        await suite.temporal.client.workflow
          .getHandle(fajrCallWorkflowId(id, today))
          .terminate('test done')
          .catch(() => undefined);
      }
    } finally {
      accountsWorker.shutdown();
      await runningAccounts;
    }
  });
});
