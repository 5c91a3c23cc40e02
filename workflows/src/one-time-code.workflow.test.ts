import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { createTimeSkippingEnv } from '@fajr/scripts/testing/temporal';
import { oneTimeCodeWorkflowId } from './ids';

const MINUTE = 60_000;
jest.setTimeout(60_000);

describe('oneTimeCode workflow (time skipping)', () => {
  let env: TestWorkflowEnvironment;
  let workflowBundle: WorkflowBundleWithSourceMap;
  beforeAll(async () => {
    workflowBundle = await bundleWorkflowCode({ workflowsPath: require.resolve('./one-time-code.workflow') });
    env = await createTimeSkippingEnv();
  }, 120_000);
  afterAll(async () => {
    await env?.teardown();
  });

  async function run(issued: boolean, body: (ctx: { start: () => Promise<ReturnType<typeof env.client.workflow.getHandle>>; calls: { name: string; at: number }[] }) => Promise<void>) {
    const taskQueue = `otp-test-${randomUUID()}`;
    const subject = randomUUID();
    const calls: { name: string; at: number }[] = [];
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle,
      activities: {
        issueOneTimeCode: async () => {
          const at = await env.currentTimeMs();
          calls.push({ name: 'issue', at });
          return { issued, expiresAt: issued ? new Date(at + 10 * MINUTE).toISOString() : null };
        },
        expireOneTimeCodes: async () => {
          calls.push({ name: 'expire', at: await env.currentTimeMs() });
        },
      },
    });
    const start = () =>
      env.client.workflow.start('oneTimeCode', {
        workflowId: oneTimeCodeWorkflowId('verify-phone', subject),
        taskQueue,
        args: [{ purpose: 'verify-phone', subject, channel: 'sms' }],
      });
    await worker.runUntil(body({ start, calls }));
  }

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
    expect(check()).toBe(true);
  };

  it('when nobody uses the code, then it expires ten minutes after it was issued', async () => {
    await run(true, async ({ start, calls }) => {
      const handle = await start();
      expect(await handle.result()).toBe('expired');
      expect(calls.map((c) => c.name)).toEqual(['issue', 'expire']);
      expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(10 * MINUTE);
      expect(calls[1]!.at - calls[0]!.at).toBeLessThan(11 * MINUTE);
    });
  });

  it('when a resend is asked for and then the code is used, then a second code is issued and the workflow completes', async () => {
    await run(true, async ({ start, calls }) => {
      const handle = await start();
      await until(() => calls.length === 1);
      await handle.signal('resend');
      await until(() => calls.length === 2);
      await handle.signal('completed', { outcome: 'used' });
      expect(await handle.result()).toBe('used');
      expect(calls.map((c) => c.name)).toEqual(['issue', 'issue']);
    });
  });

  it('when the code is ended by wrong tries, then the workflow completes as locked', async () => {
    await run(true, async ({ start, calls }) => {
      const handle = await start();
      await until(() => calls.length === 1);
      await handle.signal('completed', { outcome: 'locked' });
      expect(await handle.result()).toBe('locked');
    });
  });

  it('when nothing could be issued (no such user, cooldown), then the workflow ends without waiting', async () => {
    await run(false, async ({ start, calls }) => {
      const handle = await start();
      expect(await handle.result()).toBe('not-sent');
      expect(calls.map((c) => c.name)).toEqual(['issue']);
    });
  });
});
