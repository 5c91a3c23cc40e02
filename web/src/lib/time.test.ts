import { deviceTimeBeside, formatMessageTime, formatTimeNamed, formatWhen, formatZone } from './time';

describe('formatMessageTime', () => {
  const now = new Date('2026-11-22T09:00:00Z');
  it('shows only the time for a message of today in the zone, and the day before it otherwise', () => {
    expect(formatMessageTime('2026-11-22T06:30:00+00:00', 'Europe/London', now)).toBe('6:30 AM');
    expect(formatMessageTime('2026-11-21T18:05:00+00:00', 'Europe/London', now)).toBe('21 Nov, 6:05 PM');
    // 23:30 UTC on the 21st is already the 22nd in Karachi.
    expect(formatMessageTime('2026-11-21T23:30:00+00:00', 'Asia/Karachi', now)).toBe('4:30 AM');
  });
});

describe('formatZone', () => {
  it('names a zone as people say it, with the city the zone is named after (never the raw IANA id)', () => {
    expect(formatZone('Europe/Oslo')).toBe('Central European Time (Oslo)');
    expect(formatZone('Asia/Kuala_Lumpur')).toBe('Malaysia Time (Kuala Lumpur)');
    expect(formatZone('Not/AZone')).toBe('Not/AZone');
  });
});

describe('formatWhen: the next call as a person says it, in the call’s zone (issue 44)', () => {
  // 05:30 in London on Sun 29 Nov 2026 is 12:30 PM in Jakarta.
  const call = '2026-11-29T05:30:00+00:00';
  it('says today, tomorrow or the date, names the zone, and gives the device’s time only when its clock differs', () => {
    expect(formatWhen(call, 'Europe/London', new Date('2026-11-28T09:00:00Z'), 'Europe/London')).toBe(
      'tomorrow at 5:30 AM (London)',
    );
    expect(formatWhen(call, 'Europe/London', new Date('2026-11-29T01:00:00Z'), 'Europe/London')).toBe(
      'today at 5:30 AM (London)',
    );
    expect(formatWhen(call, 'Europe/London', new Date('2026-11-26T09:00:00Z'), 'Europe/London')).toBe(
      'on Sun 29 Nov at 5:30 AM (London)',
    );
    expect(formatWhen(call, 'Europe/London', new Date('2026-11-28T09:00:00Z'), 'Asia/Jakarta')).toBe(
      'tomorrow at 5:30 AM (London, 12:30 PM your time)',
    );
  });
  it('counts the minutes within the hour', () => {
    expect(formatWhen(call, 'Europe/London', new Date('2026-11-29T05:25:00Z'), 'Europe/London')).toBe(
      'in 5 minutes (5:30 AM, London)',
    );
    expect(formatWhen(call, 'Europe/London', new Date('2026-11-29T05:29:10Z'), 'Asia/Jakarta')).toBe(
      'in 1 minute (5:30 AM, London; 12:30 PM your time)',
    );
  });
});

describe('formatTimeNamed and deviceTimeBeside', () => {
  it('names the zone and adds the device’s clock, with its day when that differs', () => {
    expect(formatTimeNamed('2026-11-29T05:30:00+00:00', 'Europe/London', 'Europe/London')).toBe('5:30 AM (London)');
    expect(deviceTimeBeside('2026-11-29T05:30:00+00:00', 'Europe/London', 'Europe/Paris')).toBe('6:30 AM your time');
    expect(deviceTimeBeside('2026-11-29T05:30:00+00:00', 'Europe/London', 'America/Los_Angeles')).toBe(
      '9:30 PM Sat your time',
    );
    expect(deviceTimeBeside('2026-11-29T05:30:00+00:00', 'Europe/London', 'Europe/Lisbon')).toBeNull();
  });
});
