import type { ScheduleEntry, ScheduleNotice } from '@fajr/api/contracts/schedules.contract';
import { apiRequest } from '../../../lib/http';

/** GET /salah-schedules/fajr-schedules: the upcoming calls, and the days without one and why. */
export const fetchSchedule = async () => {
  const answer = await apiRequest<{ result: ScheduleEntry[]; notices?: ScheduleNotice[] }>('/salah-schedules/fajr-schedules');
  return { entries: answer.result, notices: answer.notices ?? [] };
};
