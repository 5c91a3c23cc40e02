import { parseCallerAccountsSpec } from './caller-accounts';

/**
 * Several caller accounts (caller numbers), each with its own calls per second, sharing one
 * calendar: a Fajr minute's calls are spread across them so that N calls end at N / (sum of rates),
 * not N / (one account's rate).
 */
export interface CallerAccount {
  /** The caller number (E.164) calls of this account come from: also its key in the call log. */
  number: string;
  /** The hard limit of this account: never more calls than this in any second. */
  callsPerSecond: number;
  /** The provider account (Twilio's account SID) the number dials through, when CALLER_ACCOUNTS names one (domain/caller-accounts.ts). */
  accountSid?: string;
}

/**
 * Reads `CALLER_ACCOUNTS`' caller numbers with their calls per second, in either form
 * (domain/caller-accounts.ts). Throws a message naming the bad entry. Several accounts need a whole
 * rate (>= 1) each: the shared calendar is cut in one-second buckets.
 */
export function parseCallerAccounts(spec: string): CallerAccount[] {
  return parseCallerAccountsSpec(spec).callers;
}

/** One slot of a calendar bucket: its offset from the bucket's start and the account that dials in it. */
export interface PacerSlot {
  offsetSeconds: number;
  account: string;
}

/**
 * How the shared calendar is cut: bucket width (s) and the bucket's slots in the order they are
 * taken. One account at C calls/s: floor(C) slots 1/C apart in a one-second bucket (below 1 call/s,
 * one slot in a bucket of ceil(1/C) seconds). Several: each account's floor(C_i) slots at
 * (k + i/n) / C_i (account i of n, staggered), merged by time (ties in the configured order), so the k-th call of a second goes out at the k-th
 * earliest instant any account can dial, and the accounts share each second in proportion to their
 * rates. Each account's slots stay >= 1 / C_i apart, across bucket edges too: never above its rate.
 */
export function pacerPlan(accounts: CallerAccount[]): { widthSeconds: number; slots: PacerSlot[] } {
  if (accounts.length === 1) {
    const { number: account, callsPerSecond: c } = accounts[0]!;
    const { widthSeconds, capacity } = oneAccountShape(c);
    return { widthSeconds, slots: Array.from({ length: capacity }, (_, k) => ({ offsetSeconds: k / c, account })) };
  }
  // Account i of n starts i/n of its own interval into the second, so equal accounts take turns
  // (10/s and 10/s: one call every 50 ms) instead of dialling in pairs. Its last slot stays inside
  // the second and the next second's first is still >= 1/C_i after it.
  const n = accounts.length;
  const slots = accounts.flatMap(({ number: account, callsPerSecond: c }, order) =>
    Array.from({ length: Math.floor(c) }, (_, k) => ({ offsetSeconds: (k + order / n) / c, account, order })),
  );
  slots.sort((a, b) => a.offsetSeconds - b.offsetSeconds || a.order - b.order);
  return { widthSeconds: 1, slots: slots.map(({ offsetSeconds, account }) => ({ offsetSeconds, account })) };
}

/**
 * One account's calendar without listing its slots (the k-th of a bucket is at k / C): a reservation
 * must not build and send a list of 100,000 slots for an uncapped account (the benchmarks' 100,000/s).
 */
export function oneAccountShape(callsPerSecond: number): { widthSeconds: number; capacity: number } {
  const widthSeconds = callsPerSecond >= 1 ? 1 : Math.ceil(1 / callsPerSecond);
  return { widthSeconds, capacity: Math.max(1, Math.floor(callsPerSecond * widthSeconds)) };
}

/** The calendar key of a set of accounts: the provider account, plus the numbers when there are several. */
export function pacerKey(providerAccount: string, accounts: CallerAccount[]): string {
  return accounts.length === 1
    ? providerAccount
    : `${providerAccount}|${accounts.map((a) => `${a.number}=${a.callsPerSecond}`).join(',')}`;
}
