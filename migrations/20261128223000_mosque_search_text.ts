import type { Knex } from 'knex';

// Issue 46 point 7: search p99 under 50 ms over 50,000 mosques (docs/BENCHMARKS-PRODUCT.md, "Mosque search").
// `explain analyze` showed the tail: with a LIMIT, Postgres chose a sequential scan whenever its sampled
// estimate promised enough matches early ("bradford 3": 43,000 rows read, lower() of name and city computed
// for each, 25-120 ms), and every index recheck computed lower() again. The searched text is now stored
// once per mosque, and the candidates are read through its trigram index only.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table mosques add column search_text text generated always as (lower(name || ' ' || city_name)) stored;
    comment on column mosques.search_text is 'Name and city in lower case, as a search by name and city matches them (trigram index); kept by Postgres from name and city_name';
    create index mosques_search_text_trgm_idx on mosques using gin (search_text gin_trgm_ops) with (fastupdate = off);
    comment on index mosques_search_text_trgm_idx is 'Search by name and city: "contains" (LIKE) and near misses (%, similarity) over search_text. Without a pending list (fastupdate off): mosques are rarely written, and every search would scan the list of recent ones';
    drop index mosques_search_trgm_idx;

    -- A function, so that the planner setting below holds for this one statement and no other query.
    create function mosques_containing(pattern text, n int) returns setof mosques language sql stable
      set enable_seqscan = off
      as $fn$ select * from mosques where is_active and search_text like pattern limit n $fn$;
    comment on function mosques_containing(text, int) is 'Up to n active mosques whose search_text is LIKE pattern, read through the trigram index: with a LIMIT the planner otherwise picks a sequential scan on a sampled estimate that can read the whole table for a rare text';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop function mosques_containing(text, int);
    create index mosques_search_trgm_idx on mosques using gin (lower(name || ' ' || city_name) gin_trgm_ops);
    drop index mosques_search_text_trgm_idx;
    alter table mosques drop column search_text;
  `);
}
