import { checkSharedConfig, parseConfig, sharedConfigSchema } from '@fajr/activities';
import { z } from 'zod';

const schema = sharedConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Comma-separated origins allowed by CORS (the web app's origin in development). */
  CORS_ORIGINS: z
    .string()
    .default('http://localhost:5173,http://127.0.0.1:5173')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  /** Directory of the built web app to serve (production). */
  WEB_DIST_DIR: z.string().optional(),
  /** Off only in tests that must not be throttled. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Where a new support chat message is announced by e-mail (through EMAIL_PROVIDER); none when unset. */
  SUPPORT_EMAIL: z.email().optional(),
});

export type ApiConfig = z.infer<typeof schema>;

/** Reads and validates the API's configuration once; throws naming every bad variable. */
export function loadApiConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  return parseConfig(schema, env, checkSharedConfig);
}
