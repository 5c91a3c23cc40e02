import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

export type { Knex };

// Return Postgres `date` columns as 'YYYY-MM-DD' strings: a local date has no instant, and
// turning it into a JS Date would shift it by the process's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// bigint counts and ids as numbers (they stay far below 2^53 here).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** The process's knex instance (construct once per process). */
export function createDb(databaseUrl: string, pool: Knex.PoolConfig = { min: 0, max: 10 }): Knex {
  return knexFactory({ client: 'pg', connection: databaseUrl, pool });
}

// The hot reads' named prepared statements live in their own module (the tricks below knex's API).
export { preparedQuery } from './prepared-query';
