import { formatMessageTime, formatZone } from './time';

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
