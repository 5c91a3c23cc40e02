import type { Knex } from 'knex';

// Authorities that publish tables rather than a method (Islamiska förbundet in Sweden, many northern
// cities): operators import an authority's timetable for a place (`npm run ops -- timetable import`),
// and a home user at that place may choose it instead of a calculation method. The planner then
// uses its Fajr exactly and reports a date the table lacks, never a computed time
// (docs/PRAYER-TIMES.md "Published timetables").
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('published_timetables', (t) => {
    t.comment('Prayer timetable an authority published for one place, imported by an operator');
    t.uuid('id')
      .primary({ constraintName: 'published_timetables_pk' })
      .defaultTo(knex.raw('gen_random_uuid()'))
      .comment('Timetable id (stored in preferences.prayer_timetable_id)');
    t.text('authority').notNullable().comment("The publishing authority as users know it, e.g. 'Islamiska förbundet'");
    t.text('country_code').notNullable().comment('ISO 3166-1 alpha-2 country code of the place');
    t.text('city_name')
      .notNullable()
      .comment(
        'The place, as the cities catalogue names it: offered to users whose city has this name in this country',
      );
    t.double('lat').notNullable().comment('Latitude of the place in degrees');
    t.double('lng').notNullable().comment('Longitude of the place in degrees');
    t.text('tz_name').notNullable().comment('IANA time zone the local times of the table are read in');
    t.text('source').nullable().comment('Where the operator took the table from (URL, date), shown as its reference');
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the timetable was first imported');
    t.timestamp('updated_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When days were last imported');
  });
  await knex.raw(
    'create unique index published_timetables_place_uq on published_timetables (lower(authority), country_code, lower(city_name))',
  );
  await knex.schema.createTable('published_timetable_days', (t) => {
    t.comment('One date of a published timetable: Fajr and sunrise as the authority published them');
    t.uuid('timetable_id')
      .notNullable()
      .references('id')
      .inTable('published_timetables')
      .onDelete('CASCADE')
      .withKeyName('published_timetable_days_timetable_fk')
      .comment('The timetable');
    t.date('local_date').notNullable().comment('The date in the time zone of the timetable');
    t.timestamp('fajr_at', { useTz: true })
      .notNullable()
      .comment('Published Fajr start (local time resolved in the zone)');
    t.timestamp('sunrise_at', { useTz: true }).nullable().comment('Published sunrise, when the table has one');
    t.primary(['timetable_id', 'local_date'], { constraintName: 'published_timetable_days_pk' });
  });
  await knex.schema.alterTable('preferences', (t) => {
    t.uuid('prayer_timetable_id')
      .nullable()
      .references('id')
      .inTable('published_timetables')
      .onDelete('SET NULL')
      .withKeyName('preferences_prayer_timetable_fk')
      .comment('A published timetable chosen instead of the calculation method (home users); null = the method');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('preferences', (t) => {
    t.dropForeign('prayer_timetable_id', 'preferences_prayer_timetable_fk');
    t.dropColumn('prayer_timetable_id');
  });
  await knex.schema.dropTable('published_timetable_days');
  await knex.schema.dropTable('published_timetables');
}
