import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import { apiRequest } from '../../../lib/http';

export interface PhoneCountriesResult {
  /** The countries (ISO codes) whose numbers Fajr calls and texts. */
  countries: string[];
  /** Those where a code comes by a call that reads it out. */
  codeByCall: string[];
}

/** GET /data/phone-countries: where Fajr calls and texts (no sign-in). */
export const fetchPhoneCountries = async () =>
  (await apiRequest<{ result: PhoneCountriesResult }>('/data/phone-countries')).result;

/** The served countries, or undefined until known (or when they could not be read: the API still names a refused country). */
export function useServedCountries(): string[] | undefined {
  return useQuery({
    queryKey: queryKeys.phoneCountries,
    queryFn: fetchPhoneCountries,
    staleTime: Infinity,
    retry: false,
  }).data?.countries;
}
