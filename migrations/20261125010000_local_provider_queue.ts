import type { Knex } from 'knex';

// The local telephony provider queues calls above a caller account's calls per second, as Twilio
// does ("throttled and queued to never exceed the CPS"): a call is accepted when the request
// arrives (created_at) and dialled when the account's queue lets it (dialled_at), at most one per
// 1 / CPS. Before, the simulator dialled every request at once, so the provider's side of the rate
// could not be seen (issue 20, point 4(c)).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('local_phone_calls', (t) => {
    t.timestamp('dialled_at', { useTz: true })
      .nullable()
      .comment(
        "When the provider dialled the call, after its account's queue (Twilio's start of dialling); null for calls placed before the queue existed",
      );
    t.integer('queue_ms')
      .nullable()
      .comment("How long the call waited in its account's queue before it was dialled (Twilio's QueueTime), ms");
  });
  await knex.schema.createTable('local_phone_account_queues', (t) => {
    t.comment('The outbound queue of each caller account on the local provider: when it may dial its next call');
    t.text('from_number')
      .primary({ constraintName: 'local_phone_account_queues_pk' })
      .comment('The caller account (number), E.164');
    t.timestamp('next_dial_at', { useTz: true })
      .notNullable()
      .comment('The earliest instant the account may dial its next call (the last dial plus 1 / its calls per second)');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('local_phone_account_queues');
  await knex.schema.alterTable('local_phone_calls', (t) => {
    t.dropColumn('queue_ms');
    t.dropColumn('dialled_at');
  });
}
