import { randomUUID } from 'node:crypto';
import { useDevServerSuite } from '@fajr/scripts/testing/dev-server-suite';
import { createLogger } from '@fajr/activities';
import { TIMETABLE_UPKEEP_SCHEDULE_ID } from '@fajr/workflows';
import { ensureTimetableUpkeepSchedule } from '../src/timetable-upkeep-schedule';

jest.setTimeout(60_000);

describe('the monthly timetable upkeep Schedule (dev server)', () => {
  const suite = useDevServerSuite();

  it('when workers start, then the first creates it (1st of the month, 02:00 UTC, timetableUpkeep) and the others leave it', async () => {
    const taskQueue = `upkeep-${randomUUID()}`;
    const logger = createLogger('upkeep-test', 'silent');
    const handle = suite.temporal.client.schedule.getHandle(TIMETABLE_UPKEEP_SCHEDULE_ID);
    await handle.delete().catch(() => undefined);
    await ensureTimetableUpkeepSchedule(suite.temporal.client, taskQueue, logger);
    await ensureTimetableUpkeepSchedule(suite.temporal.client, taskQueue, logger);
    const d = await handle.describe();
    expect(d.spec.calendars).toEqual([
      expect.objectContaining({ dayOfMonth: [{ start: 1, end: 1, step: 1 }], hour: [{ start: 2, end: 2, step: 1 }] }),
    ]);
    expect(d.action).toMatchObject({ type: 'startWorkflow', workflowType: 'timetableUpkeep', taskQueue });
    await handle.delete();
  });
});
