import type { Clock } from './lines/types';

/** The time of day at `at` in `timeZone` (an unknown zone reads as UTC rather than failing a call). */
export function clockOf(at: Date, timeZone: string | null | undefined): Clock {
  let parts;
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: timeZone ?? 'UTC',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(at);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(at);
  }
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: value('hour') % 24, minute: value('minute') };
}
