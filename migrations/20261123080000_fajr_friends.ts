import type { Knex } from 'knex';

// Fajr friends (Premium, docs/CALLS.md "Fajr friends"): people a Premium user invites to get their own
// daily Fajr call. Minimal data: a first name, a number and a place, only while they want calls. The
// rows go with the inviter's account (cascade); a friend's stop erases the number, the place and their
// call log, keeping only the name and status the inviter sees.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fajr_friends', (t) => {
    t.comment('Friends a Premium user invited to their own daily Fajr call (consent by code, stop at any time)');
    t.uuid('id').primary().comment('The friend id (workflow ids friend-calls:<id>; never their number)');
    t.uuid('inviter_id')
      .notNullable()
      .references('id')
      .inTable('users')
      .onDelete('CASCADE')
      .withKeyName('fajr_friends_inviter_id_fk')
      .comment('The Premium user who invited them; the row goes with that account');
    t.text('first_name').notNullable().comment('The name the call greets them by and the inviter sees');
    t.text('inviter_name')
      .notNullable()
      .comment(
        'The inviter\'s name as the friend knows them (accounts have no name): "<inviter> asked us to wake you"',
      );
    t.text('phone_number').nullable().comment("The friend's number (E.164); erased when they stop or their calls end");
    t.text('status')
      .notNullable()
      .comment(
        "invited (code sent, no consent yet), active (consented: called daily), stopped (they said stop), ended (the inviter's Premium ended or they were removed)",
      );
    t.text('code_hash').nullable().comment('Keyed hash of the consent code sent by SMS; null once used');
    t.timestamp('code_expires_at', { useTz: true }).nullable().comment('When the consent code stops working');
    t.integer('wrong_codes')
      .notNullable()
      .defaultTo(0)
      .comment('Wrong consent codes entered for the current code (locked at 5)');
    t.timestamp('consented_at', { useTz: true })
      .nullable()
      .comment('When the friend confirmed by code that they want the calls; nobody is called without it');
    t.text('city_name').nullable().comment("The friend's own city (label only, from the city search); erased on stop");
    t.double('lat').nullable().comment("Latitude of the friend's city");
    t.double('lng').nullable().comment("Longitude of the friend's city");
    t.text('tz_name').nullable().comment("IANA zone of the friend's city");
    t.timestamp('stopped_at', { useTz: true })
      .nullable()
      .comment('When they stopped (a key during a call, or the stop link) or their calls ended');
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the inviter invited them');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now()).comment('Last change');
    t.index(['inviter_id'], 'fajr_friends_inviter_id_idx');
  });
  await knex.raw(
    "alter table fajr_friends add constraint fajr_friends_status_ck check (status in ('invited', 'active', 'stopped', 'ended'))",
  );
  await knex.raw(
    "comment on column call_attempts.kind is 'fajr (attempt 1), ring-through (3: the Do Not Disturb second call), second-number (4), repeat (2: Premium, 10 minutes later), friend (a Fajr friend''s call; user_id is the inviter) or test'",
  );
  await knex.schema.alterTable('call_attempts', (t) => {
    t.uuid('friend_id')
      .nullable()
      .references('id')
      .inTable('fajr_friends')
      .onDelete('CASCADE')
      .withKeyName('call_attempts_friend_id_fk')
      .comment("For a Fajr friend's call: the friend called (user_id is then the inviter); null otherwise");
    t.index(['friend_id', 'call_date'], 'call_attempts_friend_id_call_date_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('call_attempts', (t) => {
    t.dropIndex(['friend_id', 'call_date'], 'call_attempts_friend_id_call_date_idx');
    t.dropForeign(['friend_id'], 'call_attempts_friend_id_fk');
    t.dropColumn('friend_id');
  });
  await knex.raw(
    "comment on column call_attempts.kind is 'fajr (attempt 1), ring-through (3: the Do Not Disturb second call), second-number (4), repeat (2: Premium, 10 minutes later) or test'",
  );
  await knex.schema.dropTable('fajr_friends');
}
