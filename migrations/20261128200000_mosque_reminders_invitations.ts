import type { Knex } from 'knex';

// Issue 46 points 3 and 6: admins reminded once per run-out date, and mosques invited by a user who
// wants them listed (how often, so neither can be used to pester a number or an address).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table mosque_runout_reminders (
      mosque_id uuid not null references mosques (id) on delete cascade,
      covered_until date not null,
      sent_at timestamptz not null,
      recipients integer not null default 0,
      constraint mosque_runout_reminders_pk primary key (mosque_id, covered_until)
    );
    comment on table mosque_runout_reminders is 'Admins told that their mosque''s own times run out: once per mosque and run-out date';
    comment on column mosque_runout_reminders.mosque_id is 'The mosque whose times run out';
    comment on column mosque_runout_reminders.covered_until is 'The last date its own times reached when the reminder went (a new upload moves it, and earns a new reminder later)';
    comment on column mosque_runout_reminders.sent_at is 'When the reminder was sent';
    comment on column mosque_runout_reminders.recipients is 'How many admins it reached (SMS or e-mail)';

    create table mosque_invitations (
      id uuid primary key default gen_random_uuid(),
      user_id uuid references users (id) on delete set null,
      channel text not null check (channel in ('sms', 'email')),
      destination_key text not null,
      language text not null,
      mosque_name text not null,
      created_at timestamptz not null
    );
    comment on table mosque_invitations is 'A user''s invitation to a mosque to register on Fajr (SMS or e-mail), kept to rate-limit them';
    comment on column mosque_invitations.id is 'Invitation id';
    comment on column mosque_invitations.user_id is 'Who invited (null once their account is deleted)';
    comment on column mosque_invitations.channel is 'sms or email';
    comment on column mosque_invitations.destination_key is 'HMAC-SHA-256 of the number or address keyed with OTP_SECRET (never the contact itself)';
    comment on column mosque_invitations.language is 'The language the user chose for the invitation';
    comment on column mosque_invitations.mosque_name is 'The mosque as the user named it';
    comment on column mosque_invitations.created_at is 'When it was sent';
    create index mosque_invitations_user_idx on mosque_invitations (user_id, created_at);
    create index mosque_invitations_destination_idx on mosque_invitations (destination_key, created_at);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table mosque_invitations; drop table mosque_runout_reminders');
}
