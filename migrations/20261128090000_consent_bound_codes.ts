import type { Knex } from 'knex';

// Issue 42: a code proves only the number (or address) it was sent to; a STOP is remembered without
// keeping the number; invitations spend their own daily text budget, so others cannot spend the
// owner's; wrong reset guesses are counted per network.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('one_time_codes', (t) => {
    t.text('destination_key')
      .nullable()
      .comment(
        'HMAC-SHA-256 (keyed with OTP_SECRET) of the number or address the code was sent to: a change of number ends the live codes sent to the old one; null on codes issued before it existed',
      );
  });
  await knex.schema.alterTable('phone_sends', (t) => {
    t.text('budget')
      .notNullable()
      .defaultTo('own')
      .comment(
        "Whose daily budget the send spends: 'own' (the account's own codes and notices) or 'invite' (a Fajr friend invitation sent by someone else)",
      );
  });
  await knex.schema.alterTable('phone_sends', (t) => {
    t.dropIndex([], 'phone_sends_number_idx');
    t.dropIndex([], 'phone_sends_user_idx');
    t.index(['channel', 'budget', 'number_key', 'sent_at'], 'phone_sends_number_idx');
    t.index(['channel', 'budget', 'user_id', 'sent_at'], 'phone_sends_user_idx');
  });
  await knex.schema.createTable('invite_opt_outs', (t) => {
    t.comment(
      'Numbers that said STOP to a Fajr friend invitation or call (link, SMS, stop key): no invitation from anyone until START or a consent',
    );
    t.text('number_key')
      .primary({ constraintName: 'invite_opt_outs_pk' })
      .comment('HMAC-SHA-256 of the E.164 number keyed with OTP_SECRET (never the number)');
    t.text('source').notNullable().comment("How the stop came: 'link', 'sms' or 'key'");
    t.timestamp('created_at', { useTz: true })
      .notNullable()
      .defaultTo(knex.fn.now())
      .comment('When the number said stop');
  });
  await knex.schema.createTable('wrong_code_guesses', (t) => {
    t.comment(
      'Wrong anonymous code guesses (password reset) per network, for the per-network ceilings (docs/SECURITY.md); rows older than 30 days are no longer counted',
    );
    t.bigIncrements('id').primary({ constraintName: 'wrong_code_guesses_pk' }).comment('Row id');
    t.text('purpose').notNullable().comment('The code purpose guessed (reset-password)');
    t.text('network_key')
      .notNullable()
      .comment('HMAC-SHA-256 of the client network keyed with OTP_SECRET (never the address)');
    t.timestamp('created_at', { useTz: true }).notNullable().comment('When the wrong guess was made');
    t.index(['purpose', 'network_key', 'created_at'], 'wrong_code_guesses_network_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('wrong_code_guesses');
  await knex.schema.dropTable('invite_opt_outs');
  await knex.schema.alterTable('phone_sends', (t) => {
    t.dropIndex([], 'phone_sends_number_idx');
    t.dropIndex([], 'phone_sends_user_idx');
    t.index(['channel', 'number_key', 'sent_at'], 'phone_sends_number_idx');
    t.index(['channel', 'user_id', 'sent_at'], 'phone_sends_user_idx');
  });
  await knex.schema.alterTable('phone_sends', (t) => {
    t.dropColumn('budget');
  });
  await knex.schema.alterTable('one_time_codes', (t) => {
    t.dropColumn('destination_key');
  });
}
