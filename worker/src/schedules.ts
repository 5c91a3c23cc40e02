import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client, type ScheduleSpec } from '@temporalio/client';
import type { Duration, Workflow } from '@temporalio/common';
import {
  JAMAAH_CHANGE_EVENING_SCHEDULE_ID,
  jamaahChangeEvening,
  MOSQUE_FRESHNESS_SCHEDULE_ID,
  mosqueFreshness,
  TIMETABLE_UPKEEP_SCHEDULE_ID,
  timetableUpkeep,
} from '@fajr/workflows';
import type { Logger } from '@fajr/activities';

/** A Temporal Schedule the worker keeps: one run of a workflow at each time of its calendar. */
interface KeptSchedule {
  id: string;
  workflowType: Workflow;
  calendar: NonNullable<ScheduleSpec['calendars']>[number];
  /** How late a time missed while no worker ran may still run (once). */
  catchupWindow: Duration;
  /** Its name in the logs. */
  name: string;
}

/**
 * The Schedules every worker makes sure of at start (the first creates each, the others find it there):
 * - the monthly timetable upkeep (docs/TIMETABLES.md "Shipped tables"): the 1st at 02:00 UTC, a missed
 *   month caught up once;
 * - the daily mosque freshness (docs/MOSQUES.md "Fresh"): 09:00 UTC, daytime from West Africa to
 *   Indonesia where most of the product's mosques are; reminds admins whose times run out within 14 days;
 * - the hourly evening text of a mosque's change (docs/MOSQUES.md "Members"): minute 5 of every hour,
 *   texting where it is the evening hour; missed hours are not caught up, a text hours late comes at night.
 */
export const KEPT_SCHEDULES: Record<'timetableUpkeep' | 'mosqueFreshness' | 'jamaahChangeEvening', KeptSchedule> = {
  timetableUpkeep: {
    id: TIMETABLE_UPKEEP_SCHEDULE_ID,
    workflowType: timetableUpkeep,
    calendar: { dayOfMonth: 1, hour: 2, minute: 0 },
    catchupWindow: '31d',
    name: 'timetable upkeep',
  },
  mosqueFreshness: {
    id: MOSQUE_FRESHNESS_SCHEDULE_ID,
    workflowType: mosqueFreshness,
    calendar: { hour: 9, minute: 0 },
    catchupWindow: '1d',
    name: 'mosque freshness',
  },
  jamaahChangeEvening: {
    id: JAMAAH_CHANGE_EVENING_SCHEDULE_ID,
    workflowType: jamaahChangeEvening,
    calendar: { hour: '*', minute: 5 },
    catchupWindow: '10m',
    name: 'jamaah change evening',
  },
};

/** Creates the Schedule unless it exists; a run never overlaps the one before. */
export async function ensureSchedule(
  client: Client,
  taskQueue: string,
  logger: Logger,
  kept: KeptSchedule,
): Promise<void> {
  try {
    await client.schedule.create({
      scheduleId: kept.id,
      spec: { calendars: [kept.calendar] },
      action: { type: 'startWorkflow', workflowType: kept.workflowType, taskQueue, workflowId: kept.id },
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: kept.catchupWindow },
    });
    logger.info({ scheduleId: kept.id }, `${kept.name} schedule created`);
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
  }
}

/** Every kept Schedule, each on its own: one that cannot be created is logged and leaves the others. */
export function ensureSchedules(client: Client, taskQueue: string, logger: Logger): void {
  for (const kept of Object.values(KEPT_SCHEDULES))
    void ensureSchedule(client, taskQueue, logger, kept).catch((err) =>
      logger.error({ err: (err as Error).message }, `${kept.name} schedule could not be created`),
    );
}
