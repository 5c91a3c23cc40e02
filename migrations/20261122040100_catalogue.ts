import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('prayer_calc_methods', (t) => {
    t.comment('Fajr calculation methods offered in settings (names match the adhan library)');
    t.text('name').primary({ constraintName: 'prayer_calc_methods_pk' }).comment('Method name, e.g. MuslimWorldLeague');
    t.text('label').notNullable().comment('Human-readable name');
    t.text('description').notNullable().comment('What the method is, shown as explanatory text');
    t.boolean('is_default')
      .notNullable()
      .defaultTo(false)
      .comment('The method preselected for new users (exactly one)');
    t.integer('sort_order').notNullable().defaultTo(0).comment('Display order');
  });
  await knex.schema.createTable('prayer_calc_high_lats', (t) => {
    t.comment('High-latitude rules offered in settings (names match the adhan library)');
    t.text('name').primary({ constraintName: 'prayer_calc_high_lats_pk' }).comment('Rule name, e.g. MiddleOfTheNight');
    t.text('label').notNullable().comment('Human-readable name');
    t.text('description').notNullable().comment('What the rule does');
    t.boolean('is_default').notNullable().defaultTo(false).comment('The rule preselected for new users (exactly one)');
    t.integer('sort_order').notNullable().defaultTo(0).comment('Display order');
  });
  await knex.schema.createTable('adhaans', (t) => {
    t.comment('Adhaan recordings a call can play; the title is the id the API and users refer to');
    t.text('title').primary({ constraintName: 'adhaans_pk' }).comment("Adhaan title and id, e.g. 'Default'");
    t.text('audio_url').notNullable().comment('URL of the audio file (absolute, or a path served by the API)');
    t.integer('sort_order').notNullable().defaultTo(0).comment('Display order');
  });
  await knex.schema.createTable('call_time_prefs', (t) => {
    t.comment('When, relative to Fajr, a home user is called');
    t.text('title')
      .primary({ constraintName: 'call_time_prefs_pk' })
      .comment("Preference title and id, e.g. 'As soon as Fajr starts'");
    t.integer('offset_minutes')
      .notNullable()
      .comment('Minutes after the start of Fajr at which the call is placed (0 = at Fajr)');
    t.integer('sort_order').notNullable().defaultTo(0).comment('Display order');
  });
  await knex.schema.createTable('mosques', (t) => {
    t.comment('Mosques whose Fajr jamaah timetable users can be called for');
    t.uuid('id')
      .primary({ constraintName: 'mosques_pk' })
      .defaultTo(knex.raw('gen_random_uuid()'))
      .comment('Mosque id');
    t.text('name').notNullable().comment('Mosque name');
    t.text('address').notNullable().comment('Postal address shown under the selector');
    t.text('country_code').notNullable().comment('ISO 3166-1 alpha-2 country code');
    t.text('city_name').notNullable().comment('City the mosque is in');
    t.double('lat').notNullable().comment('Latitude in degrees');
    t.double('lng').notNullable().comment('Longitude in degrees');
    t.text('tz_name').notNullable().comment('IANA time zone of the mosque; timetable local times are read in it');
    t.boolean('is_active')
      .notNullable()
      .defaultTo(true)
      .comment('Offered to users (inactive mosques keep their history)');
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the mosque was added');
    t.timestamp('updated_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the mosque row last changed');
    t.unique(['name', 'city_name'], { indexName: 'mosques_name_city_uq' });
  });
  await knex.schema.createTable('mosque_fajr_times', (t) => {
    t.comment('Fajr jamaah time of a mosque per local date');
    t.uuid('mosque_id')
      .notNullable()
      .references('id')
      .inTable('mosques')
      .onDelete('CASCADE')
      .withKeyName('mosque_fajr_times_mosque_id_fk')
      .comment('The mosque');
    t.date('local_date').notNullable().comment("The date in the mosque's time zone");
    t.timestamp('jamaah_at', { useTz: true })
      .notNullable()
      .comment('The Fajr jamaah instant (local time resolved in the mosque zone)');
    t.primary(['mosque_id', 'local_date'], { constraintName: 'mosque_fajr_times_pk' });
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'mosque_fajr_times',
    'mosques',
    'call_time_prefs',
    'adhaans',
    'prayer_calc_high_lats',
    'prayer_calc_methods',
  ]) {
    await knex.schema.dropTable(table);
  }
}
