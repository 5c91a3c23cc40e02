import type { Knex } from 'knex';
import type { SharedConfig } from './config';
import type { Logger } from './logger';
import type { Providers } from './adapters/types';

/** What domain code, repositories and activities need; built once per process by its composition root. */
export interface Deps {
  config: SharedConfig;
  db: Knex;
  logger: Logger;
  providers: Providers;
  /** The current instant; tests may pin it. */
  now: () => Date;
}
