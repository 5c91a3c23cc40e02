import type { TestWorkflowEnvironment } from '@temporalio/testing';

/**
 * Pins a time-skipping test's clock. The Java test server starts at the host's wall clock, so a test
 * that plans a day would plan differently at 04:57 than at noon (a run started just before London's
 * Fajr once ended a test inside a call). `await pinClock(env, '01-10T12:00:00Z')` skips the server to
 * that instant of the year after the host's, or of the first later year still ahead of the server's
 * clock (tests of one file share it, and it only moves forward: an earlier test may have left it
 * years ahead). Returns the instant (ms), whose year the test reads when it needs one.
 */
export async function pinClock(env: TestWorkflowEnvironment, monthDayTime: string): Promise<number> {
  const now = await env.currentTimeMs();
  const at = (year: number) => Date.parse(`${year}-${monthDayTime}`);
  let year = new Date().getUTCFullYear() + 1;
  if (Number.isNaN(at(year))) throw new Error(`pinClock: '${monthDayTime}' is not MM-DDTHH:mm:ssZ`);
  while (at(year) < now) year += 1;
  if (at(year) > now) await env.sleep(at(year) - now);
  return at(year);
}

/** The UTC year of an instant (of a pinned clock). */
export const yearOf = (ms: number): number => new Date(ms).getUTCFullYear();
