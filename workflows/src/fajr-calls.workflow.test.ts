import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import { pinClock, yearOf } from '@fajr/scripts/testing/clock';
import { ARM_LEAD_SECONDS, useFakeCallWorker, type FakeUser } from '@fajr/scripts/testing/fake-calls';
import { waitUntil } from '@fajr/scripts/testing/processes';
import { fajrCalls, fajrCallsStateQuery, fajrCallsWorkflowId, prefsChangedSignal } from './index';

const DAY = 24 * 3600_000;

/** The daily chain on the time-skipping server with the activities faked (fast tier: no database). */
describe('fajrCalls (time skipping, fake activities)', () => {
  const t = useFakeCallWorker(require.resolve('./index'));

  /** Each test starts at an instant of its own (testing/clock.ts). */
  const pin = (monthDayTime: string) => pinClock(t.env, monthDayTime);
  const started: WorkflowHandle[] = [];
  afterEach(async () => {
    for (const h of started.splice(0))
      await t.env.client.workflow
        .getHandle(h.workflowId)
        .terminate('test done')
        .catch(() => undefined);
  });
  const start = async (u: FakeUser) => {
    const userId = randomUUID();
    t.users.set(userId, u);
    const h = await t.env.client.workflow.start(fajrCalls, {
      workflowId: fajrCallsWorkflowId(userId),
      taskQueue: t.taskQueue,
      args: [{ userId }],
    });
    started.push(h);
    return { userId, h };
  };
  /** The current run's state (the chain continues as new daily); a query meeting a run as it ends is retried. */
  const stateOf = (userId: string) =>
    t.env.client.workflow.getHandle(fajrCallsWorkflowId(userId)).query(fajrCallsStateQuery);
  const until = (check: () => boolean | Promise<boolean>) =>
    waitUntil(async () => {
      try {
        return await check();
      } catch {
        return false;
      }
    }, 20_000);
  const plansOf = (userId: string) => t.fake.plans.filter((p) => p.userId === userId);
  const dialsOf = (userId: string) => t.fake.dials.filter((d) => d.input.userId === userId);

  it('when three mornings pass, then each day is planned after the last one called, armed 2 minutes ahead, and dialled once', async () => {
    const pinned = await pin('01-10T12:00:00Z');
    const year = yearOf(pinned);
    const { userId, h } = await start({});
    const firstRun = (await h.describe()).runId;
    await t.env.sleep(3 * DAY);
    await until(() => dialsOf(userId).length >= 3 && plansOf(userId).length >= 4);
    expect(
      plansOf(userId)
        .slice(0, 4)
        .map((p) => p.afterDate),
    ).toEqual([null, `${year}-01-11`, `${year}-01-12`, `${year}-01-13`]);
    // The test server's clock runs on in real time between skips: seconds, never the hour of the host.
    expect(Date.parse(plansOf(userId)[0]!.now) - pinned).toBeLessThan(10_000);
    const dials = dialsOf(userId);
    expect(dials.map((d) => d.input.callDate)).toEqual([`${year}-01-11`, `${year}-01-12`, `${year}-01-13`]);
    for (const d of dials) {
      expect(d.input).toMatchObject({ attempt: 1, kind: 'fajr', plannedAt: `${d.input.callDate}T05:00:00.000Z` });
      const lead = Date.parse(d.input.plannedAt) - d.at;
      expect(lead).toBeGreaterThan(ARM_LEAD_SECONDS * 1000 - 5_000);
      expect(lead).toBeLessThanOrEqual(ARM_LEAD_SECONDS * 1000);
    }
    expect((await h.describe()).runId).not.toBe(firstRun);
    // The chain carries the last day called across continue-as-new.
    expect(await stateOf(userId)).toMatchObject({ status: 'scheduled', lastCallDate: `${year}-01-13` });
  });

  it('when preferences change while the chain sleeps, then it plans again at once; with calls off it idles, re-checking daily', async () => {
    const pinned = await pin('01-20T12:00:00Z');
    const year = yearOf(pinned);
    const u: FakeUser = {};
    const { userId, h } = await start(u);
    await until(async () => (await stateOf(userId)).status === 'scheduled');
    expect((await stateOf(userId)).next).toMatchObject({
      callDate: `${year}-01-21`,
      callAt: `${year}-01-21T05:00:00.000Z`,
    });
    u.callTime = '05:30';
    await h.signal(prefsChangedSignal);
    await until(async () => (await stateOf(userId)).next?.callAt === `${year}-01-21T05:30:00.000Z`);
    // Both plans were made on the pinned day, not a day later.
    expect(plansOf(userId).map((p) => p.at - pinned < 60_000)).toEqual([true, true]);

    u.status = 'calls-off';
    await h.signal(prefsChangedSignal);
    await until(async () => (await stateOf(userId)).status === 'calls-off');
    await t.env.sleep(2 * DAY + 60_000);
    await until(() => plansOf(userId).length >= 5);
    expect(dialsOf(userId)).toEqual([]);
    const idle = plansOf(userId)[3]!.at - plansOf(userId)[2]!.at;
    expect(idle).toBeGreaterThanOrEqual(DAY);
    expect(idle).toBeLessThan(DAY + 60_000);
  });

  it('when the account is gone, then the chain ends', async () => {
    await pin('02-01T12:00:00Z');
    const { h } = await start({ status: 'deleted' });
    await h.result();
    expect((await h.describe()).status.name).toBe('COMPLETED');
  });
});
