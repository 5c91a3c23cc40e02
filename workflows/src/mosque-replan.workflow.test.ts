import { randomUUID } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { WorkflowNotFoundError } from '@temporalio/common';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { fakeCallActivities, type FakeUser } from '@fajr/scripts/testing/fake-calls';
import { waitUntil } from '@fajr/scripts/testing/processes';
import { createTimeSkippingEnv, useRunningWorker } from '@fajr/scripts/testing/temporal';
import {
  fajrCalls,
  fajrCallsStateQuery,
  fajrCallsWorkflowId,
  mosqueReplan,
  mosqueReplanWorkflowId,
  prefsChangedSignal,
} from './index';
import { REPLAN_BATCH } from './mosque-replan.workflow';
import type { OfferedPlan } from './fajr-calls.workflow';

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
          // As the real one: plans each member (the fake planner) and signals the plan to their chain.
          async replanMembers(input: { chains: { userId: string; workflowId: string }[] }) {
            for (const { userId, workflowId } of input.chains) {
              const readAt = new Date(await h.env.currentTimeMs()).toISOString();
              const plan = await h.fake.activities.planNextFajrCall({ userId, afterDate: null, now: readAt });
              await Context.current()
                .client.workflow.getHandle(workflowId)
                .signal(prefsChangedSignal, { ...plan, readAt } as OfferedPlan)
                .catch((err) => {
                  if (!(err instanceof WorkflowNotFoundError)) throw err;
                });
            }
            return {};
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
    // The members' call moves: each chain takes the plan the re-plan offers, without planning again itself.
    for (const id of running) h.users.set(id, { callTime: '05:20' });
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
    const nextAt = async (id: string) =>
      (await h.env.client.workflow.getHandle(fajrCallsWorkflowId(id)).query(fajrCallsStateQuery)).next?.callAt;
    expect(await waitUntil(async () => (await nextAt(running[0]!))?.endsWith('T05:20:00.000Z') === true, 20_000)).toBe(
      true,
    );
    for (const id of running) expect([await nextAt(id), plansOf(id)]).toEqual([expect.stringContaining('T05:20'), 2]);
    for (const id of running) await h.env.client.workflow.getHandle(fajrCallsWorkflowId(id)).terminate('test done');
  });

  it("when a plan offered was read before the user's own change, then the chain plans again itself; read after, it is taken", async () => {
    const userId = randomUUID();
    h.users.set(userId, { callTime: '05:00' });
    const chain = await h.env.client.workflow.start(fajrCalls, {
      workflowId: fajrCallsWorkflowId(userId),
      taskQueue: h.taskQueue,
      args: [{ userId }],
    });
    const plansOf = () => h.fake.plans.filter((p) => p.userId === userId).length;
    const nextAt = async () => (await chain.query(fajrCallsStateQuery)).next?.callAt;
    expect(await waitUntil(async () => plansOf() === 1, 20_000)).toBe(true);
    const now = await h.env.currentTimeMs();
    await chain.signal(prefsChangedSignal);
    expect(await waitUntil(async () => plansOf() === 2, 20_000)).toBe(true);
    const callDate = (await chain.query(fajrCallsStateQuery)).next!.callDate;
    const offer = (readAt: number) => {
      const callAt = `${callDate}T05:40:00.000Z`;
      const armAt = new Date(Date.parse(callAt) - 60_000).toISOString();
      return {
        status: 'planned' as const,
        callDate,
        callAt,
        fajrAt: callAt,
        armAt,
        leadSeconds: 60,
        readAt: new Date(readAt).toISOString(),
      };
    };
    // Read before the user's change (the plain signal): stale, so the chain plans itself (still 05:00).
    await chain.signal(prefsChangedSignal, offer(now - 60_000));
    expect(await waitUntil(async () => plansOf() === 3, 20_000)).toBe(true);
    expect(await nextAt()).toBe(`${callDate}T05:00:00.000Z`);
    // Read well after it (past the margin for the worker's clock): taken, without planning again.
    await chain.signal(prefsChangedSignal, offer((await h.env.currentTimeMs()) + 61_000));
    expect(await waitUntil(async () => (await nextAt()) === `${callDate}T05:40:00.000Z`, 20_000)).toBe(true);
    expect(plansOf()).toBe(3);
    await chain.terminate('test done');
  });
});
