import { proxyActivities } from '@temporalio/workflow';
import type { Activities, RunOutReminderReport } from '@fajr/activities';

/** The Temporal Schedule that runs `mosqueFreshness` every day (the worker creates it at start). */
export const MOSQUE_FRESHNESS_SCHEDULE_ID = 'mosque-freshness';

const { remindMosqueAdmins } = proxyActivities<Pick<Activities, 'remindMosqueAdmins'>>({
  // A mosque at a time, a message per admin: minutes even for thousands of mosques.
  startToCloseTimeout: '30m',
  // A retry skips the mosques already reminded (remembered per run-out date), so it never sends twice.
  retry: { maximumAttempts: 3, initialInterval: '5m' },
});

/** The daily freshness job: admins of mosques whose own times run out within 14 days are reminded once. */
export async function mosqueFreshness(): Promise<RunOutReminderReport> {
  return remindMosqueAdmins();
}
