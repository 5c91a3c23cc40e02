import type { todayResult } from '@fajr/api/contracts/schedules.contract';
import type { z } from 'zod';
import { apiRequest } from '../lib/http';

export type Today = z.infer<typeof todayResult>['result'];

/** GET /salah-schedules/fajr-schedules/today: the next Fajr and call time, and what is missing before calls (account page and schedule). */
export const fetchToday = async () =>
  (await apiRequest<{ result: Today }>('/salah-schedules/fajr-schedules/today')).result;
