import { z } from 'zod';
import { rawEnv } from './import-meta-env';

// Build-time settings (VITE_* variables), validated once; every default is the production value.
// The store listings and the FAQ have no default: unset (or empty), their badge or link is not shown.
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const schema = z.object({
  MODE: z.string().default('production'),
  VITE_API_BASE: z.string().default('/api'),
  VITE_APP_STORE_URL: optionalUrl,
  VITE_PLAY_STORE_URL: optionalUrl,
  VITE_FAQ_URL: optionalUrl,
  VITE_DEMO_VIDEO_ID: z
    .string()
    .regex(/^[\w-]{6,20}$/)
    .optional(),
  VITE_SUPPORT_EMAIL: z.email().default('support@fajr.app'),
});

const parsed = schema.safeParse(rawEnv);
if (!parsed.success) {
  throw new Error(
    `Invalid web configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
  );
}

/** The web app's validated configuration. */
export const env = parsed.data;

/** Whether at least one store listing is configured (else the pages offer web sign-up instead of badges). */
export const hasStoreListing = Boolean(env.VITE_APP_STORE_URL || env.VITE_PLAY_STORE_URL);
