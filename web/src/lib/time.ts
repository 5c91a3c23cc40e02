// Times are shown in the user's own IANA zone (tzName), whatever the browser's zone.

function parts(iso: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).formatToParts(date);
  } catch {
    // An unknown zone name: fall back to the browser's zone rather than failing the page.
    return new Intl.DateTimeFormat('en-GB', options).formatToParts(date);
  }
}
const pick = (p: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) => p.find((x) => x.type === type)?.value ?? '';

/** A clock time such as '5:07 AM' in the zone (also the call log's: SPEC's 'HH:mm A' means a 12-hour clock with its meridiem). */
export function formatTime(iso: string, timeZone?: string | null): string {
  const p = parts(iso, timeZone ?? undefined, { hour: 'numeric', minute: '2-digit', hour12: true });
  return `${pick(p, 'hour')}:${pick(p, 'minute')} ${pick(p, 'dayPeriod').toUpperCase()}`;
}

/** A chat message's time: '5:07 AM' today, '21 Nov, 5:07 AM' on another day (in the zone). */
export function formatMessageTime(iso: string, timeZone?: string | null, now: Date = new Date()): string {
  const day = (d: string | Date) => parts(new Date(d).toISOString(), timeZone ?? undefined, { year: 'numeric', month: 'short', day: 'numeric' });
  const [then, today] = [day(iso), day(now)];
  const same = (['year', 'month', 'day'] as const).every((t) => pick(then, t) === pick(today, t));
  return same ? formatTime(iso, timeZone) : `${pick(then, 'day')} ${pick(then, 'month')}, ${formatTime(iso, timeZone)}`;
}

/** A calendar date 'YYYY-MM-DD' as 'Sun 22 Nov 2026' (no zone shift: it is already local). */
export function formatLocalDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** A calendar date 'YYYY-MM-DD' as 'Tue 24 Nov' (no zone shift: it is already local). */
export function formatShortDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/**
 * A zone as people say it, with the city that names it: 'Central European Time (Oslo)' for
 * Europe/Oslo, 'United Kingdom Time (London)' for Europe/London. An unknown zone is shown as given.
 */
export function formatZone(timeZone: string): string {
  const city = timeZone.split('/').pop()!.replace(/_/g, ' ');
  try {
    const name = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value;
    return name && !/^GMT/.test(name) ? `${name} (${city})` : `${timeZone.replace(/_/g, ' ')}`;
  } catch {
    return timeZone;
  }
}
