import { useApi, type ApiHarness, type StartApiOptions } from './api';

/**
 * The API for a test file (beforeAll/afterAll) whose tests start workflows: the ones a test pushes onto
 * `started` are terminated before it closes.
 */
export function useApiEndingWorkflows(opts: StartApiOptions): { h: ApiHarness; started: string[] } {
  const started: string[] = [];
  const h = useApi(opts, async (api) => {
    for (const id of started)
      await api.temporal.workflow
        .getHandle(id)
        .terminate('test over')
        .catch(() => undefined);
  });
  return { h, started };
}

/** The API on the local payment provider for a billing test file. */
export function useLocalBillingApi(): { h: ApiHarness; started: string[] } {
  return useApiEndingWorkflows({ payments: 'local', userPreferences: false });
}
