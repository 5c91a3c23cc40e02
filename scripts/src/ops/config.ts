import type { SharedConfig } from '@fajr/activities';

/**
 * The providers' configuration as the API and worker read it (EMAIL_PROVIDER, SMTP_URL, EMAIL_FROM, …),
 * for `ops morning --email`. The activities package is loaded on demand: the other commands do not need it.
 */
export async function loadProvidersConfig(
  databaseUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SharedConfig> {
  const { parseConfig, sharedConfigSchema } = await import('@fajr/activities');
  return parseConfig(sharedConfigSchema, { ...env, DATABASE_URL: databaseUrl });
}
