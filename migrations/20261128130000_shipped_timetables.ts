import type { Knex } from 'knex';

// Published tables the product installs itself (JAKIM's e-Solat zones, Islamiska förbundet's cities:
// migrations/seeds/shipped-timetables.ts) and keeps current (the timetable upkeep Schedule): a zone's
// table serves every city of the zone, and a next year fetched from the authority is held here until
// it is validated against the method or an operator approves it (docs/PRAYER-TIMES.md "Shipped tables").
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('published_timetables', (t) => {
    t.text('zone_code')
      .nullable()
      .comment("The authority's zone the table is published for (JAKIM e-Solat: 'PLS01'); null = a city's table");
    t.boolean('shipped')
      .notNullable()
      .defaultTo(false)
      .comment('Installed by the product (seed) and kept current by the upkeep Schedule, not by an operator');
  });
  await knex.raw(
    'create unique index published_timetables_zone_uq on published_timetables (lower(authority), country_code, zone_code) where zone_code is not null',
  );
  await knex.schema.createTable('published_timetable_updates', (t) => {
    t.comment('A year of a published table fetched from the authority’s service, validated before it is used');
    t.uuid('id')
      .primary({ constraintName: 'published_timetable_updates_pk' })
      .defaultTo(knex.raw('gen_random_uuid()'))
      .comment('Update id (ops: timetable approve <id>)');
    t.uuid('timetable_id')
      .notNullable()
      .references('id')
      .inTable('published_timetables')
      .onDelete('CASCADE')
      .withKeyName('published_timetable_updates_timetable_fk')
      .comment('The table the year belongs to');
    t.integer('year').notNullable().comment('The calendar year fetched');
    t.text('status')
      .notNullable()
      .comment("'activated' (its days are in published_timetable_days) or 'held' (waits for an operator)");
    t.jsonb('days').notNullable().comment('The fetched days: [{ localDate, fajrAt, sunriseAt }] as instants');
    t.jsonb('problems')
      .notNullable()
      .defaultTo('[]')
      .comment('Days more than 3 minutes from the method, or rows the parser refused: why it is held');
    t.text('source').notNullable().comment('Where it was fetched from (service and date)');
    t.timestamp('fetched_at', { useTz: true }).notNullable().comment('When it was fetched');
    t.timestamp('decided_at', { useTz: true }).nullable().comment('When it was activated (by validation or operator)');
    t.unique(['timetable_id', 'year'], { indexName: 'published_timetable_updates_year_uq' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('published_timetable_updates');
  await knex.raw('drop index published_timetables_zone_uq');
  await knex.schema.alterTable('published_timetables', (t) => {
    t.dropColumn('shipped');
    t.dropColumn('zone_code');
  });
}
