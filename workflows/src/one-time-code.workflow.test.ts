import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import { useTimeSkippingEnv } from '@fajr/scripts/testing/temporal';
import {
  oneTimeCode,
  oneTimeCodeWorkflowId,
  requestCodeUpdate,
  codeCompletedSignal,
  type CodeRequestResult,
} from './index';

const MINUTE = 60_000;
jest.setTimeout(60_000);

describe('oneTimeCode workflow (time skipping)', () => {
  const t = useTimeSkippingEnv(require.resolve('./one-time-code.workflow'));

  type Ctx = {
    handle: WorkflowHandle;
    request: () => Promise<CodeRequestResult>;
    calls: { name: string; at: number }[];
  };

  /** Starts the workflow with recording activities; `deliverable` false plays a user with no address. */
  async function run(deliverable: boolean, body: (ctx: Ctx) => Promise<void>) {
    const taskQueue = `otp-test-${randomUUID()}`;
    const subject = randomUUID();
    const calls: { name: string; at: number }[] = [];
    const worker = await t.worker(taskQueue, {
      issueOneTimeCode: async () => {
        const at = await t.env.currentTimeMs();
        calls.push({ name: 'issue', at });
        return deliverable
          ? { issued: true, expiresAt: new Date(at + 10 * MINUTE).toISOString(), retryAfterSeconds: 0 }
          : { issued: false, expiresAt: null, retryAfterSeconds: 0 };
      },
      expireOneTimeCodes: async () => {
        calls.push({ name: 'expire', at: await t.env.currentTimeMs() });
      },
    });
    await worker.runUntil(async () => {
      const handle = await t.env.client.workflow.start(oneTimeCode, {
        workflowId: oneTimeCodeWorkflowId('verify-phone', subject),
        taskQueue,
        args: [{ purpose: 'verify-phone', subject, channel: 'sms' }],
      });
      await body({ handle, calls, request: () => handle.executeUpdate(requestCodeUpdate) });
    });
  }

  it('when a code is sent and nobody uses it, then it expires ten minutes later', async () => {
    await run(true, async ({ handle, request, calls }) => {
      expect(await request()).toEqual({ sent: true, retryAfterSeconds: 0 });
      expect(await handle.result()).toBe('expired');
      expect(calls.map((c) => c.name)).toEqual(['issue', 'expire']);
      expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(10 * MINUTE);
      expect(calls[1]!.at - calls[0]!.at).toBeLessThan(11 * MINUTE);
    });
  });

  it('when another code is asked for within a minute, then none is sent and the wait is told; after the minute one is', async () => {
    await run(true, async ({ handle, request, calls }) => {
      await request();
      const again = await request();
      expect(again.sent).toBe(false);
      expect(again.retryAfterSeconds).toBeGreaterThan(50);
      expect(again.retryAfterSeconds).toBeLessThanOrEqual(60);
      await t.env.sleep('61s');
      expect(await request()).toEqual({ sent: true, retryAfterSeconds: 0 });
      await handle.signal(codeCompletedSignal, { outcome: 'used' });
      expect(await handle.result()).toBe('used');
      expect(calls.map((c) => c.name)).toEqual(['issue', 'issue']);
    });
  });

  it('when a new code is sent, then the ten minutes count from it', async () => {
    await run(true, async ({ handle, request, calls }) => {
      await request();
      await t.env.sleep('5m');
      await request();
      expect(await handle.result()).toBe('expired');
      const [, second, expire] = calls;
      expect(expire!.at - second!.at).toBeGreaterThanOrEqual(10 * MINUTE);
      expect(expire!.at - calls[0]!.at).toBeGreaterThanOrEqual(15 * MINUTE);
    });
  });

  it('when the code is ended by wrong tries, then the workflow completes as locked', async () => {
    await run(true, async ({ handle, request }) => {
      await request();
      await handle.signal(codeCompletedSignal, { outcome: 'locked' });
      expect(await handle.result()).toBe('locked');
    });
  });

  it('when there is nowhere to send the code, then the answer says so and the workflow ends', async () => {
    await run(false, async ({ handle, request, calls }) => {
      expect(await request()).toEqual({ sent: false, retryAfterSeconds: 0 });
      expect(await handle.result()).toBe('not-sent');
      expect(calls.map((c) => c.name)).toEqual(['issue']);
    });
  });

  it('when nobody asks for a code after the start, then the workflow ends after a minute', async () => {
    await run(true, async ({ handle, calls }) => {
      expect(await handle.result()).toBe('not-sent');
      expect(calls).toEqual([]);
    });
  });
});
