import type { Knex } from 'knex';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';

interface CounterRow {
  hits: number;
  reset_at: Date;
}

const info = (row: CounterRow | undefined): ClientRateLimitInfo | undefined =>
  row ? { totalHits: Number(row.hits), resetTime: new Date(row.reset_at) } : undefined;

/**
 * An express-rate-limit (and express-slow-down) store keeping one limiter's counters in Postgres,
 * table rate_limit_counters (migration 20261128100000), so every API process counts against the same
 * limits. Fixed windows on the database's clock: the first hit of a key opens a window of `windowMs`,
 * a hit after it ends opens the next. One instance per limiter (`limiter` names its rows).
 */
export class PostgresRateLimitStore implements Store {
  /** The counts live in Postgres, shared by every process. */
  localKeys = false;
  private windowMs = 60_000;
  private sweptAt = 0;

  constructor(
    private readonly db: Knex,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.db('rate_limit_counters')
      .where({ limiter: this.prefix, key })
      .andWhere('reset_at', '>', this.db.fn.now())
      .first('hits', 'reset_at');
    return info(row as CounterRow | undefined);
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    await this.sweep();
    // One statement, so concurrent hits from several processes never lose a count.
    const { rows } = await this.db.raw<{ rows: CounterRow[] }>(
      `insert into rate_limit_counters as c (limiter, key, hits, reset_at)
       values (?, ?, 1, now() + ? * interval '1 millisecond')
       on conflict (limiter, key) do update set
         hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
         reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
       returning hits, reset_at`,
      [this.prefix, key, this.windowMs],
    );
    return info(rows[0])!;
  }

  async decrement(key: string): Promise<void> {
    await this.db('rate_limit_counters')
      .where({ limiter: this.prefix, key })
      .andWhere('reset_at', '>', this.db.fn.now())
      .update({ hits: this.db.raw('greatest(hits - 1, 0)') });
  }

  async resetKey(key: string): Promise<void> {
    await this.db('rate_limit_counters').where({ limiter: this.prefix, key }).delete();
  }

  /** Deletes this limiter's ended windows, at most once a window per process, so the table stays small. */
  private async sweep(): Promise<void> {
    if (Date.now() - this.sweptAt < this.windowMs) return;
    this.sweptAt = Date.now();
    await this.db('rate_limit_counters')
      .where({ limiter: this.prefix })
      .andWhere('reset_at', '<=', this.db.fn.now())
      .delete();
  }
}
