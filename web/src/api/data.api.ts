import type { prayerCalcData, staticResult } from '@fajr/api/contracts/data.contract';
import type { z } from 'zod';
import { apiRequest } from '../lib/http';

export type Prices = z.infer<typeof staticResult>['result']['prices'];
export type PrayerCalcData = z.infer<typeof prayerCalcData>;

/** GET /data/static: monthly prices per plan and currency. */
export const fetchPrices = async () =>
  (await apiRequest<{ result: { prices?: Prices } }>('/data/static')).result.prices ?? null;

/** GET /data/prayer-calc: methods, high-latitude rules, mosques, adhaans, call time preferences. */
export const fetchPrayerCalc = async () => (await apiRequest<{ result: PrayerCalcData }>('/data/prayer-calc')).result;
