import { createTestDatabase, type TestDatabase } from '@fajr/migrations/testing';
import { createDb } from '../src/repositories/db';
import { preparedQuery } from '../src/repositories/prepared-query';

describe('preparedQuery (real Postgres)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.knex.schema.createTable('prepared_probe', (t) => {
      t.integer('n').notNullable();
      t.text('label').notNullable();
      t.timestamp('at', { useTz: true }).notNullable();
    });
    await db.knex('prepared_probe').insert([
      { n: 1, label: 'one', at: new Date('2026-01-01T00:00:00Z') },
      { n: 2, label: 'two', at: new Date('2026-06-01T00:00:00Z') },
      { n: 3, label: 'three', at: new Date('2026-12-01T00:00:00Z') },
    ]);
  });
  afterAll(async () => {
    await db?.drop();
  });

  // Constants of the query (the 'x' and the limit) sit among its bindings between the parameters.
  const between = preparedQuery<[after: Date, maxN: number], { n: number }>((k, after, maxN) =>
    k('prepared_probe')
      .where('at', '>', after)
      .whereNot('label', 'x')
      .where('n', '<=', maxN)
      .orderBy('n')
      .limit(2)
      .select('n'),
  );

  it('when called again with other values, then each call answers for its own values', async () => {
    expect(await between(db.knex, new Date('2025-12-31T00:00:00Z'), 3)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await between(db.knex, new Date('2026-02-01T00:00:00Z'), 3)).toEqual([{ n: 2 }, { n: 3 }]);
    expect(await between(db.knex, new Date('2026-02-01T00:00:00Z'), 2)).toEqual([{ n: 2 }]);
    expect(await between(db.knex, new Date('2027-01-01T00:00:00Z'), 3)).toEqual([]);
  });

  it('when many calls run at once on the pool, then none gets another call’s rows', async () => {
    const byN = preparedQuery<[n: number], { label: string }>((k, n) =>
      k('prepared_probe').where({ n }).select('label'),
    );
    const ns = Array.from({ length: 60 }, (_, i) => (i % 3) + 1);
    const labels = await Promise.all(ns.map((n) => byN(db.knex, n)));
    expect(labels.map((rows) => rows[0]!.label)).toEqual(ns.map((n) => ['one', 'two', 'three'][n - 1]));
  });

  it('when called, then the statement is prepared on the connection under a name, and planned once there', async () => {
    // One connection, so the statements prepared on it are the ones this test made.
    const one = createDb(db.url, { min: 1, max: 1 });
    try {
      const byLabel = preparedQuery<[label: string], { n: number }>((k, label) =>
        k('prepared_probe').where({ label }).select('n'),
      );
      expect(await byLabel(one, 'two')).toEqual([{ n: 2 }]);
      expect(await byLabel(one, 'three')).toEqual([{ n: 3 }]);
      const prepared = await one.raw<{ rows: { name: string; statement: string }[] }>(
        'select name, statement from pg_prepared_statements',
      );
      expect(prepared.rows).toEqual([
        { name: expect.stringMatching(/^fajr_/), statement: expect.stringContaining('"prepared_probe"') },
      ]);
    } finally {
      await one.destroy();
    }
  });

  it('when the builder does not use a parameter as a value, then the first call says so', async () => {
    const unused = preparedQuery<[n: number], { n: number }>((k) => k('prepared_probe').select('n'));
    await expect(unused(db.knex, 1)).rejects.toThrow('parameter 0 is not used as a value');
  });
});
