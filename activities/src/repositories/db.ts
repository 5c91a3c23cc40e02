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

/** A statement's name, derived from its SQL: two queries can never collide on a name. */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `fajr_${createHash('sha1').update(sql).digest('base64url')}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** Runs a named statement on a pooled connection (Postgres plans it once per connection). */
async function execPrepared<T>(db: Knex, name: string, text: string, values: unknown[]): Promise<T[]> {
  const conn = (await db.client.acquireConnection()) as PgConnection;
  try {
    return (await sendCorked(conn, { name, text, values })).rows as T[];
  } catch (err) {
    if ((err as { code?: string }).code !== PLAN_RESULT_TYPE_CHANGED) throw err;
    return (await sendCorked(conn, { text, values })).rows as T[];
  } finally {
    await db.client.releaseConnection(conn);
  }
}

type Slot = { param: number } | { value: unknown };

/**
 * A hot read, run as a named prepared statement whose SQL knex builds only once.
 * - Prepared: Postgres plans it once per pooled connection instead of on every call. For the hot
 *   reads (the session behind every authenticated request, a user's call plan source) planning cost
 *   10× the execution (0.58 ms against 0.06 ms for the session-and-profile join; docs/BENCHMARKS.md).
 * - Built once: the first call runs `build` with stand-ins for the parameters and notes where each
 *   landed among the bindings; later calls only put their values there (knex's building was ~8 % of
 *   the API's CPU on the schedule read). So `build` must use its parameters only as values, never to
 *   shape the query (no `whereIn` of a varying list, no branching on them).
 */
export function preparedQuery<P extends unknown[], T>(
  build: (db: Knex, ...params: P) => Knex.QueryBuilder | Knex.Raw,
): (db: Knex, ...params: P) => Promise<T[]> {
  let compiled: { name: string; text: string; slots: Slot[] } | undefined;
  return async (db, ...params) => {
    if (!compiled) {
      const standIns = params.map((_, i) => `\u0000fajr-param-${i}\u0000`);
      const { sql, bindings } = build(db, ...(standIns as P)).toSQL().toNative();
      const slots = (bindings as unknown[]).map((b): Slot => {
        const i = typeof b === 'string' ? standIns.indexOf(b) : -1;
        return i >= 0 ? { param: i } : { value: b };
      });
      standIns.forEach((_, i) => {
        if (!slots.some((slot) => 'param' in slot && slot.param === i)) throw new Error(`preparedQuery: parameter ${i} is not used as a value of the query`);
      });
      compiled = { name: statementName(sql), text: sql, slots };
    }
    const values = compiled.slots.map((slot) => ('param' in slot ? params[slot.param] : slot.value));
    return execPrepared<T>(db, compiled.name, compiled.text, values);
  };
}
