import type { Language } from '@fajr/api/contracts/languages.contract';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { postToHost } from '../lib/native-shell';
import { saveLanguage } from './detect';
import { directionOf, i18n, showLanguage, type UiLanguage } from './i18n';

interface LanguageApi {
  language: UiLanguage;
  dir: 'ltr' | 'rtl';
  /** The user's choice from the menu: shown at once, remembered on this device and told to the native host. */
  choose(language: Language): Promise<void>;
}

const LanguageContext = createContext<LanguageApi>({
  language: 'en',
  dir: 'ltr',
  choose: async () => undefined,
});

/**
 * The language the app is shown in. main.tsx loads the first one's catalogue before the first paint, so
 * this starts from what i18n already shows; the account's language is kept in step by AccountLanguage.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState<UiLanguage>(() => i18n.language as UiLanguage);
  const choose = useCallback(async (next: Language) => {
    saveLanguage(next);
    const loaded = await showLanguage(next);
    setLanguage(loaded ? next : 'en');
    postToHost({ type: 'language', language: next });
  }, []);
  const api = useMemo(() => ({ language, dir: directionOf(language), choose }), [language, choose]);
  return <LanguageContext.Provider value={api}>{children}</LanguageContext.Provider>;
}

/** The language shown, its direction, and the way to change it. */
export const useLanguage = () => useContext(LanguageContext);
