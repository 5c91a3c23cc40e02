import type { Knex } from 'knex';

// Issue 47 point 4: a Premium user's tahajjud call in the last third of the night before a day's Fajr.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table preferences add column tahajjud_call boolean not null default false;
    alter table preferences add column tahajjud_point text not null default 'start'
      constraint preferences_tahajjud_point_known check (tahajjud_point in ('start', 'middle', 'before_fajr'));
    alter table preferences add column tahajjud_minutes smallint not null default 60
      constraint preferences_tahajjud_minutes_range check (tahajjud_minutes between 30 and 180);
    alter table preferences add column tahajjud_nights text not null default 'every'
      constraint preferences_tahajjud_nights_known check (tahajjud_nights in ('every', 'mon_thu', 'ramadan_last10'));
    comment on column preferences.tahajjud_call is 'Premium opt-in: a call in the last third of the night (sunset at the user''s place to Fajr), never within 30 minutes of the Fajr call';
    comment on column preferences.tahajjud_point is 'Where in the last third: start (two thirds after sunset), middle, or before_fajr (tahajjud_minutes before Fajr, kept inside the third)';
    comment on column preferences.tahajjud_minutes is 'Minutes before Fajr for tahajjud_point before_fajr (30 to 180); unused otherwise';
    comment on column preferences.tahajjud_nights is 'Which nights: every, mon_thu (the nights whose Fajr is on a Monday or Thursday) or ramadan_last10 (Fajr on Ramadan 21 to 30, Umm al-Qura moved by users.hijri_offset)';
    comment on column call_attempts.kind is 'fajr (attempt 1), ring-through (3: the Do Not Disturb second call), second-number (4), repeat (2: Premium, 10 minutes later), sunrise (5: Premium, the last call before sunrise, workflow sunrise-call:<user>:<date>), tahajjud (6: Premium, the night before, workflow tahajjud-call:<user>:<date>), friend (a Fajr friend''s call; user_id is the inviter) or test';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table preferences drop column tahajjud_nights;
    alter table preferences drop column tahajjud_minutes;
    alter table preferences drop column tahajjud_point;
    alter table preferences drop column tahajjud_call;
    comment on column call_attempts.kind is 'fajr (attempt 1), ring-through (3: the Do Not Disturb second call), second-number (4), repeat (2: Premium, 10 minutes later), sunrise (5: Premium, the last call before sunrise, workflow sunrise-call:<user>:<date>), friend (a Fajr friend''s call; user_id is the inviter) or test';
  `);
}
