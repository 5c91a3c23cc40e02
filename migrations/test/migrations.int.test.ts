import { createEmptyDatabase, type TestDatabase } from '../src/testing';
import { migrateLatest, migratorConfig, seed } from '../src/index';

describe('migrations', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createEmptyDatabase();
  });
  afterAll(() => db.drop());

  it('go up, all the way down, and up again, and seed twice without duplicates', async () => {
    await migrateLatest(db.knex);
    await seed(db.knex);
    await db.knex.migrate.rollback(migratorConfig, true);
    const { rows } = await db.knex.raw(
      "select table_name from information_schema.tables where table_schema = 'public' and table_name not like 'knex_%'",
    );
    expect(rows).toEqual([]);

    await migrateLatest(db.knex);
    await seed(db.knex);
    await seed(db.knex);
    const [row] = await db.knex('mosques').count<{ count: string }[]>('* as count');
    expect(Number(row?.count)).toBe(4);
    const defaults = await db.knex('prayer_calc_methods').where({ is_default: true });
    expect(defaults).toHaveLength(1);
  });

  it('comments every column of every table', async () => {
    await migrateLatest(db.knex);
    const { rows } = await db.knex.raw(`
      select c.relname as table_name, a.attname as column_name
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind = 'r' and c.relname not like 'knex_%'
        and col_description(c.oid, a.attnum) is null`);
    expect(rows).toEqual([]);
  });

  it('resolves a mosque jamaah local time in the mosque zone, across a DST change', async () => {
    await migrateLatest(db.knex);
    await seed(db.knex);
    const { rows } = await db.knex.raw(`
      select to_char(f.jamaah_at at time zone m.tz_name, 'HH24:MI') as local_time,
             to_char(f.local_date, 'MM-DD') as month_day
      from mosque_fajr_times f join mosques m on m.id = f.mosque_id
      where m.name = 'East London Mosque' limit 400`);
    expect(rows.length).toBeGreaterThan(300);
    for (const r of rows) expect(r.local_time).toMatch(/^0[1-7]:[0-5]\d$/);
  });
});
