import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLanguage } from '../i18n/LanguageProvider';
import { loadedRtlCache, ltrCache } from './direction-cache';
import { buildTheme, type ColorMode } from './theme';

/** Cookie that remembers the colour mode choice. */
export const COLOR_MODE_COOKIE = 'fajr.colorMode';
/** SPEC section 9: the choice is kept for one year. */
export const COLOR_MODE_MAX_AGE_S = 365 * 24 * 60 * 60;

function savedMode(): ColorMode | null {
  const match = document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${COLOR_MODE_COOKIE}=`));
  const value = match?.slice(COLOR_MODE_COOKIE.length + 1);
  return value === 'light' || value === 'dark' ? value : null;
}

/** Dark unless the system explicitly asks for light (SPEC: dark by default, following the system). */
function systemMode(): ColorMode {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: light)').matches
    ? 'light'
    : 'dark';
}

interface ColorModeApi {
  mode: ColorMode;
  toggle(): void;
}
const ColorModeContext = createContext<ColorModeApi>({ mode: 'dark', toggle: () => undefined });

/** Theme + CssBaseline for the chosen colour mode and the language's direction, with a toggle that is remembered in a cookie for a year. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ColorMode>(() => savedMode() ?? systemMode());
  const toggle = useCallback(() => {
    setMode((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      document.cookie = `${COLOR_MODE_COOKIE}=${next}; max-age=${COLOR_MODE_MAX_AGE_S}; path=/; samesite=lax`;
      return next;
    });
  }, []);
  const { language, dir } = useLanguage();
  const theme = useMemo(() => buildTheme(mode, dir, language), [mode, dir, language]);
  const api = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return (
    <ColorModeContext.Provider value={api}>
      <CacheProvider value={dir === 'rtl' ? (loadedRtlCache() ?? ltrCache) : ltrCache}>
        <ThemeProvider theme={theme}>
          <CssBaseline enableColorScheme />
          {children}
        </ThemeProvider>
      </CacheProvider>
    </ColorModeContext.Provider>
  );
}

/** The current colour mode and its toggle. */
export const useColorMode = () => useContext(ColorModeContext);
