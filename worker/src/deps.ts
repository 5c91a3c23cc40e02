import { createDb, createLogger, createProviders, type Deps } from '@fajr/activities';
import type { WorkerConfig } from './config';

/** Builds the worker's dependencies once: one knex pool, one set of provider clients. */
export function createWorkerDeps(config: WorkerConfig): Deps {
  const logger = createLogger('worker', config.LOG_LEVEL);
  const db = createDb(config.DATABASE_URL, { min: 0, max: config.WORKER_DB_POOL_MAX });
  return { config, db, logger, providers: createProviders(config, db, logger), now: () => new Date() };
}
