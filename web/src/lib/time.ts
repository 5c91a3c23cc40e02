// Times are shown in a named zone: the call's (the mosque's or the city's), with the device's own time beside it when they differ;
// times of things the person just did (a test call, a re-calculation, a chat message) in the device's clock.

function parts(iso: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).formatToParts(date);
  } catch {
    // An unknown zone name: fall back to the browser's zone rather than failing the page.
    return new Intl.DateTimeFormat('en-GB', options).formatToParts(date);
  }
}
const pick = (p: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
  p.find((x) => x.type === type)?.value ?? '';

/** A clock time such as '5:07 AM' in the zone (also the call log's: SPEC's 'HH:mm A' means a 12-hour clock with its meridiem). */
export function formatTime(iso: string, timeZone?: string | null): string {
  const p = parts(iso, timeZone ?? undefined, { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' });
  return `${pick(p, 'hour')}:${pick(p, 'minute')} ${pick(p, 'dayPeriod').toUpperCase()}`;
}

/** A chat message's time: '5:07 AM' today, '21 Nov, 5:07 AM' on another day (in the zone). */
export function formatMessageTime(iso: string, timeZone?: string | null, now: Date = new Date()): string {
  const day = (d: string | Date) =>
    parts(new Date(d).toISOString(), timeZone ?? undefined, { year: 'numeric', month: 'short', day: 'numeric' });
  const [then, today] = [day(iso), day(now)];
  const same = (['year', 'month', 'day'] as const).every((t) => pick(then, t) === pick(today, t));
  return same ? formatTime(iso, timeZone) : `${pick(then, 'day')} ${pick(then, 'month')}, ${formatTime(iso, timeZone)}`;
}

/** A calendar date 'YYYY-MM-DD' as 'Sun 22 Nov 2026' (no zone shift: it is already local). */
export function formatLocalDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** A calendar date 'YYYY-MM-DD' as 'Tue 24 Nov' (no zone shift: it is already local). */
export function formatShortDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/**
 * A zone as people say it, with the city that names it: 'Central European Time (Oslo)' for
 * Europe/Oslo, 'United Kingdom Time (London)' for Europe/London. An unknown zone is shown as given.
 */
export function formatZone(timeZone: string): string {
  const city = zoneCity(timeZone);
  try {
    const name = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
    return name && !/^GMT/.test(name) ? `${name} (${city})` : `${timeZone.replace(/_/g, ' ')}`;
  } catch {
    return timeZone;
  }
}

/** The browser's own zone (the phone's or computer's clock). */
export const deviceZone = (): string => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The city an IANA zone is named after, as people say it: 'London' for Europe/London, 'Kuala Lumpur'. */
export function zoneCity(timeZone: string): string {
  return timeZone.split('/').pop()!.replace(/_/g, ' ');
}

/** The wall clock of an instant in a zone ('Sat 28 Nov 5:30 AM'): two zones that show the same need no second time. */
const wallClock = (iso: string, timeZone: string) => `${localDateIn(iso, timeZone)} ${formatTime(iso, timeZone)}`;

/** The local date 'YYYY-MM-DD' of an instant in a zone. */
export function localDateIn(iso: string, timeZone?: string | null): string {
  const p = parts(iso, timeZone ?? undefined, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return `${pick(p, 'year')}-${pick(p, 'month')}-${pick(p, 'day')}`;
}

/**
 * The device's own time of an instant when its clock shows another than the zone's: '12:30 PM your
 * time' ('12:30 PM Sun your time' when its date differs too); null when both clocks agree.
 */
export function deviceTimeBeside(iso: string, timeZone: string, device: string = deviceZone()): string | null {
  if (wallClock(iso, timeZone) === wallClock(iso, device)) return null;
  const day =
    localDateIn(iso, timeZone) === localDateIn(iso, device)
      ? ''
      : ` ${formatShortDate(localDateIn(iso, device)).split(' ')[0]}`;
  return `${formatTime(iso, device)}${day} your time`;
}

/** A time in a named zone, with the device's beside it when they differ: '5:30 AM (London, 12:30 PM your time)'. */
export function formatTimeNamed(iso: string, timeZone: string, device: string = deviceZone()): string {
  const beside = deviceTimeBeside(iso, timeZone, device);
  return `${formatTime(iso, timeZone)} (${zoneCity(timeZone)}${beside ? `, ${beside}` : ''})`;
}

/**
 * When a call comes, as a person says it, in the call's zone: 'in 5 minutes (5:30 AM, London)' within
 * the hour, else 'today at 5:30 AM (London)', 'tomorrow at …', 'on Tue 24 Nov at …'; the device's
 * time beside it when its clock differs.
 */
export function formatWhen(
  iso: string,
  timeZone: string,
  now: Date = new Date(),
  device: string = deviceZone(),
): string {
  const minutes = Math.ceil((Date.parse(iso) - now.getTime()) / 60_000);
  if (minutes > 0 && minutes < 60) {
    const beside = deviceTimeBeside(iso, timeZone, device);
    return `in ${minutes} minute${minutes === 1 ? '' : 's'} (${formatTime(iso, timeZone)}, ${zoneCity(timeZone)}${beside ? `; ${beside}` : ''})`;
  }
  const date = localDateIn(iso, timeZone);
  const today = localDateIn(now.toISOString(), timeZone);
  const tomorrow = localDateIn(new Date(Date.parse(`${today}T12:00:00Z`) + 24 * 3600_000).toISOString(), 'UTC');
  const day = date === today ? 'today' : date === tomorrow ? 'tomorrow' : `on ${formatShortDate(date)}`;
  return `${day} at ${formatTimeNamed(iso, timeZone, device)}`;
}
