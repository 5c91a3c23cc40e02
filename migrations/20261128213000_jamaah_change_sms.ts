import type { Knex } from 'knex';

// Issue 46 point 4: members who opt in are texted the evening before their mosque's jama'ah moves.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table preferences add column jamaah_change_sms boolean not null default false;
    comment on column preferences.jamaah_change_sms is 'Opt-in: an evening SMS (in the member''s language, to a verified number that has not said STOP) when the mosque''s jama''ah tomorrow moves 5 minutes or more';

    create table jamaah_change_sms_sent (
      user_id uuid not null references users (id) on delete cascade,
      change_date date not null,
      mosque_id uuid not null references mosques (id) on delete cascade,
      sent_at timestamptz not null default now(),
      constraint jamaah_change_sms_sent_pk primary key (user_id, change_date)
    );
    comment on table jamaah_change_sms_sent is 'Evening jama''ah-change texts already sent: one per member and changed date, whatever retries or hourly runs happen';
    comment on column jamaah_change_sms_sent.user_id is 'The member texted';
    comment on column jamaah_change_sms_sent.change_date is 'The local date (the mosque''s) from which the new jama''ah holds';
    comment on column jamaah_change_sms_sent.mosque_id is 'The mosque whose change it was';
    comment on column jamaah_change_sms_sent.sent_at is 'When the text was handed to the provider (reserved just before)';
    create index jamaah_change_sms_sent_sent_at_idx on jamaah_change_sms_sent (sent_at);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table jamaah_change_sms_sent;
    alter table preferences drop column jamaah_change_sms;
  `);
}
