import { RTL_LANGUAGES, type Language } from '@fajr/api/contracts/languages';
import { i18n } from '../i18n/i18n';
import { PSEUDO_LOCALE } from '../i18n/pseudo';

/** The digits a person can choose (Intl numbering systems): Latin, Arabic-Indic, Urdu's Eastern Arabic-Indic, Bengali. */
export const DIGITS = ['latn', 'arab', 'arabext', 'beng'] as const;
export type Digits = (typeof DIGITS)[number];
/** The hour cycles a person can choose: the language's own, 12-hour with AM/PM, or 24-hour. */
export const HOUR_CYCLES = ['auto', 'h12', 'h23'] as const;
export type HourCycle = (typeof HOUR_CYCLES)[number];

/** How dates, times and numbers are shown on this device ('auto': as the shown language writes them). */
export interface DisplayPrefs {
  hourCycle: HourCycle;
  digits: Digits | 'auto';
}

/**
 * The digits each language writes by default. Arabic and Bengali screens use their own digits (as the
 * apps their users know do); Urdu in Pakistan writes times and dates in Latin digits on phones and
 * clocks, so Latin is its default and Eastern Arabic-Indic (۰۱۲) a choice. The runtime's CLDR default
 * is not used: it varies by engine and version (Node's 'ar' is Latin, some webviews' Arabic-Indic).
 */
export const LANGUAGE_DIGITS: Record<Language, Digits> = {
  en: 'latn',
  ar: 'arab',
  ur: 'latn',
  bn: 'beng',
  id: 'latn',
  ms: 'latn',
  tr: 'latn',
  fr: 'latn',
};

/** Cookie that keeps the display preferences on this device, as the colour mode is kept. */
export const DISPLAY_PREFS_COOKIE = 'fajr.display';
const MAX_AGE_S = 365 * 24 * 60 * 60;
const AUTO: DisplayPrefs = { hourCycle: 'auto', digits: 'auto' };

const isHourCycle = (v: unknown): v is HourCycle => HOUR_CYCLES.includes(v as HourCycle);
const isDigits = (v: unknown): v is Digits => DIGITS.includes(v as Digits);

function readCookie(): DisplayPrefs {
  if (typeof document === 'undefined') return AUTO;
  const value = document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${DISPLAY_PREFS_COOKIE}=`))
    ?.slice(DISPLAY_PREFS_COOKIE.length + 1);
  // 'h23.arab': an unknown half (an old or edited cookie) counts as automatic.
  const [hourCycle, digits] = (value ?? '').split('.');
  return { hourCycle: isHourCycle(hourCycle) ? hourCycle : 'auto', digits: isDigits(digits) ? digits : 'auto' };
}

let current: DisplayPrefs | null = null;
const listeners = new Set<() => void>();

/** The display preferences of this device (read from the cookie once, then kept in memory). */
export function displayPrefs(): DisplayPrefs {
  current ??= readCookie();
  return current;
}

/** Keeps new display preferences on this device for a year and tells every screen that shows them. */
export function saveDisplayPrefs(prefs: DisplayPrefs): void {
  current = { ...prefs };
  document.cookie = `${DISPLAY_PREFS_COOKIE}=${prefs.hourCycle}.${prefs.digits}; max-age=${MAX_AGE_S}; path=/; samesite=lax`;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: screens re-render when the preferences change. */
export function subscribeDisplayPrefs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets what was read, so the next read is the cookie's again (tests clear cookies between cases). */
export function forgetDisplayPrefs(): void {
  current = null;
}

/** The language dates and numbers are written in: the shown one, the pseudo-locale's being English. */
export function formatLanguage(): Language {
  const shown = i18n.language;
  return !shown || shown === PSEUDO_LOCALE ? 'en' : ((shown in LANGUAGE_DIGITS ? shown : 'en') as Language);
}

/** The digits shown: the person's choice, else the language's own. */
export function digitsShown(prefs: DisplayPrefs = displayPrefs(), language: Language = formatLanguage()): Digits {
  return prefs.digits === 'auto' ? LANGUAGE_DIGITS[language] : prefs.digits;
}

/** The BCP 47 locale for Intl: the language with its digits ('ar-u-nu-arab'). */
export function intlLocale(prefs: DisplayPrefs = displayPrefs(), language: Language = formatLanguage()): string {
  return `${language}-u-nu-${digitsShown(prefs, language)}`;
}

/** A number as the shown language writes it, in the chosen digits ('٧' in Arabic, '৭' in Bengali). */
export function formatNumber(n: number): string {
  return new Intl.NumberFormat(intlLocale(), { useGrouping: false }).format(n);
}

/** Whether the shown language reads right to left (its times are isolated inside sentences). */
export const shownRtl = (): boolean => RTL_LANGUAGES.has(formatLanguage());

/**
 * A time or date put inside a sentence: isolated (FSI…PDI) in a right-to-left language, so '5:41 AM'
 * keeps its order; unchanged elsewhere (English texts stay exactly as SPEC.md writes them).
 */
export const isolate = (text: string): string => (shownRtl() ? `\u2068${text}\u2069` : text);
