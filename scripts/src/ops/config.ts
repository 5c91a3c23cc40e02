import { parseConfig, sharedConfigSchema, type SharedConfig } from '@fajr/activities';

/** The providers' configuration as the API and worker read it (EMAIL_PROVIDER, SMTP_URL, EMAIL_FROM, …), for `ops morning --email`. */
export function loadProvidersConfig(databaseUrl: string, env: NodeJS.ProcessEnv = process.env): SharedConfig {
  return parseConfig(sharedConfigSchema, { ...env, DATABASE_URL: databaseUrl });
}
