import { randomUUID } from 'node:crypto';
import { useDevServerSuite } from '@fajr/scripts/testing/dev-server-suite';
import { createLogger } from '@fajr/activities';
import { ensureSchedule, ensureSchedules, KEPT_SCHEDULES } from '../src/schedules';

jest.setTimeout(60_000);

const once = (n: number) => [{ start: n, end: n, step: 1 }];

describe('the Schedules every worker keeps (dev server)', () => {
  const suite = useDevServerSuite();
  const logger = createLogger('schedules-test', 'silent');
  const handleOf = (id: string) => suite.temporal.client.schedule.getHandle(id);

  afterEach(async () => {
    for (const kept of Object.values(KEPT_SCHEDULES))
      await handleOf(kept.id)
        .delete()
        .catch(() => undefined);
  });

  it.each([
    ['timetableUpkeep', { dayOfMonth: once(1), hour: once(2) }, 'the 1st of the month, 02:00 UTC'],
    ['mosqueFreshness', { hour: once(9) }, 'every day, 09:00 UTC'],
    ['jamaahChangeEvening', { minute: once(5) }, 'minute 5 of every hour'],
  ] as const)(
    'when workers start, then the first creates %s (%j: %s) and the others leave it',
    async (name, when, _said) => {
      const kept = KEPT_SCHEDULES[name];
      const taskQueue = `schedules-${randomUUID()}`;
      await handleOf(kept.id)
        .delete()
        .catch(() => undefined);
      await ensureSchedule(suite.temporal.client, taskQueue, logger, kept);
      await ensureSchedule(suite.temporal.client, `${taskQueue}-second-worker`, logger, kept);
      const d = await handleOf(kept.id).describe();
      expect(d.spec.calendars).toEqual([expect.objectContaining(when)]);
      expect(d.action).toMatchObject({ type: 'startWorkflow', workflowType: name, taskQueue });
      expect(d.policies.catchupWindow).toBe(
        { timetableUpkeep: 31 * 86_400_000, mosqueFreshness: 86_400_000, jamaahChangeEvening: 600_000 }[name],
      );
    },
  );

  it('when a worker starts, then all three exist', async () => {
    ensureSchedules(suite.temporal.client, `schedules-${randomUUID()}`, logger);
    const exists = (id: string) =>
      handleOf(id)
        .describe()
        .then(
          () => true,
          () => false,
        );
    const deadline = Date.now() + 20_000;
    let found: string[] = [];
    while (Date.now() < deadline) {
      const ids = Object.values(KEPT_SCHEDULES).map((kept) => kept.id);
      const present = await Promise.all(ids.map(exists));
      found = ids.filter((_, i) => present[i]);
      if (found.length === ids.length) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(found.sort()).toEqual(
      Object.values(KEPT_SCHEDULES)
        .map((kept) => kept.id)
        .sort(),
    );
  });
});
