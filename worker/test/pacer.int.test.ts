import { randomUUID } from 'node:crypto';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { connectDevServer } from '@fajr/scripts/testing/temporal';
import { createCallActivities } from '@fajr/activities/calls/calls.activities';
import type { LocalTelephony } from '@fajr/activities/adapters/telephony/local';
import { fajrCallsWorkflowId } from '@fajr/workflows/ids';
import { insertUser, testDeps } from '../../workflows/test/calls-fixtures';

jest.setTimeout(180_000);

const CPS = 5;
const PER_MOSQUE = 15;

describe('a burst of calls due in the same instant (dev server, local telephony, shared pacer)', () => {
  let tdb: TestDatabase;
  let connection: NativeConnection;
  let worker: Worker;
  let running: Promise<void>;
  let temporal: Awaited<ReturnType<typeof connectDevServer>>;
  const taskQueue = `pacer-${randomUUID()}`;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    temporal = await connectDevServer();
    connection = await NativeConnection.connect({ address: temporal.address });
    const deps = testDeps(tdb.knex, tdb.url, { CALLS_PER_SECOND: String(CPS), CALL_ARM_LEAD_SECONDS: '8' });
    worker = await Worker.create({
      connection,
      taskQueue,
      workflowsPath: require.resolve('@fajr/workflows'),
      activities: createCallActivities(deps),
      maxConcurrentActivityTaskExecutions: 200,
    });
    running = worker.run();
    (globalThis as { deps?: unknown }).deps = deps;
  }, 120_000);

  afterAll(async () => {
    worker?.shutdown();
    await running?.catch(() => undefined);
    await connection?.close();
    await temporal?.connection.close();
    await tdb?.drop();
  });

  it('when 30 users at two mosques are due a second apart with a cap of 5 calls/s, then each is dialled once, in planned order, never faster than the cap', async () => {
    const deps = (globalThis as unknown as { deps: ReturnType<typeof testDeps> }).deps;
    const phone = deps.providers.telephony as LocalTelephony;
    // Two mosques whose jamaah makes the calls due ~25 s and 1 s later from now (mosque users: jamaah − 30 min).
    const base = Date.now() + 30 * 60_000 + 25_000;
    const today = new Date(base - 30 * 60_000).toISOString().slice(0, 10);
    const mosques: { id: string; callAt: number }[] = [];
    for (const [i, offset] of [0, 1000].entries()) {
      const [m] = await tdb.knex('mosques')
        .insert({ name: `Burst Mosque ${i} ${randomUUID().slice(0, 4)}`, address: 'x', country_code: 'GB', city_name: 'Test', lat: 51.5, lng: 0, tz_name: 'UTC' })
        .returning('id');
      await tdb.knex('mosque_fajr_times').insert({ mosque_id: m.id, local_date: today, jamaah_at: new Date(base + offset) });
      mosques.push({ id: m.id, callAt: base + offset - 30 * 60_000 });
    }
    const users: { id: string; phone: string; mosque: number }[] = [];
    for (const [mi, m] of mosques.entries()) {
      for (let i = 0; i < PER_MOSQUE; i += 1) {
        const number = `+4477001${String(mi)}${String(i).padStart(4, '0')}`;
        const id = await insertUser(tdb.knex, { phoneNumber: number, prefs: { mosque_id: m.id } });
        await phone.setBehaviour(number, { outcome: 'answer', ringMs: 500, durationSeconds: 5 });
        users.push({ id, phone: number, mosque: mi });
      }
    }
    // Start the chains in shuffled order: arrival order must not decide dial order.
    const shuffled = [...users].sort(() => Math.random() - 0.5);
    await Promise.all(shuffled.map((u) => temporal.client.workflow.start('fajrCalls', { workflowId: fajrCallsWorkflowId(u.id), taskQueue, args: [{ userId: u.id }] })));

    const lastDue = mosques[1]!.callAt + (users.length / CPS) * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, lastDue - Date.now()) + 5000));
    const calls: { to_number: string; created_at: Date }[] = await tdb.knex('local_phone_calls').orderBy('created_at', 'asc');
    expect(calls).toHaveLength(users.length);
    expect(new Set(calls.map((c) => c.to_number)).size).toBe(users.length);
    const attempts = await tdb.knex('call_attempts').select('user_id').count({ n: '*' }).groupBy('user_id');
    expect(attempts).toHaveLength(users.length);
    expect(attempts.every((a) => Number(a.n) === 1)).toBe(true);

    // Planned order: every call of the earlier mosque before any of the later one.
    const mosqueOf = new Map(users.map((u) => [u.phone, u.mosque]));
    const order = calls.map((c) => mosqueOf.get(c.to_number));
    expect(order).toEqual([...Array(PER_MOSQUE).fill(0), ...Array(PER_MOSQUE).fill(1)]);
    // The pacer's slots are callAt, callAt + 1/cps, …: the i-th call is never dialled before its slot
    // (so never faster than the cap), and not long after it either.
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

    for (const u of users) await temporal.client.workflow.getHandle(fajrCallsWorkflowId(u.id)).terminate('test done').catch(() => undefined);
    for (const u of users) await temporal.client.workflow.getHandle(`fajr-call:${u.id}:${today}`).terminate('test done').catch(() => undefined);
  });
});
