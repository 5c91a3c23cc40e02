import { randomUUID } from 'node:crypto';
import { useDevServerSuite } from '@fajr/scripts/testing/dev-server-suite';
import { createLogger } from '@fajr/activities';
import { MOSQUE_FRESHNESS_SCHEDULE_ID } from '@fajr/workflows';
import { ensureMosqueFreshnessSchedule } from '../src/mosque-freshness-schedule';

jest.setTimeout(60_000);

describe('the daily mosque freshness Schedule (dev server)', () => {
  const suite = useDevServerSuite();

  it('when workers start, then the first creates it (every day, 09:00 UTC, mosqueFreshness) and the others leave it', async () => {
    const taskQueue = `freshness-${randomUUID()}`;
    const logger = createLogger('freshness-test', 'silent');
    const handle = suite.temporal.client.schedule.getHandle(MOSQUE_FRESHNESS_SCHEDULE_ID);
    await handle.delete().catch(() => undefined);
    await ensureMosqueFreshnessSchedule(suite.temporal.client, taskQueue, logger);
    await ensureMosqueFreshnessSchedule(suite.temporal.client, taskQueue, logger);
    const d = await handle.describe();
    expect(d.spec.calendars).toEqual([expect.objectContaining({ hour: [{ start: 9, end: 9, step: 1 }] })]);
    expect(d.action).toMatchObject({ type: 'startWorkflow', workflowType: 'mosqueFreshness', taskQueue });
    await handle.delete();
  });
});
