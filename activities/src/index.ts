import type { Deps } from './deps';

/**
 * Builds every Temporal activity from injected dependencies (the worker passes real ones, tests
 * pass their own). Each domain contributes its activities here.
 */
export function createActivities(deps: Deps) {
  void deps;
  return {};
}

export type Activities = ReturnType<typeof createActivities>;
export type { Deps } from './deps';
export { createProviders, type Providers } from './adapters';
export { sharedConfigSchema, checkSharedConfig, parseConfig, ConfigError, type SharedConfig } from './config';
export { createLogger, type Logger } from './logger';
export { createDb } from './repositories/db';
