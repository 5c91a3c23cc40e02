import { randomUUID } from 'node:crypto';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { fakeCallActivities, type FakeUser } from '@fajr/scripts/testing/fake-calls';
import { waitUntil } from '@fajr/scripts/testing/processes';
import { createTimeSkippingEnv, useRunningWorker } from '@fajr/scripts/testing/temporal';
import { fajrCalls, fajrCallsWorkflowId, mosqueReplan, mosqueReplanWorkflowId } from './index';
import { REPLAN_BATCH } from './mosque-replan.workflow';

// Issue 46 point 4: every member's plan re-plans at once after their mosque's times change.
describe('mosqueReplan (time skipping, fake activities)', () => {
  const h = { users: new Map<string, FakeUser>(), taskQueue: `mosque-replan-${randomUUID()}` } as {
    env: TestWorkflowEnvironment;
    fake: ReturnType<typeof fakeCallActivities>;
    users: Map<string, FakeUser>;
    taskQueue: string;
  };
  /** The members the fake page activity lists, and the pages it was asked for. */
  const members: string[] = [];
  const pages: { afterUserId: string | null; limit: number }[] = [];
  let dueSoon = 0;
  useRunningWorker(
    async () => {
      h.env = await createTimeSkippingEnv();
      h.fake = fakeCallActivities(h.env, h.users);
      return Worker.create({
        connection: h.env.nativeConnection,
        taskQueue: h.taskQueue,
        workflowBundle: await bundleWorkflowCode({ workflowsPath: require.resolve('./index') }),
        activities: {
          ...h.fake.activities,
          async mosqueMembersPage(input: { mosqueId: string; afterUserId: string | null; limit: number }) {
            pages.push({ afterUserId: input.afterUserId, limit: input.limit });
            const sorted = [...members].sort();
            const from = input.afterUserId ? sorted.findIndex((id) => id > input.afterUserId!) : 0;
            return { userIds: from < 0 ? [] : sorted.slice(from, from + input.limit), callsDueSoon: dueSoon };
          },
        },
      });
    },
    async () => {
      await h.env?.teardown();
    },
    120_000,
  );

  it("when a mosque's times change, then every running chain plans again at once (yielding first to calls due), and a member without a chain is no error", async () => {
    const running: string[] = [];
    // Chains that sleep towards a call far ahead: only a signal makes them plan again now.
    for (let i = 0; i < 3; i++) {
      const userId = randomUUID();
      h.users.set(userId, { callTime: '05:00' });
      await h.env.client.workflow.start(fajrCalls, {
        workflowId: fajrCallsWorkflowId(userId),
        taskQueue: h.taskQueue,
        args: [{ userId }],
      });
      running.push(userId);
    }
    const plansOf = (id: string) => h.fake.plans.filter((p) => p.userId === id).length;
    await waitUntil(async () => running.every((id) => plansOf(id) === 1), 20_000);
    members.push(...running, randomUUID());
    dueSoon = 5;
    const mosqueId = randomUUID();
    const result = await h.env.client.workflow.execute(mosqueReplan, {
      workflowId: mosqueReplanWorkflowId(mosqueId),
      taskQueue: h.taskQueue,
      args: [{ mosqueId }],
    });
    expect(result).toEqual({ signalled: 4 });
    expect(pages[0]).toEqual({ afterUserId: null, limit: REPLAN_BATCH });
    expect(await waitUntil(async () => running.every((id) => plansOf(id) === 2), 20_000)).toBe(true);
    for (const id of running) await h.env.client.workflow.getHandle(fajrCallsWorkflowId(id)).terminate('test done');
  });
});
