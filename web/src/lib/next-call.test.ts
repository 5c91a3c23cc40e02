import { nextCallText } from './next-call';

describe('nextCallText', () => {
  const now = new Date('2026-11-29T05:32:00Z');
  it('says the repeat, a call ringing now, or the day, in the zone the API planned it in', () => {
    expect(
      nextCallText(
        { fajrCallTime: '2026-11-29T05:40:00+00:00', nextKind: 'repeat', tzName: 'Europe/London' },
        null,
        now,
      ),
    ).toMatch(/^the repeat, in 8 minutes \(5:40 AM, London/);
    // The last call before sunrise (Premium, issue 47 point 1), still to come this morning.
    expect(
      nextCallText(
        { fajrCallTime: '2026-11-29T07:12:00+00:00', nextKind: 'sunrise', tzName: 'Europe/London' },
        null,
        now,
      ),
    ).toMatch(/^the last call before sunrise, (in 100 minutes|today at 7:12 AM) \(/);
    expect(
      nextCallText(
        { fajrCallTime: '2026-11-29T05:30:00+00:00', nextKind: 'calling', tzName: 'Europe/London' },
        null,
        now,
      ),
    ).toBe('calling you now');
    expect(
      nextCallText(
        { fajrCallTime: '2026-11-30T05:31:00+00:00', nextKind: 'fajr', tzName: 'Europe/London' },
        'Asia/Jakarta',
        now,
      ),
    ).toMatch(/^tomorrow at 5:31 AM \(London/);
    expect(nextCallText({ fajrCallTime: null, nextKind: null, tzName: null }, 'Europe/London', now)).toBeNull();
    // Its instant passed while the page was open: never 'today at' a time already past.
    expect(
      nextCallText({ fajrCallTime: '2026-11-29T05:31:00+00:00', nextKind: 'fajr', tzName: 'Europe/London' }, null, now),
    ).toBe('calling you now');
  });
});
