import { DEFAULT_LANGUAGE, isLanguage, languageOf } from '@fajr/api/contracts/languages';
import type { UiLanguage } from './i18n';
import { PSEUDO_LOCALE } from './pseudo';

/** Cookie that remembers the language chosen on this device, as the colour mode is remembered. */
export const LANGUAGE_COOKIE = 'fajr.language';
const MAX_AGE_S = 365 * 24 * 60 * 60;

const isUiLanguage = (value: unknown): value is UiLanguage => value === PSEUDO_LOCALE || isLanguage(value);

/** The language chosen on this device, if any. */
export function savedLanguage(): UiLanguage | null {
  const value = document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  return isUiLanguage(value) ? value : null;
}

export function saveLanguage(language: UiLanguage): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; max-age=${MAX_AGE_S}; path=/; samesite=lax`;
}

/**
 * The language to show first: `?lang=` (the native shell passes its locale so; the e2e suite too) kept as
 * this device's choice, else the choice remembered here, else the browser's (or the webview's) languages,
 * else English. An unknown code counts as none.
 */
export function initialLanguage(search: string = window.location.search): UiLanguage {
  const asked = new URLSearchParams(search).get('lang');
  const fromQuery = asked === PSEUDO_LOCALE ? PSEUDO_LOCALE : languageOf(asked);
  if (fromQuery) {
    saveLanguage(fromQuery);
    return fromQuery;
  }
  return savedLanguage() ?? languageOf(navigator.languages ?? [navigator.language]) ?? DEFAULT_LANGUAGE;
}
