import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('preferences', (t) => {
    t.comment('Fajr call preferences of a user; one row per user');
    t.uuid('user_id')
      .primary({ constraintName: 'preferences_pk' })
      .references('id')
      .inTable('users')
      .onDelete('CASCADE')
      .withKeyName('preferences_user_id_fk')
      .comment('The user');
    t.text('country_name').nullable().comment('Country of the chosen city');
    t.text('country_code').nullable().comment('ISO 3166-1 alpha-2 code of the chosen city');
    t.text('city_name').nullable().comment('Chosen city (Fajr is calculated for it); null = no place set yet');
    t.double('lat').nullable().comment('Latitude of the chosen city in degrees');
    t.double('lng').nullable().comment('Longitude of the chosen city in degrees');
    t.text('tz_name')
      .nullable()
      .comment('IANA time zone of the chosen city; every local date of the user is computed in it');
    t.text('prayer_calc_method')
      .notNullable()
      .references('name')
      .inTable('prayer_calc_methods')
      .withKeyName('preferences_prayer_calc_method_fk')
      .comment('Fajr calculation method');
    t.text('prayer_calc_hlat')
      .notNullable()
      .references('name')
      .inTable('prayer_calc_high_lats')
      .withKeyName('preferences_prayer_calc_hlat_fk')
      .comment('High-latitude rule');
    t.uuid('mosque_id')
      .nullable()
      .references('id')
      .inTable('mosques')
      .onDelete('SET NULL')
      .withKeyName('preferences_mosque_id_fk')
      .comment('Mosque whose jamaah the user is called for; null = pray at home');
    t.boolean('allow_calls').notNullable().defaultTo(true).comment('Daily Fajr calls on or off');
    t.text('fajr_adhaan_id')
      .notNullable()
      .defaultTo('Default')
      .references('title')
      .inTable('adhaans')
      .withKeyName('preferences_fajr_adhaan_id_fk')
      .comment('Adhaan played in the call (Plus)');
    t.text('fajr_call_time_pref')
      .notNullable()
      .defaultTo('As soon as Fajr starts')
      .references('title')
      .inTable('call_time_prefs')
      .withKeyName('preferences_fajr_call_time_pref_fk')
      .comment('When relative to Fajr a home user is called (Plus)');
    t.boolean('allow_repeat_calls')
      .notNullable()
      .defaultTo(false)
      .comment('Repeat an unanswered call 10 minutes later (Premium)');
    t.timestamp('updated_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the preferences last changed');
    t.index(['mosque_id'], 'preferences_mosque_id_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('preferences');
}
