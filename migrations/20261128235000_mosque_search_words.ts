import type { Knex } from 'knex';

// Issue 46 point 7, typos (docs/BENCHMARKS-PRODUCT.md, "Mosque search"): the nearest names through the GiST
// index (migration 20261128234000) read the whole index for each typo, since a node's signature of ~50
// names and cities has nearly every trigram: 17-26 ms of Postgres CPU a search, p99 210 ms at 4
// connections. The words mosques are named with are few (a word per name, city or place, not per mosque):
// a typed word no name has ("londn") is matched against them instead (pg_trgm's own advice for spelling
// suggestions), and the text with its words corrected goes through "contains" and the GIN index.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table mosque_search_words (word text primary key);
    comment on table mosque_search_words is 'Every word (split at spaces, no bare numbers) of the mosques'' search_text: the vocabulary a typed word with a typo is corrected to. Added by triggers on mosques; a word no mosque has any more stays (it then matches nothing)';
    comment on column mosque_search_words.word is 'One word of a mosque''s name or city, in lower case as search_text has it';
    create index mosque_search_words_trgm_idx on mosque_search_words using gist (word gist_trgm_ops);

    create function mosque_search_words_add() returns trigger language plpgsql as $fn$
    begin
      insert into mosque_search_words (word)
        select distinct w from changed, regexp_split_to_table(changed.search_text, '\\s+') as w
        where w <> '' and w !~ '^[0-9]+$'
      on conflict do nothing;
      return null;
    end $fn$;
    comment on function mosque_search_words_add() is 'Adds the words of inserted or renamed mosques to mosque_search_words (one statement per statement, not per row)';
    -- Transition tables allow one event per trigger: one for inserts, one for updates.
    create trigger mosques_search_words_insert after insert on mosques
      referencing new table as changed for each statement execute function mosque_search_words_add();
    create trigger mosques_search_words_update after update on mosques
      referencing new table as changed for each statement execute function mosque_search_words_add();

    insert into mosque_search_words (word)
      select distinct w from mosques, regexp_split_to_table(search_text, '\\s+') as w
      where w <> '' and w !~ '^[0-9]+$'
    on conflict do nothing;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop trigger mosques_search_words_update on mosques;
    drop trigger mosques_search_words_insert on mosques;
    drop function mosque_search_words_add();
    drop table mosque_search_words;
  `);
}
