import { checkSharedConfig, parseConfig, sharedConfigSchema } from '@fajr/activities';
import { z } from 'zod';

const schema = sharedConfigSchema.extend({
  // Bounded so 10,000 sleeping users' workflows fit in memory; evicted ones replay on demand.
  WORKER_MAX_CACHED_WORKFLOWS: z.coerce.number().int().min(0).default(500),
  // Armed calls wait inside their activity until the planned instant, so many run at once.
  WORKER_MAX_CONCURRENT_ACTIVITIES: z.coerce.number().int().min(1).default(2000),
  WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: z.coerce.number().int().min(1).default(100),
  // Postgres connections of the worker's knex pool: a burst's dials queue on it (each dial ~4 queries).
  WORKER_DB_POOL_MAX: z.coerce.number().int().min(1).default(20),
});

export type WorkerConfig = z.infer<typeof schema>;

/** Reads and validates the worker's configuration once; throws naming every bad variable. */
export function loadWorkerConfig(env: Record<string, string | undefined> = process.env): WorkerConfig {
  return parseConfig(schema, env, checkSharedConfig);
}
