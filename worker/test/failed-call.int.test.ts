import { randomUUID } from 'node:crypto';
import { createCallWorker, useDevServerSuite } from '@fajr/scripts/testing/dev-server-suite';
import type { LocalTelephony } from '@fajr/activities/adapters/telephony/local';
import { productRegistry } from '@fajr/activities/metrics';
import { insertUser, testDeps } from '@fajr/scripts/testing/fixtures';
import { fajrCalls, fajrCallsStateQuery, fajrCallsWorkflowId, fajrCallWorkflowId } from '@fajr/workflows';
import { insertTestMosque } from '@fajr/scripts/testing/mosques';

jest.setTimeout(240_000);

describe('a call the provider keeps refusing (dev server, local telephony)', () => {
  const suite = useDevServerSuite();

  it("then the day's fajrCall fails with the provider's error, the attempt is logged as failed, and the chain plans the next day", async () => {
    const taskQueue = `failed-call-${randomUUID()}`;
    const deps = testDeps(suite.tdb.knex, suite.tdb.url, {
      CALL_ARM_LEAD_SECONDS: '5',
      PUBLIC_BASE_URL: 'http://127.0.0.1:9',
    });
    const number = '+447400966601';
    await (deps.providers.telephony as LocalTelephony).setBehaviour(number, { outcome: 'fail' });
    // A mosque in UTC whose jamaah makes today's call due in ~15 s, and tomorrow's a day later.
    const jamaah = Math.floor((Date.now() + 30 * 60_000 + 15_000) / 1000) * 1000;
    const today = new Date(jamaah - 30 * 60_000).toISOString().slice(0, 10);
    const tomorrow = new Date(jamaah - 30 * 60_000 + 86_400_000).toISOString().slice(0, 10);
    const m = await insertTestMosque(suite.tdb.knex, { name: `Refusing ${randomUUID().slice(0, 4)}` }, [
      { localDate: today, jamaahAt: new Date(jamaah) },
      { localDate: tomorrow, jamaahAt: new Date(jamaah + 86_400_000) },
    ]);
    const userId = await insertUser(suite.tdb.knex, { phoneNumber: number, prefs: { mosque_id: m.id } });

    const { worker, connection } = await createCallWorker(suite, taskQueue, deps);
    const chain = suite.temporal.client.workflow.getHandle(fajrCallsWorkflowId(userId));
    await worker.runUntil(async () => {
      await suite.temporal.client.workflow.start(fajrCalls, {
        workflowId: fajrCallsWorkflowId(userId),
        taskQueue,
        args: [{ userId }],
      });
      const day = suite.temporal.client.workflow.getHandle(fajrCallWorkflowId(userId, today));
      for (let i = 0; i < 100; i += 1) {
        if (
          await day.describe().then(
            () => true,
            () => false,
          )
        )
          break;
        await new Promise((r) => setTimeout(r, 500));
      }
      await expect(day.result()).rejects.toMatchObject({
        cause: { message: 'Local provider: the call could not be placed (simulated provider error)' },
      });
      const d = await day.describe();
      expect(d.status.name).toBe('FAILED');
      expect(d.typedSearchAttributes.get({ name: 'CallOutcome', type: 'KEYWORD' } as never)).toBe('failed');
      let state: any;
      for (let i = 0; i < 50; i += 1) {
        state = await chain.query(fajrCallsStateQuery);
        if (state.next?.callDate === tomorrow) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(state).toMatchObject({ status: 'scheduled', lastCallDate: today, next: { callDate: tomorrow } });
    });
    await connection.close();
    expect(
      await suite.tdb.knex('call_attempts').where({ user_id: userId }).select('outcome', 'error', 'provider_call_id'),
    ).toEqual([
      {
        outcome: 'failed',
        error: 'Local provider: the call could not be placed (simulated provider error)',
        provider_call_id: null,
      },
    ]);
    expect(await suite.tdb.knex('local_phone_calls').where({ to_number: number })).toHaveLength(0);
    // Metrics (issue 19): one call not placed, each refused try counted with the provider's code.
    const metrics = await productRegistry.metrics();
    expect(metrics).toContain('fajr_calls_failed_total{kind="fajr",error="not-placed"} 1\n');
    expect(metrics).toMatch(
      /fajr_telephony_provider_errors_total\{account="local",code="local-fail",retryable="true"\} [1-9]/,
    );
    expect(metrics).not.toContain('fajr_calls_placed_total{');
    await chain.terminate('test done');
  });
});
