import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, RTL_LANGUAGES, type Language } from '@fajr/api/contracts/languages';
import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadRtlCache } from '../theme/direction-cache';
import { icuFormat } from './icu-format';
import en from './locales/en';
import { NAMESPACES } from './namespaces';
import { PSEUDO_LOCALE, pseudoCatalogue } from './pseudo';

/** A language the app can show: the product's eight, and the pseudo-locale the e2e suite reads. */
export type UiLanguage = Language | typeof PSEUDO_LOCALE;

// Only the chosen language's catalogue is downloaded: each is its own chunk, English is in the main one
// (the fallback for a missing key, and what shows when a catalogue fails to load).
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: ResourceLanguage }>> = {
  ar: () => import('./locales/ar'),
  ur: () => import('./locales/ur'),
  bn: () => import('./locales/bn'),
  id: () => import('./locales/id'),
  ms: () => import('./locales/ms'),
  tr: () => import('./locales/tr'),
  fr: () => import('./locales/fr'),
};

export const i18n = i18next.createInstance();
void i18n
  .use(icuFormat)
  .use(initReactI18next)
  .init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES, PSEUDO_LOCALE],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: { en } as Resource,
    // Synchronous with English bundled: the first render (and every unit test) already has its texts.
    initAsync: false,
    // An empty or missing translation shows the English, never a key.
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

/** The account's language for what is shown: the pseudo-locale is English to the server. */
export const accountLanguageOf = (language: UiLanguage): Language =>
  isLanguage(language) ? language : DEFAULT_LANGUAGE;

export const directionOf = (language: UiLanguage): 'rtl' | 'ltr' =>
  RTL_LANGUAGES.has(language as Language) ? 'rtl' : 'ltr';

/**
 * Shows the app in `language`: its catalogue loaded (once), `<html lang dir>` set. A catalogue that fails
 * to load leaves English showing and reports false.
 */
export async function showLanguage(language: UiLanguage): Promise<boolean> {
  let loaded = true;
  if (language !== DEFAULT_LANGUAGE && !i18n.hasResourceBundle(language, 'common')) {
    try {
      const catalogue =
        language === PSEUDO_LOCALE
          ? pseudoCatalogue(en)
          : (await loaders[language as Exclude<Language, 'en'>]()).default;
      for (const [ns, messages] of Object.entries(catalogue))
        i18n.addResourceBundle(language, ns, messages, true, true);
    } catch {
      loaded = false;
    }
  }
  const shown = loaded ? language : DEFAULT_LANGUAGE;
  if (directionOf(shown) === 'rtl') await loadRtlCache();
  await i18n.changeLanguage(shown);
  document.documentElement.lang = shown;
  document.documentElement.dir = directionOf(shown);
  return loaded;
}
