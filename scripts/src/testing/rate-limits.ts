// Helpers of the rate-limit tests: a fresh client address per test, a request sent n times, a sign-in.
import type { ApiHarness } from './api';

// Each test speaks from its own address (the app trusts X-Forwarded-For from the loopback proxy).
let ipSeq = 0;
/** A documentation-range address no other test in this process used. */
export const newIp = () => `203.0.113.${++ipSeq}`;

/** Sends `send(i)` n times one after the other and returns the statuses in order. */
export async function repeat(n: number, send: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await send(i)).status);
  return statuses;
}

/** A sign-in with a phone number and password from the address `ip`. */
export const signIn = (h: ApiHarness, ip: string, phoneNumber: string, password: string) =>
  h.api('POST', '/api/users/signin', { ip, body: { phoneNumber, password } });
