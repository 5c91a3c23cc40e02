import type { Knex } from 'knex';

// Issue 46 point 5: each member says how long before the jama'ah they are called (SPEC's 30 by default).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table preferences
      add column mosque_lead_minutes integer not null default 30 check (mosque_lead_minutes between 5 and 60);
    comment on column preferences.mosque_lead_minutes is 'Minutes before the mosque''s Fajr jama''ah a mosque user is called (5 to 60)';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table preferences drop column mosque_lead_minutes');
}
