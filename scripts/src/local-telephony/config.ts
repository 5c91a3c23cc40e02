import { z } from 'zod';
import { checkSharedConfig, parseConfig, sharedConfigSchema } from '@fajr/activities';

/** The local telephony server's settings: the shared ones (it places calls as the worker would), and its own. */
const schema = sharedConfigSchema.extend({
  /** The port it listens on (loopback only: it has no authentication); the worker's LOCAL_TELEPHONY_URL names it. */
  LOCAL_TELEPHONY_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  /** Postgres connections of its own pool (the simulation's look-ups and queue rows). */
  LOCAL_TELEPHONY_DB_POOL_MAX: z.coerce.number().int().min(1).default(10),
});

export type LocalTelephonyServerConfig = z.infer<typeof schema>;

/** Reads and validates the server's configuration once; throws naming every bad variable. */
export function loadLocalTelephonyServerConfig(
  env: Record<string, string | undefined> = process.env,
): LocalTelephonyServerConfig {
  return parseConfig(schema, env, checkSharedConfig);
}
