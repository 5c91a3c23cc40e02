import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { MOSQUE_FRESHNESS_SCHEDULE_ID, mosqueFreshness } from '@fajr/workflows';
import type { Logger } from '@fajr/activities';

/**
 * Makes sure the daily mosque freshness Schedule exists (docs/MOSQUES.md "Fresh"): every day at 09:00
 * UTC (daytime from West Africa to Indonesia, where most of the product's mosques are), one
 * `mosqueFreshness` run that reminds admins whose times run out within 14 days. Every worker calls this
 * at start; the first creates it. A day missed while no worker ran is caught up once.
 */
export async function ensureMosqueFreshnessSchedule(client: Client, taskQueue: string, logger: Logger): Promise<void> {
  try {
    await client.schedule.create({
      scheduleId: MOSQUE_FRESHNESS_SCHEDULE_ID,
      spec: { calendars: [{ hour: 9, minute: 0 }] },
      action: {
        type: 'startWorkflow',
        workflowType: mosqueFreshness,
        taskQueue,
        workflowId: MOSQUE_FRESHNESS_SCHEDULE_ID,
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1d' },
    });
    logger.info({ scheduleId: MOSQUE_FRESHNESS_SCHEDULE_ID }, 'mosque freshness schedule created');
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
  }
}
