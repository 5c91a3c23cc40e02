import type { Knex } from 'knex';

// Issue 46 point 6: finding a mosque among tens of thousands, by name and city (trigram index) or near a
// point (latitude/longitude index), and a public page per mosque at /mosques/:slug.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create extension if not exists pg_trgm;
    alter table mosques add column slug text;
    -- Filled on insert by whoever adds a mosque (an operator, a registration, a seed): name and city, a short id.
    create function mosques_fill_slug() returns trigger language plpgsql as $fn$
    begin
      if new.slug is null then
        new.slug := coalesce(nullif(trim(both '-' from regexp_replace(lower(new.name || '-' || new.city_name), '[^a-z0-9]+', '-', 'g')), ''), 'mosque')
          || '-' || left(new.id::text, 6);
      end if;
      return new;
    end $fn$;
    create trigger mosques_fill_slug before insert on mosques for each row execute function mosques_fill_slug();
    update mosques set slug = coalesce(nullif(trim(both '-' from regexp_replace(lower(name || '-' || city_name), '[^a-z0-9]+', '-', 'g')), ''), 'mosque')
      || '-' || left(id::text, 6);
    alter table mosques alter column slug set not null;
    alter table mosques add constraint mosques_slug_uq unique (slug);
    comment on column mosques.slug is 'The public page''s address: /mosques/<slug> (name and city in Latin letters, and a short id)';
    create index mosques_search_trgm_idx on mosques using gin (lower(name || ' ' || city_name) gin_trgm_ops);
    create index mosques_position_idx on mosques (lat, lng);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index mosques_position_idx;
    drop index mosques_search_trgm_idx;
    drop trigger mosques_fill_slug on mosques;
    drop function mosques_fill_slug();
    alter table mosques drop column slug;
  `);
}
