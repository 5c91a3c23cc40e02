import { pacerKey, pacerPlan, parseCallerAccounts, type CallerAccount } from './pacer';

/** The instants (s from the minute) and accounts of N calls taking the calendar's slots in planned order. */
function take(accounts: CallerAccount[], n: number): { at: number; account: string }[] {
  const { widthSeconds, slots } = pacerPlan(accounts);
  return Array.from({ length: n }, (_, i) => {
    const s = slots[i % slots.length]!;
    return { at: Math.floor(i / slots.length) * widthSeconds + s.offsetSeconds, account: s.account };
  });
}

describe('parseCallerAccounts', () => {
  it('when given numbers with rates, then reads each; when an entry is malformed, repeated or too slow beside others, then says which', () => {
    expect(parseCallerAccounts('+447700900201=10, +447700900202=2.5')).toEqual([
      { number: '+447700900201', callsPerSecond: 10 },
      { number: '+447700900202', callsPerSecond: 2.5 },
    ]);
    expect(parseCallerAccounts('+447700900201=0.5')).toEqual([{ number: '+447700900201', callsPerSecond: 0.5 }]);
    expect(() => parseCallerAccounts('447700900201=10')).toThrow(/"447700900201=10" is not/);
    expect(() => parseCallerAccounts('+447700900201=0')).toThrow(/is not/);
    expect(() => parseCallerAccounts('+447700900201=1,+447700900201=2')).toThrow(/twice/);
    expect(() => parseCallerAccounts('+447700900201=1,+447700900202=0.5')).toThrow(/at least 1/);
    expect(() => parseCallerAccounts(' , ')).toThrow(/no account/);
  });
});

describe('pacerPlan', () => {
  it('when there is one account, then its calendar is unchanged: C slots 1/C apart a second, one per ceil(1/C) s below 1/s', () => {
    expect(pacerPlan([{ number: 'a', callsPerSecond: 4 }])).toEqual({
      widthSeconds: 1,
      slots: [0, 0.25, 0.5, 0.75].map((offsetSeconds) => ({ offsetSeconds, account: 'a' })),
    });
    expect(pacerPlan([{ number: 'a', callsPerSecond: 0.4 }])).toEqual({
      widthSeconds: 3,
      slots: [{ offsetSeconds: 0, account: 'a' }],
    });
  });

  it('when two accounts at 10/s each take 200 calls in planned order, then the last is at ~10 s (N / sum of rates), the accounts alternate, and neither exceeds its rate', () => {
    const accounts = [
      { number: 'A', callsPerSecond: 10 },
      { number: 'B', callsPerSecond: 10 },
    ];
    const calls = take(accounts, 200);
    expect(calls.at(-1)!.at).toBeCloseTo(9.95, 6); // the 200th call starts the last 1/20 s of 10 s
    calls.slice(1).forEach((c, i) => expect(c.at - calls[i]!.at).toBeCloseTo(0.05, 6)); // one every 50 ms
    expect(calls.slice(0, 4).map((c) => c.account)).toEqual(['A', 'B', 'A', 'B']);
    calls.slice(1).forEach((c, i) => expect(c.at).toBeGreaterThanOrEqual(calls[i]!.at)); // planned order keeps time order
    for (const { number, callsPerSecond } of accounts) {
      const mine = calls.filter((c) => c.account === number).map((c) => c.at);
      expect(mine).toHaveLength(100);
      mine.slice(1).forEach((t, i) => expect(t - mine[i]!).toBeGreaterThanOrEqual(1 / callsPerSecond - 1e-9));
    }
  });

  it('when rates differ (50/s and 25/s), then each second holds 75 calls shared 2:1, 1,000 calls end at ~13.3 s, and neither exceeds its rate across second edges', () => {
    const accounts = [
      { number: 'A', callsPerSecond: 50 },
      { number: 'B', callsPerSecond: 25 },
    ];
    const calls = take(accounts, 1000);
    expect(calls.at(-1)!.at).toBeLessThan(1000 / 75);
    expect(calls.at(-1)!.at).toBeGreaterThan(1000 / 75 - 0.1);
    const firstSecond = calls.filter((c) => c.at < 1);
    expect(firstSecond.filter((c) => c.account === 'A')).toHaveLength(50);
    expect(firstSecond.filter((c) => c.account === 'B')).toHaveLength(25);
    for (const { number, callsPerSecond } of accounts) {
      const mine = calls.filter((c) => c.account === number).map((c) => c.at);
      mine.slice(1).forEach((t, i) => expect(t - mine[i]!).toBeGreaterThanOrEqual(1 / callsPerSecond - 1e-9));
    }
  });

  it('when there are several accounts, then the calendar key names them and their rates (a change of accounts starts a new calendar); one account keeps the provider account key', () => {
    expect(pacerKey('twilio:AC1', [{ number: '+1', callsPerSecond: 5 }])).toBe('twilio:AC1');
    expect(
      pacerKey('twilio:AC1', [
        { number: '+1', callsPerSecond: 5 },
        { number: '+2', callsPerSecond: 7 },
      ]),
    ).toBe('twilio:AC1|+1=5,+2=7');
  });
});
