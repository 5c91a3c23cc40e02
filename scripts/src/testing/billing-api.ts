import { useApi, type ApiHarness } from './api';

/**
 * The API on the local payment provider for a billing test file (beforeAll/afterAll); the workflows
 * a test pushes onto `started` are terminated before it closes.
 */
export function useLocalBillingApi(): { h: ApiHarness; started: string[] } {
  const started: string[] = [];
  const h = useApi({ payments: 'local', userPreferences: false }, async (api) => {
    for (const id of started)
      await api.temporal.workflow
        .getHandle(id)
        .terminate('test over')
        .catch(() => undefined);
  });
  return { h, started };
}
