import { proxyActivities } from '@temporalio/workflow';
import type { Activities, UpkeepReport } from '@fajr/activities';

/** The Temporal Schedule that runs `timetableUpkeep` once a month (the worker creates it at start). */
export const TIMETABLE_UPKEEP_SCHEDULE_ID = 'timetable-upkeep';

const { checkShippedTimetables } = proxyActivities<Pick<Activities, 'checkShippedTimetables'>>({
  // Sixty zones, one e-Solat request each at most (30 s timeout apiece) in the month a year runs out.
  startToCloseTimeout: '45m',
  retry: { maximumAttempts: 3, initialInterval: '10m' },
});

/**
 * One monthly check of the tables the product ships: those within 60 days of their end get their next
 * year from the authority where it has a service (validated, activated or held); operators hear of the
 * rest from the morning report, the metric and the alert (docs/PRAYER-TIMES.md "Shipped tables").
 */
export async function timetableUpkeep(): Promise<UpkeepReport> {
  return checkShippedTimetables();
}
