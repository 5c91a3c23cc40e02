import type { Knex } from 'knex';

// Issue 45: what each text and optional call cost, by country, so the per-country daily caps and each
// account's monthly budget hold on every process (docs/SECURITY.md, "Countries and costs"). Wake-up
// calls are priced from call_attempts; this ledger holds what call_attempts does not.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('phone_spend', (t) => {
    t.comment(
      'Every code, text and test call sent to a phone, with its country and priced cost, for the per-country daily caps and the monthly budget per account',
    );
    t.bigIncrements('id').primary({ constraintName: 'phone_spend_pk' }).comment('Row id');
    t.uuid('user_id')
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL')
      .withKeyName('phone_spend_user_id_fk')
      .comment('The account it was sent for (whose budget it spends); null once the account is deleted');
    t.text('country').notNullable().comment('ISO 3166 alpha-2 country of the number it went to');
    t.text('channel')
      .notNullable()
      .comment(
        "What was sent: 'sms', 'invite' (a friend invitation text), 'voice-code' (a code read out by a call) or 'test-call'",
      );
    t.text('number_key')
      .notNullable()
      .comment('HMAC-SHA256 of the E.164 number (keyed with OTP_SECRET): counts per number without keeping it');
    t.decimal('cost_usd', 10, 5)
      .notNullable()
      .comment("Its price from the cost table (US dollars) when it was sent; a test call's is its first minute");
    t.timestamp('sent_at', { useTz: true }).notNullable().comment('When it was sent');
    t.index(['user_id', 'sent_at'], 'phone_spend_user_idx');
    t.index(['country', 'channel', 'sent_at'], 'phone_spend_country_idx');
    t.index(['number_key', 'channel', 'sent_at'], 'phone_spend_number_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('phone_spend');
}
