import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Named prepared statements for the hot reads, the one place this code goes below knex's public API
 * (a pooled connection's own pg client, through `acquireConnection`, for pg's `name`d queries).
 * Each trick here has its test (activities/test/prepared-query.int.test.ts) and its measured gain
 * (bench/db-tricks.bench.ts, docs/BENCHMARKS.md).
 */

interface PgConnection {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/** Which tricks a query uses; the benchmark turns each off to measure it. */
export interface Tricks {
  /** Build the SQL with knex once, from stand-ins (`compileOnce`). */
  buildOnce: boolean;
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
async function execPrepared<T>(db: Knex, text: string, values: unknown[]): Promise<T[]> {
  const conn = (await db.client.acquireConnection()) as PgConnection;
  try {
    return (await conn.query({ name: statementName(text), text, values })).rows as T[];
  } catch (err) {
    if ((err as { code?: string }).code !== PLAN_RESULT_TYPE_CHANGED) throw err;
    return (await conn.query({ text, values })).rows as T[];
  } finally {
    await db.client.releaseConnection(conn);
  }
}

type Slot = { param: number } | { value: unknown };
type Build<P extends unknown[]> = (db: Knex, ...params: P) => Knex.QueryBuilder | Knex.Raw;

/**
 * A query's SQL built by knex once: the first call runs `build` with NUL-delimited stand-ins for the
 * parameters and notes where each landed among the bindings; later calls only put their values
 * there (knex's building was ~8 % of the API's CPU on the schedule read). So `build` must use its
 * parameters only as values, never to shape the query (no `whereIn` of a varying list, no branching).
 */
export function compileOnce<P extends unknown[]>(
  build: Build<P>,
): (db: Knex, params: P) => { text: string; values: unknown[] } {
  let compiled: { text: string; slots: Slot[] } | undefined;
  return (db, params) => {
    if (!compiled) {
      const standIns = params.map((_, i) => `\u0000fajr-param-${i}\u0000`);
      const { sql, bindings } = build(db, ...(standIns as P))
        .toSQL()
        .toNative();
      const slots = (bindings as unknown[]).map((b): Slot => {
        const i = typeof b === 'string' ? standIns.indexOf(b) : -1;
        return i >= 0 ? { param: i } : { value: b };
      });
      standIns.forEach((_, i) => {
        if (!slots.some((slot) => 'param' in slot && slot.param === i))
          throw new Error(`preparedQuery: parameter ${i} is not used as a value of the query`);
      });
      compiled = { text: sql, slots };
    }
    return {
      text: compiled.text,
      values: compiled.slots.map((slot) => ('param' in slot ? params[slot.param] : slot.value)),
    };
  };
}

/**
 * A hot read, run as a named prepared statement: Postgres plans it once per pooled connection instead
 * of on every call. For the hot reads (the session behind every authenticated request, a user's call
 * plan source) planning cost 10× the execution (0.58 ms against 0.06 ms for the session-and-profile
 * join; docs/BENCHMARKS.md). Its SQL is built once (`compileOnce`). (pg itself sends a query's
 * protocol messages in one write: it corks the socket around them.)
 */
export function preparedQuery<P extends unknown[], T>(
  build: Build<P>,
  tricks: Tricks = { buildOnce: true },
): (db: Knex, ...params: P) => Promise<T[]> {
  const compiled = compileOnce(build);
  return async (db, ...params) => {
    if (tricks.buildOnce) {
      const { text, values } = compiled(db, params);
      return execPrepared<T>(db, text, values);
    }
    const { sql, bindings } = build(db, ...params)
      .toSQL()
      .toNative();
    return execPrepared<T>(db, sql, bindings as unknown[]);
  };
}
