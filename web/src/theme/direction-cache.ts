import createCache from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { prefixer } from 'stylis';

// MUI's right-to-left recipe: styles written left-to-right are flipped by a stylis plugin in their own
// cache, so Arabic and Urdu mirror the whole app (portals and drawers included) without per-component code.
export const ltrCache = createCache({ key: 'mui' });
export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
