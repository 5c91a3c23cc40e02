import { createDb, type Knex } from '@fajr/activities';
import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import type { Options } from 'express-rate-limit';
import { PostgresRateLimitStore } from '../src/middleware/rate-limit-store';

/** The rate-limit store on real Postgres: the counters every API process shares. */
describe('PostgresRateLimitStore', () => {
  let tdb: TestDatabase;
  let other: Knex;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    // Another process's pool on the same database.
    other = createDb(tdb.url);
  });
  afterAll(async () => {
    await other?.destroy();
    await tdb?.drop();
  });

  const store = (db: Knex, limiter: string, windowMs = 60_000) => {
    const s = new PostgresRateLimitStore(db, limiter);
    s.init({ windowMs } as Options);
    return s;
  };

  it('when hits come through two pools at once, then every hit is counted once, in one window', async () => {
    const [a, b] = [store(tdb.knex, 'probe:ip'), store(other, 'probe:ip')];
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).increment('10.0.0.0/56')));
    expect(results.map((r) => r.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.resetTime!.getTime())).size).toBe(1);
    expect(await b.get('10.0.0.0/56')).toMatchObject({ totalHits: 40 });
  });

  it('when a hit is taken back or the key reset, then the count follows; limiters and keys count apart', async () => {
    const s = store(tdb.knex, 'probe:account');
    await s.increment('user:1');
    await s.increment('user:1');
    await s.decrement('user:1');
    expect(await s.get('user:1')).toMatchObject({ totalHits: 1 });
    await store(tdb.knex, 'probe:daily').increment('user:1');
    await s.increment('user:2');
    await s.resetKey('user:1');
    expect(await s.get('user:1')).toBeUndefined();
    expect(await s.get('user:2')).toMatchObject({ totalHits: 1 });
    expect(await store(tdb.knex, 'probe:daily').get('user:1')).toMatchObject({ totalHits: 1 });
  });

  it('when the window has ended, then the next hit starts a new one at 1, and ended windows are swept', async () => {
    const s = store(tdb.knex, 'probe:short', 300);
    const first = await s.increment('k');
    expect((await s.increment('k')).totalHits).toBe(2);
    await new Promise((r) => setTimeout(r, 400));
    expect(await s.get('k')).toBeUndefined();
    await store(tdb.knex, 'probe:short', 300).increment('gone');
    await new Promise((r) => setTimeout(r, 400));
    const next = await s.increment('k');
    expect(next.totalHits).toBe(1);
    expect(next.resetTime!.getTime()).toBeGreaterThan(first.resetTime!.getTime());
    expect(await tdb.knex('rate_limit_counters').where({ limiter: 'probe:short' }).pluck('key')).toEqual(['k']);
  });
});
