import { createTheme, type Theme } from '@mui/material';

export type ColorMode = 'light' | 'dark';

/** The app's MUI theme for a colour mode; colours chosen for WCAG AA contrast in both modes. */
export function buildTheme(mode: ColorMode): Theme {
  return createTheme({
    palette: {
      mode,
      primary: mode === 'dark' ? { main: '#8ab4f8' } : { main: '#1a4d8f' },
      secondary: mode === 'dark' ? { main: '#f6c177' } : { main: '#8a4b08' },
      success: mode === 'dark' ? { main: '#66bb6a' } : { main: '#1b5e20' },
      error: mode === 'dark' ? { main: '#f28b82' } : { main: '#b3261e' },
      background: mode === 'dark' ? { default: '#0f1420', paper: '#171e2e' } : { default: '#f7f8fb', paper: '#ffffff' },
    },
    shape: { borderRadius: 10 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
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
