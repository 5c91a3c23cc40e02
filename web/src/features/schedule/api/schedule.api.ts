import type { ScheduleEntry, ScheduleNotice } from '@fajr/api/contracts/schedules.contract';
import { apiRequest } from '../../../lib/http';

/** GET /salah-schedules/fajr-schedules: the upcoming calls, the days without one and why, and the zone they are planned in. */
export const fetchSchedule = async () => {
  const answer = await apiRequest<{ result: ScheduleEntry[]; notices?: ScheduleNotice[]; tzName?: string | null }>(
    '/salah-schedules/fajr-schedules',
  );
  return { entries: answer.result, notices: answer.notices ?? [], tzName: answer.tzName ?? null };
};
