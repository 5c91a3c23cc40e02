import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import { pinClock, yearOf } from '@fajr/scripts/testing/clock';
import {
  ANSWERED,
  ARM_LEAD_SECONDS,
  RANG_OUT,
  useFakeCallWorker,
  type FakeUser,
} from '@fajr/scripts/testing/fake-calls';
import { waitUntil } from '@fajr/scripts/testing/processes';
import {
  fajrCalls,
  fajrCallsStateQuery,
  fajrCallsWorkflowId,
  prefsChangedSignal,
  tahajjudCallWorkflowId,
} from './index';

const HOUR = 3600_000;

/** Tahajjud calls (issue 47 point 4): the chain starts one per chosen night, on the time-skipping server with the activities faked. */
describe('tahajjudCall, started by the chain the night before a Fajr call (time skipping, fake activities)', () => {
  const t = useFakeCallWorker(require.resolve('./index'));
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
  const stateOf = (userId: string) =>
    t.env.client.workflow.getHandle(fajrCallsWorkflowId(userId)).query(fajrCallsStateQuery);
  /** Waits (20 s at most) for `check`; fails the test when it never holds. */
  const until = async (check: () => boolean | Promise<boolean>) => {
    const held = await waitUntil(async () => {
      try {
        return await check();
      } catch {
        return false;
      }
    }, 20_000);
    expect(held).toBe(true);
  };
  const dialsOf = (userId: string) => t.fake.dials.filter((d) => d.input.userId === userId);
  /**
   * One chosen night, before `chosen`'s Fajr: its call at 01:09 UTC (the last third's start), the sunset
   * at 17:41 the evening before; every other night not chosen (no call left sleeping after a test).
   */
  const onlyBefore =
    (chosen: string): NonNullable<FakeUser['tahajjud']> =>
    (callDate) =>
      callDate === chosen
        ? {
            callAt: `${callDate}T01:09:00.000Z`,
            sunsetAt: new Date(Date.parse(`${callDate}T17:41:00Z`) - 24 * HOUR).toISOString(),
          }
        : { skipped: 'not-chosen-night' };

  it('when the user has tahajjud calls, then the night before the Fajr call one is dialled at its instant, in its own workflow, and the Fajr call still comes', async () => {
    const year = yearOf(await pin('03-01T12:00:00Z'));
    const callDate = `${year}-03-02`;
    const { userId } = await start({ tahajjud: onlyBefore(callDate), phone: { tahajjud: ANSWERED, fajr: RANG_OUT } });
    await until(async () => (await stateOf(userId)).tahajjud === `planned: ${callDate}T01:09:00.000Z`);
    await t.env.sleep(18 * HOUR);
    await until(() => dialsOf(userId).length >= 2);
    const [night, fajr] = dialsOf(userId);
    expect(night!.input).toMatchObject({
      kind: 'tahajjud',
      attempt: 6,
      callDate,
      plannedAt: `${callDate}T01:09:00.000Z`,
      dayCallAt: `${callDate}T05:00:00.000Z`,
      workflowId: tahajjudCallWorkflowId(userId, callDate),
    });
    // Armed the day's lead ahead, like every call.
    expect(Date.parse(night!.input.plannedAt) - night!.at).toBeLessThanOrEqual(ARM_LEAD_SECONDS * 1000);
    expect(Date.parse(night!.input.plannedAt) - night!.at).toBeGreaterThan(ARM_LEAD_SECONDS * 1000 - 5_000);
    expect(fajr!.input).toMatchObject({ kind: 'fajr', attempt: 1, callDate });
    const child = t.env.client.workflow.getHandle(tahajjudCallWorkflowId(userId, callDate));
    await until(async () => (await child.describe()).status.name === 'COMPLETED');
    const described = await child.describe();
    expect(described.type).toBe('tahajjudCall');
    expect(described.typedSearchAttributes.get({ name: 'CallOutcome', type: 'KEYWORD' } as never)).toBe('answered');
    expect(described.typedSearchAttributes.get({ name: 'CallDate', type: 'KEYWORD' } as never)).toBe(callDate);
  });

  it('when the user changes the point before the night, then the call moves and is still dialled once', async () => {
    const year = yearOf(await pin('03-10T12:00:00Z'));
    const callDate = `${year}-03-11`;
    const u: FakeUser = { tahajjud: onlyBefore(callDate) };
    const { userId, h } = await start(u);
    await until(async () => (await stateOf(userId)).tahajjud?.startsWith('planned') ?? false);
    const sunsetAt = new Date(Date.parse(`${callDate}T17:41:00Z`) - 24 * HOUR).toISOString();
    u.tahajjud = (d) =>
      d === callDate ? { callAt: `${callDate}T02:30:00.000Z`, sunsetAt } : { skipped: 'not-chosen-night' };
    await h.signal(prefsChangedSignal);
    await until(async () => (await stateOf(userId)).tahajjud === `planned: ${callDate}T02:30:00.000Z`);
    await h.signal(prefsChangedSignal);
    await t.env.sleep(18 * HOUR);
    await until(() => dialsOf(userId).some((d) => d.input.kind === 'fajr'));
    const nights = dialsOf(userId).filter((d) => d.input.kind === 'tahajjud');
    expect(nights.map((d) => d.input.plannedAt)).toEqual([`${callDate}T02:30:00.000Z`]);
  });

  it('when the user changes the nights so tonight is not one, then tonight is not called', async () => {
    const year = yearOf(await pin('03-15T12:00:00Z'));
    const callDate = `${year}-03-16`;
    const u: FakeUser = { tahajjud: onlyBefore(callDate) };
    const { userId, h } = await start(u);
    await until(async () => (await stateOf(userId)).tahajjud?.startsWith('planned') ?? false);
    u.tahajjud = () => ({ skipped: 'not-chosen-night' });
    await h.signal(prefsChangedSignal);
    await until(async () => (await stateOf(userId)).tahajjud === 'skipped: not-chosen-night');
    await t.env.sleep(18 * HOUR);
    await until(() => dialsOf(userId).some((d) => d.input.kind === 'fajr'));
    expect(dialsOf(userId).map((d) => d.input.kind)).toEqual(['fajr']);
    const child = await t.env.client.workflow.getHandle(tahajjudCallWorkflowId(userId, callDate)).describe();
    expect(child.typedSearchAttributes.get({ name: 'CallOutcome', type: 'KEYWORD' } as never)).toBe('skipped');
  });

  it('when tonight is not a chosen night (or has no night), then nothing is started and the state says why', async () => {
    const year = yearOf(await pin('03-20T12:00:00Z'));
    const { userId } = await start({ tahajjud: () => ({ skipped: 'no-night' }) });
    await until(async () => (await stateOf(userId)).tahajjud === 'skipped: no-night');
    await t.env.sleep(18 * HOUR);
    await until(() => dialsOf(userId).length >= 1);
    expect(dialsOf(userId).map((d) => d.input.kind)).toEqual(['fajr']);
    const child = await t.env.client.workflow
      .getHandle(tahajjudCallWorkflowId(userId, `${year}-03-21`))
      .describe()
      .catch(() => null);
    expect(child).toBeNull();
  });

  it('when the user may not have it, then the chain plans as before', async () => {
    await pin('03-25T12:00:00Z');
    const { userId } = await start({});
    await until(async () => (await stateOf(userId)).status === 'scheduled');
    expect((await stateOf(userId)).tahajjud).toBeUndefined();
  });
});
