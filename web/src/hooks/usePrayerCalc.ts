import { useQuery } from '@tanstack/react-query';
import { fetchPrayerCalc } from '../api/data.api';
import { queryKeys } from '../api/query-keys';

/** GET /data/prayer-calc, shared by the landing page (mosques) and the settings (every list). */
export const usePrayerCalc = () => useQuery({ queryKey: queryKeys.prayerCalc, queryFn: fetchPrayerCalc });
