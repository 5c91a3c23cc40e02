import { createTheme, type Theme } from '@mui/material';

export type ColorMode = 'light' | 'dark';

const SYSTEM_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
/**
 * Scripts the system-ui stack renders poorly on some phones get their own fonts first: Urdu in Nastaliq
 * where the phone has it (iOS and Android ship Noto Nastaliq Urdu), Arabic in Naskh, Bengali in a Bengali face.
 */
const SCRIPT_FONTS: Record<string, string> = {
  ar: '"Noto Naskh Arabic", "Noto Sans Arabic", "Geeza Pro", Tahoma, ',
  ur: '"Noto Nastaliq Urdu", "Jameel Noori Nastaleeq", "Urdu Typesetting", "Noto Naskh Arabic", Tahoma, ',
  bn: '"Noto Sans Bengali", "Hind Siliguri", "Kohinoor Bangla", Vrinda, ',
};

/** Nastaliq stacks its letters diagonally and tall: Urdu lines (headings too) get more room than Latin ones. */
const NASTALIQ_LINES = {
  body1: { lineHeight: 2 },
  body2: { lineHeight: 1.9 },
  button: { lineHeight: 2 },
  ...Object.fromEntries(
    ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'subtitle1', 'subtitle2'].map((v) => [v, { lineHeight: 1.9 }]),
  ),
};

/**
 * The app's MUI theme for a colour mode, a direction and a language's script; colours chosen for WCAG AA
 * contrast in both modes.
 */
export function buildTheme(mode: ColorMode, direction: 'ltr' | 'rtl' = 'ltr', language = 'en'): Theme {
  return createTheme({
    direction,
    palette: {
      mode,
      primary: mode === 'dark' ? { main: '#8ab4f8' } : { main: '#1a4d8f' },
      secondary: mode === 'dark' ? { main: '#f6c177' } : { main: '#8a4b08' },
      success: mode === 'dark' ? { main: '#66bb6a' } : { main: '#1b5e20' },
      error: mode === 'dark' ? { main: '#f28b82' } : { main: '#b3261e' },
      background: mode === 'dark' ? { default: '#0f1420', paper: '#171e2e' } : { default: '#f7f8fb', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: `${SCRIPT_FONTS[language] ?? ''}${SYSTEM_FONTS}`,
      ...(language === 'ur' && NASTALIQ_LINES),
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
      },
      MuiLink: { defaultProps: { underline: 'always' } },
      // Long options (an authority's full name, a polar-night convention, a mosque) wrap on a phone instead of being cut off.
      MuiMenuItem: { styleOverrides: { root: { whiteSpace: 'normal' } } },
    },
  });
}
