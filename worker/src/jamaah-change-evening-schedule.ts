import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { JAMAAH_CHANGE_EVENING_SCHEDULE_ID, jamaahChangeEvening } from '@fajr/workflows';
import type { Logger } from '@fajr/activities';

/**
 * Makes sure the hourly evening-text Schedule exists (issue 46 point 4; docs/MOSQUES.md "Members"): at
 * minute 5 of every hour, one `jamaahChangeEvening` run, which texts where it is the evening hour.
 * Every worker calls this at start; the first creates it. Missed hours are not caught up: a text
 * hours late would come at night.
 */
export async function ensureJamaahChangeEveningSchedule(client: Client, taskQueue: string, logger: Logger) {
  try {
    await client.schedule.create({
      scheduleId: JAMAAH_CHANGE_EVENING_SCHEDULE_ID,
      spec: { calendars: [{ hour: '*', minute: 5 }] },
      action: {
        type: 'startWorkflow',
        workflowType: jamaahChangeEvening,
        taskQueue,
        workflowId: JAMAAH_CHANGE_EVENING_SCHEDULE_ID,
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '10m' },
    });
    logger.info({ scheduleId: JAMAAH_CHANGE_EVENING_SCHEDULE_ID }, 'jamaah change evening schedule created');
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
  }
}
