// Times are shown in a named zone: the call's (the mosque's or the city's), with the device's own time beside it when they differ;
// times of things the person just did (a test call, a re-calculation, a chat message) in the device's clock.
// Everything is written as the shown language writes it (issue 45), in the digits and hour cycle chosen on
// this device (numbers.ts); English keeps SPEC.md's forms exactly ('5:41 AM', 'Sun 22 Nov 2026').
import { i18n } from '../i18n/i18n';
import {
  displayPrefs,
  digitsShown,
  formatLanguage,
  formatNumber,
  intlLocale,
  isolate,
  type DisplayPrefs,
} from './numbers';

/** A message of the `time` group of the schedule namespace, in the shown language. */
const say = (key: string, values: Record<string, string | number>) =>
  i18n.t(`time.${key}`, { ns: 'schedule', ...values });

const english = () => formatLanguage() === 'en';
/** English's own forms are built from en-GB's parts (SPEC's '5:41 AM', 'Sun 22 Nov 2026'), in the chosen digits. */
const englishLocale = (prefs: DisplayPrefs = displayPrefs()) => {
  const digits = digitsShown(prefs);
  return digits === 'latn' ? 'en-GB' : `en-GB-u-nu-${digits}`;
};
/** The hour cycle asked of Intl: the person's choice, else none (the language's own). */
const hourCycle = (prefs: DisplayPrefs = displayPrefs()): Pick<Intl.DateTimeFormatOptions, 'hourCycle'> => {
  const chosen = prefs.hourCycle;
  return chosen === 'auto' ? {} : { hourCycle: chosen };
};

function formatter(locale: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone });
  } catch {
    // An unknown zone name: fall back to the browser's zone rather than failing the page.
    return new Intl.DateTimeFormat(locale, options);
  }
}

