import { createHash } from 'node:crypto';
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

interface PgConnection {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  /** pg's protocol connection; its socket is corked around a query (see `sendCorked`). */
  connection?: { stream?: { cork?: () => void; uncork?: () => void } };
}

/**
 * Sends a query's protocol messages (bind, describe, execute, sync) in one write: pg writes each
 * message separately, which costs a syscall and a wake-up of the Postgres backend per message. An
 * idle pg client writes the whole query synchronously inside `query()`, so corking around it is enough.
 */
function sendCorked(conn: PgConnection, config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> {
  const stream = conn.connection?.stream;
  if (!stream?.cork || !stream.uncork) return conn.query(config);
  stream.cork();
  try {
    return conn.query(config);
  } finally {
    stream.uncork();
  }
}

/** Postgres's "cached plan must not change result type": a migration changed a table under a prepared statement. */
const PLAN_RESULT_TYPE_CHANGED = '0A000';

/** Statement names by SQL text (a handful of hot queries, so the map stays tiny). */
const statementNames = new Map<string, string>();

/**
 * Runs a knex query as a named prepared statement on the pooled connection: Postgres plans it once
 * per connection instead of on every call. For the hot reads (the session behind every
 * authenticated request, a user's call plan source), planning cost 10× the execution (0.58 ms
 * against 0.06 ms for the session-and-profile join; docs/BENCHMARKS.md). The statement's name is
 * derived from its SQL, so two queries can never collide on a name. Only for queries whose SQL text
 * does not vary with their values (no `whereIn` of a varying list): one statement per text and connection.
 */
export async function runPrepared<T>(db: Knex, query: Knex.QueryBuilder | Knex.Raw): Promise<T[]> {
  const { sql, bindings } = query.toSQL().toNative();
  let name = statementNames.get(sql);
  if (!name) {
    name = `fajr_${createHash('sha1').update(sql).digest('base64url')}`;
    statementNames.set(sql, name);
  }
  const conn = (await db.client.acquireConnection()) as PgConnection;
  try {
    return (await sendCorked(conn, { name, text: sql, values: bindings as unknown[] })).rows as T[];
  } catch (err) {
    if ((err as { code?: string }).code !== PLAN_RESULT_TYPE_CHANGED) throw err;
    return (await sendCorked(conn, { text: sql, values: bindings as unknown[] })).rows as T[];
  } finally {
    await db.client.releaseConnection(conn);
  }
}
