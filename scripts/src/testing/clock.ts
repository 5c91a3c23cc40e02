import type { TestWorkflowEnvironment } from '@temporalio/testing';

/**
 * Pins a time-skipping test's clock. The Java test server starts at the host's wall clock, so a test
 * that plans a day would plan differently at 04:57 than at noon (a run started just before London's
 * Fajr once ended a test inside a call). `pin('01-10T12:00:00Z')` skips the server to that instant of
 * the year after the one the file started in: the same instant, whatever the hour the suite runs.
 * Tests of one file share the server's clock, which only moves forward, so each test pins a later
 * instant than the tests before it (running one test alone with `-t` pins it just the same).
 */
export async function pinnedClock(env: TestWorkflowEnvironment): Promise<{ year: number; pin: (monthDayTime: string) => Promise<number> }> {
  const year = new Date(await env.currentTimeMs()).getUTCFullYear() + 1;
  const pin = async (monthDayTime: string): Promise<number> => {
    const at = Date.parse(`${year}-${monthDayTime}`);
    if (Number.isNaN(at)) throw new Error(`pinnedClock: '${monthDayTime}' is not MM-DDTHH:mm:ssZ`);
    const now = await env.currentTimeMs();
    if (now > at) throw new Error(`pinnedClock: the clock is already past ${year}-${monthDayTime}; pin later instants in later tests`);
    if (at > now) await env.sleep(at - now);
    return at;
  };
  return { year, pin };
}
