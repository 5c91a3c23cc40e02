import type { Knex } from 'knex';

// Issue 46 point 7, near misses (docs/BENCHMARKS-PRODUCT.md, "Mosque search"): a text with a typo and no
// "contains" match ("masjid al-hoda", "londn") fell to `%` ranked by similarity(), which through the GIN
// index rechecked every name sharing a trigram with it (82-100 ms of Postgres CPU over 50,000 mosques for
// the longer texts) and found nothing at all below its 0.3 threshold ("khadeeja", "londn" once the city
// is in the text). A GiST trigram index can hand the rows out most similar first (`order by search_text
// <-> text limit n`): a sensible first result for every such text at 17-26 ms of CPU, and it stops at n.
// It is built on the expression search_text is generated from, not on the column: on the column the planner
// also chose it for "contains" (LIKE on search_text) over the GIN index, at 4 times the cost (measured).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create index mosques_search_text_gist_idx on mosques using gist ((lower(name || ' ' || city_name)) gist_trgm_ops);
    comment on index mosques_search_text_gist_idx is 'Search by name and city, near misses: the mosques most similar to a typed text first (order by lower(name || '' '' || city_name) <-> text), for texts no name contains. On the expression, not search_text, so that LIKE on search_text keeps the GIN index';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index mosques_search_text_gist_idx');
}
