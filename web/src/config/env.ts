import { z } from 'zod';
import { rawEnv } from './import-meta-env';

// Build-time settings (VITE_* variables), validated once; every default is the production value.
const schema = z.object({
  MODE: z.string().default('production'),
  VITE_API_BASE: z.string().default('/api'),
  VITE_APP_STORE_URL: z.url().default('https://apps.apple.com/app/fajr-wake-up-call/id0000000000'),
  VITE_PLAY_STORE_URL: z.url().default('https://play.google.com/store/apps/details?id=app.fajr.wakeup'),
  VITE_FAQ_URL: z.url().default('https://help.fajr.app/faq'),
  VITE_DEMO_VIDEO_ID: z.string().regex(/^[\w-]{6,20}$/).optional(),
  VITE_SUPPORT_EMAIL: z.email().default('support@fajr.app'),
});

const parsed = schema.safeParse(rawEnv);
if (!parsed.success) {
  throw new Error(`Invalid web configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
}

/** The web app's validated configuration. */
export const env = parsed.data;
