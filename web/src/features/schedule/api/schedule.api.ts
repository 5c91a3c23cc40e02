import type { ScheduleEntry } from '@fajr/api/contracts/schedules.contract';
import { apiRequest } from '../../../lib/http';

/** GET /salah-schedules/fajr-schedules: the upcoming calls. */
export const fetchSchedule = async () => (await apiRequest<{ result: ScheduleEntry[] }>('/salah-schedules/fajr-schedules')).result;
