import type { Knex } from 'knex';

// Issue 47 point 1: a Premium user's last call before sunrise, when nothing else that morning woke them.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table preferences add column sunrise_call boolean not null default false;
    alter table preferences add column sunrise_call_minutes smallint not null default 20
      constraint preferences_sunrise_call_minutes_range check (sunrise_call_minutes between 5 and 40);
    comment on column preferences.sunrise_call is 'Premium opt-in: one more call before sunrise when the morning''s calls (the repeat included) woke nobody';
    comment on column preferences.sunrise_call_minutes is 'How many minutes before sunrise that call comes (5 to 40; never later than sunrise minus 5 minutes)';
    comment on column call_attempts.kind is 'fajr (attempt 1), ring-through (3: the Do Not Disturb second call), second-number (4), repeat (2: Premium, 10 minutes later), sunrise (5: Premium, the last call before sunrise, workflow sunrise-call:<user>:<date>), friend (a Fajr friend''s call; user_id is the inviter) or test';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table preferences drop column sunrise_call_minutes;
    alter table preferences drop column sunrise_call;
    comment on column call_attempts.kind is 'fajr (attempt 1), ring-through (3: the Do Not Disturb second call), second-number (4), repeat (2: Premium, 10 minutes later), friend (a Fajr friend''s call; user_id is the inviter) or test';
  `);
}
