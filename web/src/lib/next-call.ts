import type { Today } from '../api/today.api';
import { i18n } from '../i18n/i18n';
import { formatWhen } from './time';

/** What nextCallText says while a call is being placed, in the shown language. */
export const callingNowText = (): string => i18n.t('nextCall.callingNow', { ns: 'schedule' });

/**
 * The chain's next attempt as a person says it, in the call's zone and the shown language: 'tomorrow at
 * 5:30 AM (London)', 'the repeat, in 8 minutes (5:40 AM, London)', 'the last call before sunrise, in 8 minutes
 * (7:12 AM, London)', 'calling you now' (callingNowText());
 * null when no call is planned.
 */
export function nextCallText(
  today: Pick<Today, 'fajrCallTime' | 'nextKind' | 'tzName'>,
  fallbackZone: string | null,
  now: Date = new Date(),
): string | null {
  if (!today.fajrCallTime) return null;
  // Its instant reached before the page asked again: the call is being placed, never 'today at' a time past.
  if (today.nextKind === 'calling' || Date.parse(today.fajrCallTime) <= now.getTime()) return callingNowText();
  const when = formatWhen(today.fajrCallTime, today.tzName ?? fallbackZone ?? 'UTC', now);
  if (today.nextKind === 'repeat') return i18n.t('nextCall.repeat', { ns: 'schedule', when });
  if (today.nextKind === 'sunrise') return i18n.t('nextCall.sunrise', { ns: 'schedule', when });
  return when;
}
