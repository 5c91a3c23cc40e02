import type { Knex } from 'knex';

// Issue 46: mosques kept by their own admins. Who may change a mosque (admins, proved by a claim), what they
// changed (the audit log), and how the mosque writes its Fajr jama'ah (dated rules and uploaded calendar days,
// from which mosque_fajr_times, the planner's input, is written).
const UP = `
alter table mosques
  add column contact_phone text,
  add column registered_by uuid references users (id) on delete set null,
  add column prayer_calc_method text not null default 'MuslimWorldLeague',
  add column prayer_calc_hlat text not null default 'SeventhOfTheNight',
  add column usual_gap_minutes integer not null default 20 check (usual_gap_minutes between 0 and 180);
comment on column mosques.contact_phone is 'The phone number the mosque lists (E.164): a claim can be proved by a code sent to it; never shown to members';
comment on column mosques.registered_by is 'The account that registered the mosque (null for mosques an operator added)';
comment on column mosques.prayer_calc_method is 'The method the mosque computes Fajr with, for rules relative to Fajr or sunrise';
comment on column mosques.prayer_calc_hlat is 'The high-latitude rule of that method';
comment on column mosques.usual_gap_minutes is 'Minutes between calculated Fajr and the jama''ah when the mosque''s own times run out (the stated fallback)';

create table mosque_admins (
  mosque_id uuid not null references mosques (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  added_by uuid references users (id) on delete set null,
  added_at timestamptz not null default now(),
  constraint mosque_admins_pk primary key (mosque_id, user_id)
);
comment on table mosque_admins is 'Who may change a mosque and its times; removing a row ends the access at once';
create index mosque_admins_user_idx on mosque_admins (user_id);

create table mosque_claims (
  id uuid primary key default gen_random_uuid(),
  mosque_id uuid not null references mosques (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  note text,
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by text
);
comment on table mosque_claims is 'An account asking to become admin of a listed mosque, approved by an operator (or by a code to the mosque phone)';
comment on column mosque_claims.resolved_by is 'Who decided: an operator (ops CLI) or ''code'' when the mosque phone proved it';
create unique index mosque_claims_one_pending_uq on mosque_claims (mosque_id, user_id) where status = 'pending';

create table mosque_audit_log (
  id bigserial primary key,
  mosque_id uuid not null references mosques (id) on delete cascade,
  actor_user_id uuid references users (id) on delete set null,
  actor text not null,
  action text not null,
  details jsonb not null default '{}',
  at timestamptz not null default now()
);
comment on table mosque_audit_log is 'Every change to a mosque, its admins or its times: who, what, when (admins and operators read it)';
comment on column mosque_audit_log.actor is 'How the actor is shown: ''admin'', ''operator:<name>'', ''system''';
create index mosque_audit_log_mosque_idx on mosque_audit_log (mosque_id, at desc);

create table mosque_jamaah_rules (
  id uuid primary key default gen_random_uuid(),
  mosque_id uuid not null references mosques (id) on delete cascade,
  effective_from date not null,
  ramadan boolean not null default false,
  kind text not null check (kind in ('fixed', 'after-fajr', 'before-sunrise', 'calendar')),
  fixed_time text check (fixed_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  minutes integer check (minutes between 0 and 180),
  created_at timestamptz not null default now(),
  constraint mosque_jamaah_rules_from_uq unique (mosque_id, effective_from, ramadan)
);
comment on table mosque_jamaah_rules is 'How a mosque writes its Fajr jama''ah, each rule in force from its date until the next (Ramadan rules only in Ramadan)';

create table mosque_calendar_days (
  mosque_id uuid not null references mosques (id) on delete cascade,
  local_date date not null,
  jamaah_at timestamptz not null,
  fajr_at timestamptz,
  constraint mosque_calendar_days_pk primary key (mosque_id, local_date)
);
comment on table mosque_calendar_days is 'The days of calendars a mosque uploaded (read by its calendar rules)';
comment on column mosque_admins.mosque_id is 'The mosque';
comment on column mosque_admins.user_id is 'The admin’s account';
comment on column mosque_admins.added_by is 'The admin who added this one (null: by a claim or the registration)';
comment on column mosque_admins.added_at is 'When the access began';
comment on column mosque_claims.id is 'Claim id';
comment on column mosque_claims.mosque_id is 'The mosque claimed';
comment on column mosque_claims.user_id is 'The account claiming it';
comment on column mosque_claims.status is 'pending, approved or rejected';
comment on column mosque_claims.note is 'What the claimant says about their role, or the operator’s reason';
comment on column mosque_claims.created_at is 'When the claim was made';
comment on column mosque_claims.resolved_at is 'When it was decided';
comment on column mosque_audit_log.id is 'Entry id (in order)';
comment on column mosque_audit_log.mosque_id is 'The mosque changed';
comment on column mosque_audit_log.actor_user_id is 'The admin’s account (null for an operator or the system)';
comment on column mosque_audit_log.action is 'What was done (registered, claimed, admin-added, rule-saved, calendar-uploaded, …)';
comment on column mosque_audit_log.details is 'What changed (never phone numbers of members)';
comment on column mosque_audit_log.at is 'When';
comment on column mosque_jamaah_rules.id is 'Rule id';
comment on column mosque_jamaah_rules.mosque_id is 'The mosque';
comment on column mosque_jamaah_rules.effective_from is 'The first local date the rule applies to';
comment on column mosque_jamaah_rules.ramadan is 'Applies only in Ramadan (and wins there)';
comment on column mosque_jamaah_rules.kind is 'fixed, after-fajr, before-sunrise or calendar';
comment on column mosque_jamaah_rules.fixed_time is 'HH:MM in the mosque’s zone (kind fixed)';
comment on column mosque_jamaah_rules.minutes is 'Minutes after Fajr begins or before sunrise (those kinds)';
comment on column mosque_jamaah_rules.created_at is 'When the rule was saved';
comment on column mosque_calendar_days.mosque_id is 'The mosque';
comment on column mosque_calendar_days.local_date is 'The date in the mosque’s zone';
comment on column mosque_calendar_days.jamaah_at is 'The Fajr jama’ah';
comment on column mosque_calendar_days.fajr_at is 'When Fajr begins, as the calendar prints it (null when it prints none)';
`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(UP);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table mosque_calendar_days;
    drop table mosque_jamaah_rules;
    drop table mosque_audit_log;
    drop table mosque_claims;
    drop table mosque_admins;
    alter table mosques drop column usual_gap_minutes, drop column prayer_calc_hlat, drop column prayer_calc_method,
      drop column registered_by, drop column contact_phone;
  `);
}
