import type { Knex } from 'knex';

// Issue 47 point 2: call time preferences counted back from sunrise ("30 minutes before sunrise") beside
// SPEC's five counted on from Fajr. The rows themselves are the catalogue's (seeds/catalogue.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table call_time_prefs add column relative_to text not null default 'fajr'
      constraint call_time_prefs_relative_to_check check (relative_to in ('fajr', 'sunrise'));
    comment on table call_time_prefs is 'When, relative to Fajr or to sunrise, a home user is called';
    comment on column call_time_prefs.relative_to is 'What offset_minutes counts from: fajr (the start of Fajr) or sunrise (the end of Fajr''s time; never called before Fajr starts)';
    comment on column call_time_prefs.offset_minutes is 'Minutes after relative_to at which the call is placed (0 = at Fajr; negative = before sunrise)';
    comment on column preferences.fajr_call_time_pref is 'When relative to Fajr or sunrise a home user is called (Plus)';
  `);
}

export async function down(knex: Knex): Promise<void> {
  // Users of a sunrise preference go back to the default before its rows go.
  await knex.raw(`
    update preferences set fajr_call_time_pref = 'As soon as Fajr starts'
      where fajr_call_time_pref in (select title from call_time_prefs where relative_to = 'sunrise');
    delete from call_time_prefs where relative_to = 'sunrise';
    alter table call_time_prefs drop column relative_to;
    comment on table call_time_prefs is 'When, relative to Fajr, a home user is called';
    comment on column call_time_prefs.offset_minutes is 'Minutes after the start of Fajr at which the call is placed (0 = at Fajr)';
    comment on column preferences.fajr_call_time_pref is 'When relative to Fajr a home user is called (Plus)';
  `);
}
