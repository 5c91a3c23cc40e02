import { proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '@fajr/activities';

/** The Temporal Schedule that runs `jamaahChangeEvening` every hour (the worker creates it at start). */
export const JAMAAH_CHANGE_EVENING_SCHEDULE_ID = 'jamaah-change-evening';

const { sendJamaahChangeTexts } = proxyActivities<Pick<Activities, 'sendJamaahChangeTexts'>>({
  // Many mosques' members in one hour; each text is recorded once, so a retry sends only what is left.
  startToCloseTimeout: '30m',
  retry: { maximumAttempts: 3, initialInterval: '1m' },
});

/**
 * One hourly run (issue 46 point 4): wherever it is now the evening hour at a mosque whose jama'ah
 * tomorrow moves 5 minutes or more, its opted-in members are texted, in their language. The instant
 * is the schedule's (the run's start), so a retry sends for the same hour.
 */
export async function jamaahChangeEvening(): Promise<{ mosques: number; sent: number; skipped: number }> {
  return sendJamaahChangeTexts({ now: new Date(workflowInfo().startTime).toISOString() });
}
