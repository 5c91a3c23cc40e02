import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { TIMETABLE_UPKEEP_SCHEDULE_ID, timetableUpkeep } from '@fajr/workflows';
import type { Logger } from '@fajr/activities';

/**
 * Makes sure the monthly timetable upkeep Schedule exists (docs/PRAYER-TIMES.md "Shipped tables"): on
 * the 1st of each month at 02:00 UTC, one `timetableUpkeep` run. Every worker calls this at start; the
 * first creates it, the others find it there. A month missed while no worker ran is caught up once.
 */
export async function ensureTimetableUpkeepSchedule(client: Client, taskQueue: string, logger: Logger): Promise<void> {
  try {
    await client.schedule.create({
      scheduleId: TIMETABLE_UPKEEP_SCHEDULE_ID,
      spec: { calendars: [{ dayOfMonth: 1, hour: 2, minute: 0 }] },
      action: {
        type: 'startWorkflow',
        workflowType: timetableUpkeep,
        taskQueue,
        workflowId: TIMETABLE_UPKEEP_SCHEDULE_ID,
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '31d' },
    });
    logger.info({ scheduleId: TIMETABLE_UPKEEP_SCHEDULE_ID }, 'timetable upkeep schedule created');
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
  }
}
