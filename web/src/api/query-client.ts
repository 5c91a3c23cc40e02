import { QueryClient } from '@tanstack/react-query';

/**
 * The app's QueryClient. A failed read is shown at once (no retries, as before), and reads are
 * fetched when a screen opens or after a write invalidates them, not when the window regains focus
 * or the network comes back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}
