import { randomUUID } from 'node:crypto';
import { useTimeSkippingEnv } from '@fajr/scripts/testing/temporal';
import { fajrCalls, fajrCallsWorkflowId, trial, trialWorkflowId, subscribedSignal } from './index';
import { prefsChangedCount } from '@fajr/scripts/testing/workflows/trial';

const DAY = 24 * 3600_000;
jest.setTimeout(60_000);

describe('trial workflow (time skipping)', () => {
  const t = useTimeSkippingEnv(require.resolve('@fajr/scripts/testing/workflows/trial'));

  /** Runs a worker with recording activities; `trialEndsAt` is what the user row would say. */
  async function run(
    trialEndsAt: (now: number) => string | null,
    body: (ctx: { userId: string; taskQueue: string; calls: { name: string; at: number }[] }) => Promise<void>,
  ) {
    const taskQueue = `trial-test-${randomUUID()}`;
    const userId = randomUUID();
    const calls: { name: string; at: number }[] = [];
    const record = async (name: string) => {
      calls.push({ name, at: await t.env.currentTimeMs() });
    };
    const worker = await t.worker(taskQueue, {
      getTrialEnd: async () => {
        await record('getTrialEnd');
        return { trialEndsAt: trialEndsAt(await t.env.currentTimeMs()) };
      },
      sendTrialReminder: async () => {
        await record('sendTrialReminder');
        return { sent: true };
      },
      sendTrialEnded: async () => {
        await record('sendTrialEnded');
        return { sent: true };
      },
    });
    await worker.runUntil(body({ userId, taskQueue, calls }));
  }

  it('when a 14-day trial runs out, then reminders go 3 days and 1 day before, the user is told and the call chain re-plans', async () => {
    // The test server's clock runs ahead of the host's once earlier tests skipped time.
    const endsAt = (await t.env.currentTimeMs()) + 14 * DAY;
    await run(
      () => new Date(endsAt).toISOString(),
      async ({ userId, taskQueue, calls }) => {
        const chain = await t.env.client.workflow.start(fajrCalls, {
          workflowId: fajrCallsWorkflowId(userId),
          taskQueue,
          args: [{ userId }],
        });
        const handle = await t.env.client.workflow.start(trial, {
          workflowId: trialWorkflowId(userId),
          taskQueue,
          args: [{ userId }],
        });
        expect(await handle.result()).toBe('ended');
        const reminders = calls.filter((c) => c.name === 'sendTrialReminder');
        expect(reminders).toHaveLength(2);
        expect(Math.round((endsAt - reminders[0]!.at) / DAY)).toBe(3);
        expect(Math.round((endsAt - reminders[1]!.at) / DAY)).toBe(1);
        const ended = calls.filter((c) => c.name === 'sendTrialEnded');
        expect(ended).toHaveLength(1);
        expect(ended[0]!.at).toBeGreaterThanOrEqual(endsAt);
        expect(await chain.query(prefsChangedCount)).toBe(1);
        await chain.terminate().catch(() => undefined);
      },
    );
  });

  it('when the user subscribes during the trial, then it ends at once without reminders or an end message', async () => {
    await run(
      (now) => new Date(now + 14 * DAY).toISOString(),
      async ({ userId, taskQueue, calls }) => {
        const handle = await t.env.client.workflow.start(trial, {
          workflowId: trialWorkflowId(userId),
          taskQueue,
          args: [{ userId }],
        });
        await handle.signal(subscribedSignal);
        expect(await handle.result()).toBe('subscribed');
        expect(calls.map((c) => c.name)).toEqual(['getTrialEnd']);
      },
    );
  });

  it('when the user bought a plan before the trial ended, then the end check finds no trial and nothing is sent', async () => {
    const endsAt = (await t.env.currentTimeMs()) + 2 * DAY;
    let reads = 0;
    await run(
      () => (++reads === 1 ? new Date(endsAt).toISOString() : null),
      async ({ userId, taskQueue, calls }) => {
        const handle = await t.env.client.workflow.start(trial, {
          workflowId: trialWorkflowId(userId),
          taskQueue,
          args: [{ userId }],
        });
        expect(await handle.result()).toBe('no-trial');
        // A 2-day trial skips the 3-day reminder and keeps the 1-day one.
        expect(calls.map((c) => c.name)).toEqual(['getTrialEnd', 'sendTrialReminder', 'getTrialEnd']);
      },
    );
  });

  it('when there is no trial (app user, deleted account), then the workflow ends at once', async () => {
    await run(
      () => null,
      async ({ userId, taskQueue, calls }) => {
        const handle = await t.env.client.workflow.start(trial, {
          workflowId: trialWorkflowId(userId),
          taskQueue,
          args: [{ userId }],
        });
        expect(await handle.result()).toBe('no-trial');
        expect(calls).toHaveLength(1);
      },
    );
  });
});
