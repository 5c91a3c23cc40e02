import type { Knex } from 'knex';

// A ledger of what we sent to phones (texts and test calls), so daily caps per user and per number
// hold on every API and worker process. The number is kept only as a keyed hash: the cap must
// outlive the account (sign up, get texts, delete, repeat) without keeping a deleted person's number.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('phone_sends', (t) => {
    t.comment(
      'Every text and test call sent to a phone, for the daily caps per user and per number (docs/SECURITY.md); rows older than a day are no longer counted',
    );
    t.bigIncrements('id').primary({ constraintName: 'phone_sends_pk' }).comment('Row id');
    t.text('channel').notNullable().comment("What was sent: 'sms' (any text: codes, reminders) or 'test-call'");
    t.uuid('user_id')
      .nullable()
      .references('id')
      .inTable('users')
      .onDelete('SET NULL')
      .comment('The account it was sent for; null once the account is deleted');
    t.text('number_key')
      .notNullable()
      .comment('HMAC-SHA256 of the E.164 number (keyed with OTP_SECRET): counts per number without keeping the number');
    t.timestamp('sent_at', { useTz: true }).notNullable().comment('When it was sent (or reserved just before sending)');
    t.index(['channel', 'number_key', 'sent_at'], 'phone_sends_number_idx');
    t.index(['channel', 'user_id', 'sent_at'], 'phone_sends_user_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('phone_sends');
}
