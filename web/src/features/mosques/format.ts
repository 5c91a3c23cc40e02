import { formatTime } from '../../lib/time';

/**
 * A wall-clock time 'HH:MM' as the app shows times (12- or 24-hour, the language's digits): formatted as
 * that time in UTC, so no zone moves it.
 */
export const formatClock = (hhmm: string): string => formatTime(`2000-01-03T${hhmm}:00Z`, 'UTC');

/** A name or address as typed (often Latin in an Arabic or Urdu sentence), isolated so it keeps its own direction. */
export const fsi = (text: string): string => `\u2068${text}\u2069`;