function parts(iso: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions, locale = 'en-GB') {
  return formatter(locale, timeZone, options).formatToParts(new Date(iso));
}
const pick = (p: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
  p.find((x) => x.type === type)?.value ?? '';

/**
 * A clock time such as '5:07 AM' in the zone (also the call log's: SPEC's 'HH:mm A' means a 12-hour clock
 * with its meridiem); '05:07' with the 24-hour choice; '٥:٠٧ ص' in Arabic, '৫:০৭ AM' in Bengali.
 */
export function formatTime(iso: string, timeZone?: string | null, prefs: DisplayPrefs = displayPrefs()): string {
  const zone = timeZone ?? undefined;
  if (english()) {
    if (prefs.hourCycle === 'h23') {
      const p = parts(iso, zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, englishLocale(prefs));
      return `${pick(p, 'hour')}:${pick(p, 'minute')}`;
    }
    const p = parts(iso, zone, { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }, englishLocale(prefs));
    return `${pick(p, 'hour')}:${pick(p, 'minute')} ${pick(p, 'dayPeriod').toUpperCase()}`;
  }
  const options = { hour: 'numeric', minute: '2-digit', ...hourCycle(prefs) } as const;
  return formatter(intlLocale(prefs), zone, options).format(new Date(iso));
}

/** A chat message's time: '5:07 AM' today, '21 Nov, 5:07 AM' on another day (in the zone). */
export function formatMessageTime(iso: string, timeZone?: string | null, now: Date = new Date()): string {
  const zone = timeZone ?? undefined;
  const day = (d: string | Date) =>
    parts(new Date(d).toISOString(), zone, { year: 'numeric', month: 'short', day: 'numeric' });
  const [then, today] = [day(iso), day(now)];
  const same = (['year', 'month', 'day'] as const).every((t) => pick(then, t) === pick(today, t));
  if (same) return formatTime(iso, timeZone);
  if (english()) {
    const p = parts(iso, zone, { month: 'short', day: 'numeric' }, englishLocale());
    return `${pick(p, 'day')} ${pick(p, 'month')}, ${formatTime(iso, timeZone)}`;
  }
  return formatter(intlLocale(), zone, {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    ...hourCycle(),
  }).format(new Date(iso));
}

/** A calendar date 'YYYY-MM-DD' at noon UTC: formatting it in UTC never shifts its day. */
const noonOf = (date: string) => new Date(`${date}T12:00:00Z`);
const formatDay = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(english() ? englishLocale() : intlLocale(), { ...options, timeZone: 'UTC' }).format(
    noonOf(date),
  );

/** A calendar date 'YYYY-MM-DD' as 'Sun 22 Nov 2026' (no zone shift: it is already local). */
export function formatLocalDate(date: string): string {
  return formatDay(date, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
}

/** A calendar date 'YYYY-MM-DD' as 'Tue 24 Nov' (no zone shift: it is already local). */
export function formatShortDate(date: string): string {
  return formatDay(date, { weekday: 'short', day: 'numeric', month: 'short' });
}

/** The weekday of a calendar date 'YYYY-MM-DD', short: 'Sat', 'السبت', 'শনি'. */
const formatWeekday = (date: string) => formatDay(date, { weekday: 'short' });

/**
 * A zone as people say it, with the city that names it: 'Central European Time (Oslo)' for
 * Europe/Oslo, 'United Kingdom Time (London)' for Europe/London, in the shown language. An unknown
 * zone, or one the language has no name for, is shown as given.
 */
export function formatZone(timeZone: string): string {
  const city = zoneCity(timeZone);
  try {
    const locale = english() ? 'en-GB' : intlLocale();
    const nameIn = (style: Intl.DateTimeFormatOptions['timeZoneName']) =>
      new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style })
        .formatToParts(new Date())
        .find((p) => p.type === 'timeZoneName')?.value;
    const name = nameIn('longGeneric');
    // Without a name of its own the zone is only an offset ('GMT+3'): its IANA name says more.
    const named = name && !/^GMT/.test(name) && name !== nameIn('shortOffset') && name !== nameIn('longOffset');
    return named ? `${name} (${city})` : `${timeZone.replace(/_/g, ' ')}`;
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

/** The wall clock of an instant in a zone (date and 24-hour time): two zones that show the same need no second time. */
const wallClock = (iso: string, timeZone: string) => {
  const p = parts(iso, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${localDateIn(iso, timeZone)} ${pick(p, 'hour')}:${pick(p, 'minute')}`;
};

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
  const time = isolate(formatTime(iso, device));
  const deviceDate = localDateIn(iso, device);
  return localDateIn(iso, timeZone) === deviceDate
    ? say('yourTime', { time })
    : say('yourTimeOn', { time, day: formatWeekday(deviceDate) });
}

/** A time in a named zone, with the device's beside it when they differ: '5:30 AM (London, 12:30 PM your time)'. */
export function formatTimeNamed(iso: string, timeZone: string, device: string = deviceZone()): string {
  const beside = deviceTimeBeside(iso, timeZone, device);
  const time = isolate(formatTime(iso, timeZone));
  const city = zoneCity(timeZone);
  return beside ? say('namedBeside', { time, city, beside }) : say('named', { time, city });
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
    const values = { count: minutes, n: formatNumber(minutes), time: isolate(formatTime(iso, timeZone)) };
    const city = zoneCity(timeZone);
    return beside ? say('inMinutesBeside', { ...values, city, beside }) : say('inMinutes', { ...values, city });
  }
  const date = localDateIn(iso, timeZone);
  const today = localDateIn(now.toISOString(), timeZone);
  const tomorrow = localDateIn(new Date(Date.parse(`${today}T12:00:00Z`) + 24 * 3600_000).toISOString(), 'UTC');
  const time = formatTimeNamed(iso, timeZone, device);
  if (date === today) return say('todayAt', { time });
  if (date === tomorrow) return say('tomorrowAt', { time });
  return say('onDateAt', { time, date: formatShortDate(date) });
}
