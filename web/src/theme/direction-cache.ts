import createCache, { type EmotionCache } from '@emotion/cache';

// MUI's right-to-left recipe: styles written left-to-right are flipped by a stylis plugin in their own
// cache, so Arabic and Urdu mirror the whole app (portals and drawers included) without per-component code.
// The flipping code is loaded only for a right-to-left language (before it is shown: i18n's showLanguage).
export const ltrCache = createCache({ key: 'mui' });
let rtlCache: EmotionCache | null = null;

/** The right-to-left cache once loaded (null before: showLanguage loads it before it shows Arabic or Urdu). */
export const loadedRtlCache = (): EmotionCache | null => rtlCache;

export async function loadRtlCache(): Promise<EmotionCache> {
  if (!rtlCache) {
    const [{ default: rtlPlugin }, { prefixer }] = await Promise.all([
      import('@mui/stylis-plugin-rtl'),
      import('stylis'),
    ]);
    rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
  }
  return rtlCache;
}
